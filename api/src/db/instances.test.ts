import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { closeTestDatabase, databaseFor, engines, openTestDatabase } from '../testing/harness';
import type { Db } from './database';
import { dueOnce, exclusively, holdDataDirLock } from './instances';

describe('the DATA_DIR lock of a SQLite server', () => {
  const guidance =
    'SQLite serves one instance; stop it, use another DATA_DIR, or use PostgreSQL (DATABASE_URL) to run several.';
  let dir: string;
  const children: ChildProcess[] = [];
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'api-lock-'));
  });
  afterEach(async () => {
    await Promise.all(children.splice(0).map(kill9));
    fs.rmSync(dir, { recursive: true, force: true });
  });

  /**
   * A server process (another Node, running this module through tsx) that takes DATA_DIR's lock with
   * holdDataDirLock, at `startAt` if given, and keeps it until killed: `outcome` is its first line,
   * `held` or the message it was refused with.
   */
  function startServer(startAt = 0): { child: ChildProcess; outcome: Promise<string> } {
    const script = `
      const { holdDataDirLock } = require(${JSON.stringify(path.join(__dirname, 'instances.ts'))});
      setTimeout(() => process.exit(4), 60000);
      setTimeout(() => {
        try {
          // As a server that kept no reference to the release: a collection must not drop the lock.
          holdDataDirLock(process.argv[1]);
          global.gc();
          console.log('held');
        } catch (error) {
          console.log(error.message);
          process.exit(3);
        }
      }, ${startAt} - Date.now());`;
    const child = spawn(process.execPath, ['--expose-gc', '--require', require.resolve('tsx/cjs'), '-e', script, dir]);
    children.push(child);
    const outcome = new Promise<string>((resolve, reject) => {
      let out = '';
      let err = '';
      child.stdout.on('data', (chunk: Buffer) => {
        out += chunk.toString();
        if (out.includes('\n')) resolve(out.split('\n')[0]);
      });
      child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
      child.once('error', reject);
      child.once('exit', (code, signal) => reject(new Error(`exited (${code ?? signal}) saying nothing: ${err}`)));
    });
    return { child, outcome };
  }

  async function kill9(child: ChildProcess): Promise<void> {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGKILL');
    await exited;
  }

  it('refuses a second server while the first runs, and starts one at once after the first is killed', async () => {
    const first = startServer();
    expect(await first.outcome).toBe('held');
    const refusal = `Another server (process ${first.child.pid}) is already running on ${dir}. ${guidance}`;
    expect(() => holdDataDirLock(dir)).toThrow(refusal);
    expect(await startServer().outcome).toBe(refusal);

    await kill9(first.child);
    const release = holdDataDirLock(dir);
    expect(await startServer().outcome).toBe(
      `Another server (process ${process.pid}) is already running on ${dir}. ${guidance}`,
    );
    release();
    expect(await startServer().outcome).toBe('held');
  }, 30_000);

  it('keeps the lock in one process until released', () => {
    const release = holdDataDirLock(dir);
    expect(() => holdDataDirLock(dir)).toThrow(`Another server (process ${process.pid}) is already running on ${dir}`);
    release();
    release();
    holdDataDirLock(dir)();
  });

  it("starts a server whose dead predecessor's process id now belongs to another live process", async () => {
    const first = startServer();
    expect(await first.outcome).toBe('held');
    await kill9(first.child);
    // After a reboot or in a container, the number is soon another process's (here a sleeping one).
    const other = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60000)']);
    children.push(other);
    await new Promise((resolve) => other.once('spawn', resolve));
    for (const name of fs.readdirSync(dir)) {
      const file = path.join(dir, name);
      if (fs.readFileSync(file, 'utf8') === String(first.child.pid)) fs.writeFileSync(file, String(other.pid));
    }
    // As a version before this one left it, too.
    fs.writeFileSync(path.join(dir, 'server.lock'), String(other.pid));

    const release = holdDataDirLock(dir);
    expect(fs.existsSync(path.join(dir, 'server.lock'))).toBe(false);
    release();
  }, 30_000);

  it('lets no second server in while the first runs, whatever becomes of the files beside the lock', async () => {
    const first = startServer();
    expect(await first.outcome).toBe('held');
    // What a second server starting at the same moment did with a lock file it had found stale:
    // removed it, and the file the first had just written with it.
    for (const name of ['server.lock', 'server.pid']) fs.rmSync(path.join(dir, name), { force: true });
    expect(() => holdDataDirLock(dir)).toThrow(`Another server is already running on ${dir}. ${guidance}`);
    expect(await startServer().outcome).toBe(`Another server is already running on ${dir}. ${guidance}`);
  }, 30_000);

  it('lets one of several servers starting at the same moment run', async () => {
    // A lock file left by a server that died.
    fs.writeFileSync(path.join(dir, 'server.lock'), '999999999');
    const startAt = Date.now() + 2000;
    const outcomes = await Promise.all(
      [startServer(startAt), startServer(startAt), startServer(startAt)].map((server) => server.outcome),
    );
    expect(outcomes.filter((outcome) => outcome === 'held')).toHaveLength(1);
    for (const outcome of outcomes.filter((outcome) => outcome !== 'held')) {
      expect(outcome).toMatch(/^Another server (\(process \d+\) )?is already running on /);
    }
  }, 30_000);
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
