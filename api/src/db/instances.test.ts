import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { closeTestDatabase, databaseFor, engines, openTestDatabase } from '../testing/harness';
import type { Db } from './database';
import { dueOnce, exclusively, holdDataDirLock } from './instances';

describe('the DATA_DIR lock of a SQLite server', () => {
  let dir: string;
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'api-lock-'));
  });
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('refuses a second server while the first runs, and takes over from one that died', async () => {
    const first = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 30000)']);
    await new Promise((resolve) => first.once('spawn', resolve));
    fs.writeFileSync(path.join(dir, 'server.lock'), String(first.pid));
    expect(() => holdDataDirLock(dir)).toThrow(`Another server (process ${first.pid}) is already running on ${dir}`);

    const died = new Promise((resolve) => first.once('exit', resolve));
    first.kill('SIGKILL');
    await died;
    const release = holdDataDirLock(dir);
    expect(fs.readFileSync(path.join(dir, 'server.lock'), 'utf8')).toBe(String(process.pid));
    release();
    expect(fs.existsSync(path.join(dir, 'server.lock'))).toBe(false);
  });
});

describe.each(engines())('jobs done once across instances on %s', (_name, engine) => {
  let dir: string;
  let db: Db;
  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'api-locks-'));
    db = await openTestDatabase({ dataDir: dir, ...databaseFor(engine) });
  });
  afterAll(async () => {
    await closeTestDatabase(db);
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it(
    engine.engine === 'postgres'
      ? 'skips a chore another instance is doing, and waits its turn for the start'
      : 'runs every job (one instance)',
    async () => {
      let finishFirst!: () => void;
      let firstRunning!: () => void;
      const running = new Promise<void>((resolve) => (firstRunning = resolve));
      const first = exclusively(db, 99, false, () => {
        firstRunning();
        return new Promise<string>((resolve) => (finishFirst = () => resolve('first')));
      });
      // The job runs only once its lock is taken.
      await running;
      const second = exclusively(db, 99, false, async () => 'second');
      const waited = exclusively(db, 99, true, async () => 'waited');
      if (engine.engine === 'postgres') expect(await second).toBeUndefined();
      else expect(await second).toBe('second');
      finishFirst();
      expect(await first).toBe('first');
      expect(await waited).toBe('waited');
      // Released: the next one runs.
      expect(await exclusively(db, 99, false, async () => 'again')).toBe('again');
    },
  );

  it(
    engine.engine === 'postgres'
      ? 'runs an hourly chore once an hour across instances, whichever instance asks'
      : 'runs an hourly chore whenever its one instance asks',
    async () => {
      const hour = 3_600_000;
      const at = new Date('2026-11-25T10:00:00Z');
      const later = (ms: number) => new Date(at.getTime() + ms);
      expect(await dueOnce(db, 'sweep', hour, at)).toBe(true);
      // Another instance's timer, twenty minutes later.
      expect(await dueOnce(db, 'sweep', hour, later(20 * 60_000))).toBe(engine.engine !== 'postgres');
      expect(await dueOnce(db, 'another chore', hour, later(20 * 60_000))).toBe(true);
      expect(await dueOnce(db, 'sweep', hour, later(hour))).toBe(true);
    },
  );
});
