import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadConfig, repoRoot } from '../config';
import { migrateTo, openDatabase, pendingMigrations } from '../db/database';
import { migrations } from '../db/migrations/index';
import { run } from '../account/cli';
import { freePort } from '../testing/harness';
import { readSchedule } from './schedule';
import { migrateWithBackup } from './upgrade';

// The start of the real server (server.ts, from source) on a database an older version left: what it
// says, and what it does when the backup cannot be made. On SQLite: the start's words and order are the
// same on PostgreSQL, whose backup is the drill's (backups.test.ts).

/** Starts the server once: its output until it listens (then it is stopped) or exits by itself. */
async function startOnce(env: NodeJS.ProcessEnv): Promise<{ output: string; code: number | null }> {
  const port = await freePort();
  const server = spawn(process.execPath, ['--import', 'tsx', path.join(repoRoot, 'api/src/server.ts')], {
    env: {
      ...process.env,
      ...env,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'silent',
      PASSWORD_HASH_COST: '10',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const exited = new Promise<number | null>((resolve) => server.once('exit', (code) => resolve(code)));
  const onData = (chunk: Buffer) => {
    output += chunk.toString();
    if (output.includes('Back-office running at')) server.kill('SIGTERM');
  };
  server.stdout.on('data', onData);
  server.stderr.on('data', onData);
  const code = await exited;
  return { output, code };
}

describe('a start that finds migrations to run', () => {
  const older = Object.keys(migrations).at(-2)!;
  const latest = Object.keys(migrations).at(-1)!;
  let dataDir: string;

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'backup-start-'));
    const db = openDatabase(loadConfig({ DATA_DIR: dataDir }));
    await migrateTo(db, older);
    await db.kysely
      .insertInto('prayerRequests')
      .values({ _id: 'c'.repeat(24), request: 'before the upgrade', createdAt: new Date().toISOString() })
      .execute();
    await db.close();
  });
  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  it('stops before migrating when the backup cannot be made, saying why', async () => {
    const notAFolder = path.join(dataDir, 'not-a-folder');
    fs.writeFileSync(notAFolder, '');
    const { output, code } = await startOnce({ DATA_DIR: dataDir, BACKUP_DIR: notAFolder });
    expect(code).toBe(1);
    expect(output).toContain('The server could not start: the backup before the upgrade failed (');
    expect(output).toContain('nothing was migrated. Fix the cause (BACKUP_DIR, disk space) and start again.');
    const db = openDatabase(loadConfig({ DATA_DIR: dataDir }));
    try {
      expect(await pendingMigrations(db)).toEqual([latest]);
    } finally {
      await db.close();
    }
  }, 60_000);

  it('backs the database up first and says where, then migrates and serves', async () => {
    const backups = path.join(dataDir, 'elsewhere');
    const { output } = await startOnce({ DATA_DIR: dataDir, BACKUP_DIR: backups });
    const [archive] = fs.readdirSync(backups);
    const file = path.join(backups, archive!);
    expect(output).toContain(`Before upgrading the database, a backup of it: ${file} (`);
    expect(output).toContain(`If the upgrade goes wrong: npm run restore -- --replace ${file}`);
    expect(output.indexOf('Before upgrading')).toBeLessThan(output.indexOf('Back-office running at'));
    const db = openDatabase(loadConfig({ DATA_DIR: dataDir }));
    try {
      expect(await pendingMigrations(db)).toEqual([]);
    } finally {
      await db.close();
    }
    // Started again, with nothing left to migrate: no backup.
    const again = await startOnce({ DATA_DIR: dataDir, BACKUP_DIR: backups });
    expect(again.output).toContain('Back-office running at');
    expect(again.output).not.toContain('Before upgrading');
    expect(fs.readdirSync(backups)).toEqual([archive]);
  }, 90_000);

  it('clears the failure of a daily backup once the backup before the upgrade is written', async () => {
    const older = fs.mkdtempSync(path.join(os.tmpdir(), 'backup-cleared-'));
    const config = loadConfig({ DATA_DIR: older, BACKUP_DIR: path.join(older, 'elsewhere') });
    const db = openDatabase(config);
    try {
      await migrateTo(db, Object.keys(migrations).at(-2)!);
      await db.kysely
        .updateTable('backupSchedule')
        .set({ failedAt: '2026-12-10T01:30:00.000Z', failure: 'the disk is full' })
        .where('slot', '=', 1)
        .execute();
      const said: string[] = [];
      await migrateWithBackup(config, db, (line) => said.push(line));
      expect(said).toEqual([expect.stringContaining('Before upgrading the database, a backup of it: ')]);
      expect((await readSchedule(db)).failure).toBeNull();
    } finally {
      await db.close();
      fs.rmSync(older, { recursive: true, force: true });
    }
  });

  it('is done by npm run admin too: it backs up an older database before migrating it', async () => {
    const older = fs.mkdtempSync(path.join(os.tmpdir(), 'backup-admin-'));
    try {
      const db = openDatabase(loadConfig({ DATA_DIR: older }));
      await migrateTo(db, Object.keys(migrations).at(-2)!);
      await db.close();
      const said: string[] = [];
      const backups = path.join(older, 'elsewhere');
      const lines = await run(['list'], { DATA_DIR: older, BACKUP_DIR: backups }, (line) => said.push(line));
      expect(lines).toEqual(['No account yet: the first start of the server creates the first Admin.']);
      const [archive] = fs.readdirSync(backups);
      expect(said).toEqual([
        expect.stringContaining(`Before upgrading the database, a backup of it: ${path.join(backups, archive!)} (`),
      ]);
      const again = openDatabase(loadConfig({ DATA_DIR: older }));
      try {
        expect(await pendingMigrations(again)).toEqual([]);
      } finally {
        await again.close();
      }
    } finally {
      fs.rmSync(older, { recursive: true, force: true });
    }
  });
});
