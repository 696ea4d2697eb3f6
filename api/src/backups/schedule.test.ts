import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app';
import { openDatabase, type Db } from '../db/database';
import { engines, type TestServer, startServer } from '../testing/harness';
import { run } from './cli';
import { DAILY_MADE_BY, runScheduledBackup, toPrune } from './schedule';
import type { Backup } from './schemas';

// The daily backup, on a clock the tests set: its time in the parish's zone, off, kept and pruned,
// made by one instance, and a failure shown until a backup succeeds.

const daily = (createdAt: string, madeBy = DAILY_MADE_BY): Backup => ({
  name: `backup-${createdAt}.tar.gz`,
  createdAt,
  bytes: 1,
  productVersion: '1.0.0',
  madeBy,
});

describe('which daily backups are kept', () => {
  it('keeps the latest N and the first of each of the last three months, in the parish’s zone', () => {
    const days: Backup[] = [];
    // Every day from 25 August to 7 December, at 02:30 in Lagos (01:30 UTC).
    for (
      let at = Date.parse('2026-08-25T01:30:00.000Z');
      at <= Date.parse('2026-12-07T01:30:00.000Z');
      at += 86_400_000
    ) {
      days.push(daily(new Date(at).toISOString()));
    }
    const mine = daily('2026-09-10T10:00:00.000Z', 'Fr. Anthony Okafor');
    const pruned = toPrune([...days, mine], 7, 'Africa/Lagos', new Date('2026-12-07T09:00:00.000Z'));
    const kept = [...days, mine].filter((entry) => !pruned.includes(entry)).map((entry) => entry.createdAt);
    expect(kept.sort()).toEqual([
      mine.createdAt,
      '2026-10-01T01:30:00.000Z',
      '2026-11-01T01:30:00.000Z',
      '2026-12-01T01:30:00.000Z',
      '2026-12-02T01:30:00.000Z',
      '2026-12-03T01:30:00.000Z',
      '2026-12-04T01:30:00.000Z',
      '2026-12-05T01:30:00.000Z',
      '2026-12-06T01:30:00.000Z',
      '2026-12-07T01:30:00.000Z',
    ]);
  });

  it('counts a month by the parish’s calendar: 23:30 UTC on 30 November is 1 December in Lagos', () => {
    const first = daily('2026-11-30T23:30:00.000Z');
    const later = daily('2026-12-03T01:30:00.000Z');
    const latest = daily('2026-12-04T01:30:00.000Z');
    const now = new Date('2026-12-04T09:00:00.000Z');
    expect(toPrune([first, later, latest], 1, 'Africa/Lagos', now)).toEqual([later]);
    expect(toPrune([first, later, latest], 1, 'UTC', now)).toEqual([]);
  });
});

