import fs from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { createAdmin } from '../auth/admins';
import { bumpChangeCounter } from '../db/changes';
import { openDatabase } from '../db/database';
import { tarGz } from '../testing/archives';
import { engines, type TestServer, startServer } from '../testing/harness';
import { codeFor, previousStepCode } from '../testing/totp';
import { UploadStore } from '../uploads/store';
import { withRestoreLock } from './database';
import { RESTORE_MESSAGES } from './routes';
import { HEALTHY, NOT_READY_RESTORING } from '../operations/health';
import { BACKUP_MESSAGES } from './service';

/** Waits until the backup the server is making is written; answers the list then. */
async function backedUp(server: TestServer, token: string) {
  for (;;) {
    const list = await server.call('GET', '/api/v1/backups', { token });
    expect(list.status).toBe(200);
    if (!list.body.data.making) return list.body.data;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

const requests = async (server: TestServer) =>
  (await server.db.kysely.selectFrom('prayerRequests').select('request').execute()).map((row) => row.request);

// Far above this suite's backups (a member per table on PostgreSQL, under a megabyte), low enough to
// test cheaply.
const LIMITS = { backupMaxFiles: 100, backupMaxBytes: 8 * 1024 * 1024, backupMaxFileBytes: 4 * 1024 * 1024 };

/** Archives no backup is: each refused in words before anything is restored. */
const HOSTILE: [string, () => Buffer, RegExp][] = [
  [
    'a name with ../',
    () => tarGz([{ path: '../escape', data: 'x' }]),
    /\.\.\/escape climbs out of the backup \(\.\.\/\)/,
  ],
  ['an absolute path', () => tarGz([{ path: '/etc/cron.d/x', data: 'x' }]), /\/etc\/cron\.d\/x is an absolute path/],
  [
    'a symbolic link',
    () => tarGz([{ path: 'two-factor.key', type: 'SymbolicLink', linkpath: '/etc/passwd' }]),
    /two-factor\.key is a link: a backup holds plain files and folders only/,
  ],
  [
    'a hard link',
    () => tarGz([{ path: 'database/app.db', type: 'Link', linkpath: '../../app.db' }]),
    /database\/app\.db is a hard link/,
  ],
  ['a device', () => tarGz([{ path: 'uploads/null', type: 'CharacterDevice' }]), /uploads\/null is a device/],
  [
    'a name twice',
    () =>
      tarGz([
        { path: 'manifest.json', data: '{}' },
        { path: 'manifest.json', data: '{"product":"x"}' },
      ]),
    /manifest\.json is in the archive twice/,
  ],
  [
    'more members than BACKUP_MAX_FILES',
    () => tarGz(Array.from({ length: 101 }, (_, i) => ({ path: `uploads/${i}`, data: 'x' }))),
    /a backup holds at most 100 files \(BACKUP_MAX_FILES\)/,
  ],
  [
    'a member unpacking beyond BACKUP_MAX_FILE_BYTES',
    () => tarGz([{ path: 'database/app.db', data: Buffer.alloc(5 * 1024 * 1024) }]),
    /too large to restore: database\/app\.db is larger than 4 MB: a backup's files are at most that \(BACKUP_MAX_FILE_BYTES\)/,
  ],
  [
    'members unpacking beyond BACKUP_MAX_BYTES together',
    () => tarGz(['a', 'b', 'c'].map((name) => ({ path: `uploads/${name}`, data: Buffer.alloc(3 * 1024 * 1024) }))),
    /too large to restore: a backup holds at most 8 MB \(BACKUP_MAX_BYTES\)/,
  ],
  [
    'an archive larger than BACKUP_MAX_BYTES as it arrives',
    () => randomBytes(9 * 1024 * 1024),
    /too large to restore: a backup holds at most 8 MB \(BACKUP_MAX_BYTES\)/,
  ],
];

describe.each(engines())('Settings → Backups over HTTP on %s', (engineName, engine) => {
  let server: TestServer;
  let token: string;

  beforeAll(async () => {
    server = await startServer(engine, LIMITS);
    token = await server.login();
  });
  afterAll(async () => {
    await server?.close();
  });

  it('is for Admins only', async () => {
    await createAdmin(server.db, 'manager@example.com', 'manager password 123', 12, { role: 'Manager' });
    const login = await server.call('POST', '/api/v1/admin/login', {
      json: { email: 'manager@example.com', password: 'manager password 123' },
    });
    const manager = login.body.token as string;
    expect((await server.call('GET', '/api/v1/backups', { token: manager })).status).toBe(403);
    expect((await server.call('POST', '/api/v1/backups', { token: manager })).status).toBe(403);
    expect((await server.call('GET', '/api/v1/backups')).status).toBe(401);
  });

  it('makes a backup with its progress, lists, downloads and deletes it, each in the activity record', async () => {
    const started = await server.call('POST', '/api/v1/backups', { token });
    expect(started.status).toBe(202);
    expect(started.body.data).toMatchObject({ madeBy: server.admin.email, percent: expect.any(Number) });
    const { backups } = await backedUp(server, token);
    expect(backups).toHaveLength(1);
    const [backup] = backups;
    expect(backup).toMatchObject({ madeBy: server.admin.email, productVersion: expect.stringMatching(/^\d+\.\d+/) });
    expect(backup.bytes).toBe(fs.statSync(path.join(server.config.backupDir, backup.name)).size);
    const figures = await server.app.metrics.registry.metrics();
    expect(figures).toContain(`backoffice_backup_last_size_bytes ${backup.bytes}`);
    expect(figures).toContain(`backoffice_backup_last_timestamp_seconds ${Date.parse(backup.createdAt) / 1000}`);

    const download = await fetch(`${server.url}/api/v1/backups/${backup.name}/download`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(download.status).toBe(200);
    expect(download.headers.get('content-disposition')).toBe(`attachment; filename="${backup.name}"`);
    const bytes = Buffer.from(await download.arrayBuffer());
    expect(bytes.equals(fs.readFileSync(path.join(server.config.backupDir, backup.name)))).toBe(true);

    const deleted = await server.call('DELETE', `/api/v1/backups/${backup.name}`, { token });
    expect(deleted.status).toBe(200);
    expect((await server.call('GET', '/api/v1/backups', { token })).body.data.backups).toEqual([]);
    const activity = await server.db.kysely
      .selectFrom('activity')
      .select(['kind', 'summary', 'member'])
      .where('kind', '=', 'backup')
      .orderBy('at')
      .execute();
    expect(activity.map((entry) => entry.summary)).toEqual(['Started a backup', `Deleted backup “${backup.name}”`]);
  });

  it('refuses a second backup while one is made', async () => {
    const first = await server.call('POST', '/api/v1/backups', { token });
    const second = await server.call('POST', '/api/v1/backups', { token });
    expect(first.status).toBe(202);
    expect(second.status).toBe(409);
    expect(second.body.message).toBe(BACKUP_MESSAGES.busy);
    await backedUp(server, token);
  });

  it('takes no path for a name: a traversal or an unknown name is a 404, and nothing goes', async () => {
    const outside = path.join(server.config.dataDir, 'app.db');
    for (const name of ['..%2Fapp.db', '..%2F..%2Fetc%2Fpasswd', 'backup-2026-01-01T000000Z-v1.0.0.tar.gz', 'app.db']) {
      expect((await server.call('GET', `/api/v1/backups/${name}/download`, { token })).status).toBe(404);
      expect((await server.call('DELETE', `/api/v1/backups/${name}`, { token })).status).toBe(404);
    }
    if (engine.engine === 'sqlite') expect(fs.existsSync(outside)).toBe(true);
  });

  if (engineName === 'postgres') {
    it('answers 503 while another instance of the database restores, and serves again once it is done', async () => {
      const elsewhere = openDatabase(server.config);
      try {
        await withRestoreLock(elsewhere, true, async () => {
          // What a restore on another instance does first: its lock held, the others told.
          await bumpChangeCounter(elsewhere.kysely, 'backup-restore');
          while (!server.app.backups.restoringElsewhere) await new Promise((resolve) => setTimeout(resolve, 10));
          const during = await server.call('GET', '/api/v1/backups', { token });
          expect([during.status, during.body.message]).toEqual([503, BACKUP_MESSAGES.restoring]);
          expect((await server.call('GET', '/healthz')).status).toBe(200);
          const ready = await server.call('GET', '/readyz');
          expect([ready.status, ready.body.message]).toEqual([503, NOT_READY_RESTORING]);
        });
        while (server.app.backups.restoringElsewhere) await new Promise((resolve) => setTimeout(resolve, 20));
        expect((await server.call('GET', '/api/v1/backups', { token })).status).toBe(200);
      } finally {
        await elsewhere.close();
      }
    });
  }

  describe('a restore from the list', () => {
    let name: string;
    const fileBefore = UploadStore.newName('txt');
    const fileAfter = UploadStore.newName('txt');
    beforeAll(async () => {
      await server.call('POST', '/api/v1/prayer/request', { json: { request: 'before the backup' } });
      await server.storeUpload(fileBefore, 'a file before the backup');
      for (const { name: old } of (await server.call('GET', '/api/v1/backups', { token })).body.data.backups) {
        await server.call('DELETE', `/api/v1/backups/${old}`, { token });
      }
      expect((await server.call('POST', '/api/v1/backups', { token })).status).toBe(202);
      name = (await backedUp(server, token)).backups[0].name;
      await server.call('POST', '/api/v1/prayer/request', { json: { request: 'after the backup' } });
      await server.storeUpload(fileAfter, 'a file after the backup');
    });

    it('asks for the password again, and restores nothing on a wrong one', async () => {
      const res = await server.call('POST', `/api/v1/backups/${name}/restore`, {
        token,
        json: { password: 'not the password' },
      });
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(RESTORE_MESSAGES.wrongPassword);
      expect(await requests(server)).toContain('after the backup');
    });

    it('answers every other call 503 while it restores, then has the backup’s records, and signs everyone out', async () => {
      // A session made after the backup, and one in the backup: neither is valid afterwards.
      const other = await server.login();
      // What a restore killed midway left (PostgreSQL): the next restore drops it.
      const leftover = `${server.db.schema}_restore_0badf00d`;
      if (engineName === 'postgres') {
        await sql`create schema ${sql.id(leftover)}`.execute(server.db.kysely);
        await sql`create table ${sql.id(leftover, 'prayer_requests')} (request text)`.execute(server.db.kysely);
      }
      const gate = server.app.backups;
      // The public list is built, so it would be answered from memory (http/ready-answers.ts): not now.
      await server.call('GET', '/api/v1/all/books/');
      await server.call('GET', '/api/v1/all/books/');
      const restore = server.call('POST', `/api/v1/backups/${name}/restore`, {
        token,
        json: { password: server.admin.password },
      });
      while (!gate.isRestoring) await new Promise((resolve) => setImmediate(resolve));
      const during = server.call('GET', '/api/v1/backups', { token: other });
      const listed = server.call('GET', '/api/v1/all/books/');
      const res = await restore;
      expect(res.status).toBe(200);
      expect(res.body.message).toMatch(/^Restored the backup of .* Everyone is signed out/);
      for (const refused of [await during, await listed]) {
        expect(refused.status).toBe(503);
        expect(refused.body.message).toBe(BACKUP_MESSAGES.restoring);
      }

      expect(await requests(server)).toEqual(['before the backup']);
      const files = await server.storedUploads();
      expect(files).toContain(fileBefore);
      expect(files).not.toContain(fileAfter);
      for (const session of [token, other]) {
        expect((await server.call('GET', '/api/v1/backups', { token: session })).status).toBe(401);
      }
      const tokens = await server.db.kysely.selectFrom('tokens').select('tokenHash').execute();
      expect(tokens).toEqual([]);
      token = await server.login();
      const entry = await server.db.kysely
        .selectFrom('activity')
        .select('summary')
        .where('kind', '=', 'backup')
        .orderBy('at', 'desc')
        .executeTakeFirst();
      expect(entry?.summary).toBe(`Restored the backup “${name}”; everyone was signed out`);
      if (engineName === 'postgres') {
        const { rows } = await sql<{ name: string }>`
          select schema_name as name from information_schema.schemata
          where schema_name like ${`${server.db.schema}\\_restore\\_%`}`.execute(server.db.kysely);
        expect(rows).toEqual([]);
      }
    });

    it('answers the probes while it restores: /healthz 200, /readyz 503 saying why, /metrics as usual', async () => {
      const gate = server.app.backups as unknown as { settled(): Promise<void> };
      const settle = gate.settled.bind(gate);
      let release!: () => void;
      const held = new Promise<void>((resolve) => (release = resolve));
      // Held mid-way: its lock taken, waiting for the calls under way.
      const settled = jest.spyOn(gate, 'settled').mockImplementationOnce(async () => {
        await held;
        await settle();
      });
      try {
        const restore = server.call('POST', `/api/v1/backups/${name}/restore`, {
          token,
          json: { password: server.admin.password },
        });
        while (settled.mock.calls.length === 0) await new Promise((resolve) => setImmediate(resolve));
        const health = await server.call('GET', '/healthz');
        const ready = await server.call('GET', '/readyz');
        const metrics = await server.call('GET', '/metrics');
        const other = await server.call('GET', '/api/v1/backups', { token });
        expect(server.app.backups.isRestoring).toBe(true);
        release();
        expect((await restore).status).toBe(200);

        expect([health.status, health.body.message]).toEqual([200, HEALTHY]);
        expect([ready.status, ready.body.message]).toEqual([503, NOT_READY_RESTORING]);
        expect(metrics.status).toBe(200);
        expect(metrics.text).toContain('backoffice_backup_last_size_bytes');
        expect([other.status, other.body.message]).toEqual([503, BACKUP_MESSAGES.restoring]);
        expect((await server.call('GET', '/readyz')).status).toBe(200);
      } finally {
        release();
        settled.mockRestore();
      }
      token = await server.login();
    });

    it('asks for a code where two-factor sign-in is on', async () => {
      const setup = await server.call('POST', '/api/v1/account/two-factor/setup', { token });
      const uri = setup.body.data.uri as string;
      const on = await server.call('POST', '/api/v1/account/two-factor/enable', {
        token,
        json: { code: await previousStepCode(uri) },
      });
      expect(on.status).toBe(200);
      const noCode = await server.call('POST', `/api/v1/backups/${name}/restore`, {
        token,
        json: { password: server.admin.password },
      });
      expect(noCode.status).toBe(400);
      expect(noCode.body.message).toBe(RESTORE_MESSAGES.codeNeeded);
      const wrong = await server.call('POST', `/api/v1/backups/${name}/restore`, {
        token,
        json: { password: server.admin.password, code: '000000' === codeFor(uri) ? '111111' : '000000' },
      });
      expect(wrong.status).toBe(400);
      expect(wrong.body.message).toBe(RESTORE_MESSAGES.wrongCode);
      const right = await server.call('POST', `/api/v1/backups/${name}/restore`, {
        token,
        json: { password: server.admin.password, code: codeFor(uri) },
      });
      expect(right.status).toBe(200);
      token = await server.login();
    });

    it('restores an uploaded archive, and refuses a damaged one with nothing changed', async () => {
      const archive = fs.readFileSync(path.join(server.config.backupDir, name));
      await server.call('POST', '/api/v1/prayer/request', { json: { request: 'after the backup, again' } });

      const damaged = Buffer.from(archive);
      damaged[Math.floor(damaged.length / 2)]! ^= 0xff;
      const bad = new FormData();
      bad.set('password', server.admin.password);
      bad.set('archive', new Blob([damaged]), 'backup.tar.gz');
      const refused = await server.call('POST', '/api/v1/backups/restore', { token, form: bad });
      expect(refused.status).toBe(400);
      expect(refused.body.message).toMatch(/^The archive is damaged or not a backup: .*Nothing was changed\.$/);
      expect(await requests(server)).toContain('after the backup, again');
      expect((await server.call('GET', '/api/v1/backups', { token })).status).toBe(200);

      // A form cut off before its end (a dropped upload, a hostile client) is refused in words too.
      for (const body of [
        '--x\r\nContent-Disposition: form-data; name="password"\r\n\r\nsecret',
        `--x\r\nContent-Disposition: form-data; name="password"\r\n\r\n${server.admin.password}\r\n--x\r\nContent-Disposition: form-data; name="archive"; filename="b.tar.gz"\r\n\r\nhalf an archive`,
      ]) {
        const cut = await server.call('POST', '/api/v1/backups/restore', {
          token,
          body,
          headers: { 'content-type': 'multipart/form-data; boundary=x' },
        });
        expect([cut.status, cut.body.message]).toEqual([400, 'The request body is not valid multipart/form-data']);
      }
      expect(await requests(server)).toContain('after the backup, again');

      const form = new FormData();
      form.set('password', server.admin.password);
      form.set('archive', new Blob([archive]), name);
      const res = await server.call('POST', '/api/v1/backups/restore', { token, form });
      expect(res.status).toBe(200);
      expect(await requests(server)).toEqual(['before the backup']);
      expect((await server.call('GET', '/api/v1/backups', { token })).status).toBe(401);
      token = await server.login();
      // Nothing of the upload is left behind.
      expect(fs.readdirSync(server.config.dataDir).filter((entry) => entry.startsWith('.restore'))).toEqual([]);
    });

    it.each(HOSTILE)(
      'refuses %s in words, with nothing changed and nothing left on disk',
      async (_what, archive, words) => {
        const before = await requests(server);
        const form = new FormData();
        form.set('password', server.admin.password);
        form.set('archive', new Blob([archive()]), 'hostile.tar.gz');
        const res = await server.call('POST', '/api/v1/backups/restore', { token, form });
        expect(res.status).toBe(400);
        expect(res.body.message).toMatch(words);
        expect(res.body.message).toMatch(/Nothing was changed\.$/);
        expect(await requests(server)).toEqual(before);
        expect((await server.call('GET', '/api/v1/backups', { token })).status).toBe(200);
        expect(fs.readdirSync(server.config.dataDir).filter((entry) => entry.startsWith('.restore'))).toEqual([]);
      },
    );

    it('restores an archive of another machine, whose two-factor key comes with it', async () => {
      const other = await startServer(engine);
      let archive: Buffer;
      let uri: string;
      try {
        const theirs = await other.login();
        uri = (await other.call('POST', '/api/v1/account/two-factor/setup', { token: theirs })).body.data.uri;
        const on = await other.call('POST', '/api/v1/account/two-factor/enable', {
          token: theirs,
          json: { code: await previousStepCode(uri) },
        });
        expect(on.status).toBe(200);
        expect((await other.call('POST', '/api/v1/backups', { token: theirs })).status).toBe(202);
        const [made] = (await backedUp(other, theirs)).backups;
        archive = fs.readFileSync(path.join(other.config.backupDir, made.name));
      } finally {
        await other.close();
      }
      // This server reads its own key (a setup seals a secret with it) before the restore.
      expect((await server.call('POST', '/api/v1/account/two-factor/setup', { token })).status).toBe(200);
      const form = new FormData();
      form.set('password', server.admin.password);
      form.set('archive', new Blob([archive]), 'moved.tar.gz');
      expect((await server.call('POST', '/api/v1/backups/restore', { token, form })).status).toBe(200);

      const first = await server.call('POST', '/api/v1/admin/login', {
        json: { email: server.admin.email, password: server.admin.password },
      });
      const second = await server.call('POST', '/api/v1/admin/login/two-factor', {
        json: { challenge: first.body.challenge, code: codeFor(uri) },
      });
      expect(second.status).toBe(200);
    });
  });
});