describe.each(engines())('the daily backup on %s', (_name, engine) => {
  let server: TestServer;
  let token: string;

  beforeAll(async () => {
    server = await startServer(engine);
    token = await server.login();
    const parish = await server.call('PUT', '/api/v1/parish', {
      token,
      json: { name: 'St Mary', currency: 'NGN', timeZone: 'Africa/Lagos', weekStart: 1 },
    });
    expect(parish.status).toBe(200);
  });
  afterAll(async () => {
    await server?.close();
  });

  const archives = () =>
    fs.existsSync(server.config.backupDir)
      ? fs.readdirSync(server.config.backupDir).filter((name) => name.endsWith('.tar.gz'))
      : [];

  it('starts at 02:30 in the parish’s zone, keeping 7; an Admin sets it or turns it off', async () => {
    const schedule = await server.call('GET', '/api/v1/backups/schedule', { token });
    expect(schedule.body.data).toEqual({ at: '02:30', keep: 7, timeZone: 'Africa/Lagos', failure: null });

    const off = await server.call('PUT', '/api/v1/backups/schedule', { token, json: { at: null, keep: 7 } });
    expect(off.status).toBe(200);
    expect(await runScheduledBackup(server.app, new Date('2026-12-05T12:00:00.000Z'))).toBe('off');
    expect(archives()).toEqual([]);

    for (const at of ['2:30', '24:00', '02:30:00', 'noon']) {
      const refused = await server.call('PUT', '/api/v1/backups/schedule', { token, json: { at, keep: 7 } });
      expect(refused.status).toBe(400);
    }
    expect(
      (await server.call('PUT', '/api/v1/backups/schedule', { token, json: { at: '02:30', keep: 0 } })).status,
    ).toBe(400);
    const set = await server.call('PUT', '/api/v1/backups/schedule', { token, json: { at: '02:30', keep: 1 } });
    expect(set.body.data).toMatchObject({ at: '02:30', keep: 1 });
    const lines = await server.db.kysely
      .selectFrom('activity')
      .select('summary')
      .where('kind', '=', 'backup')
      .orderBy('at')
      .execute();
    expect(lines.map((line) => line.summary)).toEqual([
      'Turned the daily backup off',
      'Set the daily backup to 02:30, keeping the latest 1',
    ]);
  });

  it('is made once a day, at its time in the parish’s zone, and prunes what it no longer keeps', async () => {
    // 02:29 in Lagos is 01:29 UTC.
    expect(await runScheduledBackup(server.app, new Date('2026-12-05T01:29:00.000Z'))).toBe('not yet');
    expect(await runScheduledBackup(server.app, new Date('2026-12-05T01:30:00.000Z'))).toBe('made');
    expect(await runScheduledBackup(server.app, new Date('2026-12-05T01:31:00.000Z'))).toBe('elsewhere');
    expect(await runScheduledBackup(server.app, new Date('2026-12-05T22:00:00.000Z'))).toBe('elsewhere');
    expect(archives()).toHaveLength(1);
    const list = (await server.call('GET', '/api/v1/backups', { token })).body.data.backups;
    expect(list[0]).toMatchObject({ madeBy: 'the daily backup', createdAt: '2026-12-05T01:30:00.000Z' });

    // An Admin's own backup is never pruned.
    expect((await server.call('POST', '/api/v1/backups', { token })).status).toBe(202);
    await server.app.backups.idle();

    expect(await runScheduledBackup(server.app, new Date('2026-12-06T01:45:00.000Z'))).toBe('made');
    expect(await runScheduledBackup(server.app, new Date('2026-12-07T01:45:00.000Z'))).toBe('made');
    const after = (await server.call('GET', '/api/v1/backups', { token })).body.data.backups as Backup[];
    // Keeping 1: the latest, the first of December, and the Admin's.
    expect(after.filter((backup) => backup.madeBy === DAILY_MADE_BY).map((backup) => backup.createdAt)).toEqual([
      '2026-12-07T01:45:00.000Z',
      '2026-12-05T01:30:00.000Z',
    ]);
    expect(after.filter((backup) => backup.madeBy === server.admin.email)).toHaveLength(1);
    const made = await server.db.kysely
      .selectFrom('activity')
      .select(['summary', 'member'])
      .where('summary', 'like', 'Made the daily backup%')
      .execute();
    expect(made).toHaveLength(3);
    expect(made[0]!.member).toBe('The server (daily backup)');
  });

  it('shows a failure until a backup succeeds, and records it', async () => {
    // A file where the backups' folder should be: the backup cannot be written.
    fs.rmSync(server.config.backupDir, { recursive: true, force: true });
    fs.writeFileSync(server.config.backupDir, 'not a folder');
    try {
      expect(await runScheduledBackup(server.app, new Date('2026-12-08T01:30:00.000Z'))).toBe('failed');
    } finally {
      fs.rmSync(server.config.backupDir);
    }
    const failed = (await server.call('GET', '/api/v1/backups/schedule', { token })).body.data;
    expect(failed.failure).toMatchObject({ at: '2026-12-08T01:30:00.000Z', message: expect.stringMatching(/\S/) });
    const line = await server.db.kysely
      .selectFrom('activity')
      .select(['summary', 'member'])
      .where('summary', 'like', 'The daily backup failed%')
      .executeTakeFirst();
    expect(line?.member).toBe('The server (daily backup)');
    // Still shown the next minutes of that day: it was that day's.
    expect(await runScheduledBackup(server.app, new Date('2026-12-08T01:31:00.000Z'))).toBe('elsewhere');
    expect((await server.call('GET', '/api/v1/backups/schedule', { token })).body.data.failure).not.toBeNull();

    expect(await runScheduledBackup(server.app, new Date('2026-12-09T01:30:00.000Z'))).toBe('made');
    expect((await server.call('GET', '/api/v1/backups/schedule', { token })).body.data.failure).toBeNull();
  });

  it('clears the failure once a backup made by npm run backup succeeds', async () => {
    await server.db.kysely
      .updateTable('backupSchedule')
      .set({ failedAt: '2026-12-10T01:30:00.000Z', failure: 'the disk is full' })
      .where('slot', '=', 1)
      .execute();
    expect((await server.call('GET', '/api/v1/backups/schedule', { token })).body.data.failure).not.toBeNull();
    const { dataDir, databaseUrl, databaseSchema } = server.config;
    const to = fs.mkdtempSync(path.join(path.dirname(dataDir), 'api-cli-to-'));
    try {
      const env = {
        DATA_DIR: dataDir,
        ...(databaseUrl ? { DATABASE_URL: databaseUrl, DATABASE_SCHEMA: databaseSchema } : {}),
      };
      expect((await run(['backup', '--to', to], env, () => undefined))[0]).toMatch(/^Backup written: /);
    } finally {
      fs.rmSync(to, { recursive: true, force: true });
    }
    expect((await server.call('GET', '/api/v1/backups/schedule', { token })).body.data.failure).toBeNull();
  });

  if (engine.engine === 'postgres') {
    it('is made by one instance of several', async () => {
      const otherDir = fs.mkdtempSync(path.join(path.dirname(server.config.dataDir), 'api-other-'));
      let db: Db | undefined;
      let other: FastifyInstance | undefined;
      try {
        db = openDatabase(server.config);
        other = await buildApp(
          { ...server.config, dataDir: otherDir, uploadsDir: path.join(otherDir, 'uploads') },
          { db },
        );
        const at = new Date('2026-12-10T01:30:00.000Z');
        const outcomes = await Promise.all([runScheduledBackup(server.app, at), runScheduledBackup(other, at)]);
        expect(outcomes.sort()).toEqual(['elsewhere', 'made']);
        expect(archives().filter((name) => name.startsWith('backup-2026-12-10'))).toHaveLength(1);
      } finally {
        await other?.close();
        await db?.close();
        fs.rmSync(otherDir, { recursive: true, force: true });
      }
    });
  }
});
