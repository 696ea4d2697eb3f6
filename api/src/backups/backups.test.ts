import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createHash, randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { create as pack, extract } from 'tar';
import { buildApp } from '../app';
import type { AppConfig } from '../config';
import { migrateTo, migrateToLatest, openDatabase, pendingMigrations, type Db } from '../db/database';
import { holdDataDirLock } from '../db/instances';
import { migrations } from '../db/migrations/index';
import { adoptBuilds } from '../testing/archives';
import {
  closeTestDatabase,
  databaseFor,
  engines,
  makeFrontEndFixture,
  startServer,
  type EngineUnderTest,
  type TestServer,
} from '../testing/harness';
import { codeFor, previousStepCode } from '../testing/totp';
import { UploadStore } from '../uploads/store';
import { MANIFEST, type BackupManifest } from './archive';
import { createBackup, type BackupResult } from './create';
import { describeSqliteFile } from './database';
import { restoreBackup } from './restore';
import { backupBeforeUpgrade } from './upgrade';

const sha256 = (content: Buffer | string) => createHash('sha256').update(content).digest('hex');
const LATEST = Object.keys(migrations).at(-1)!;

/** A request's text names its number in full, at both ends: a torn or mixed-up row shows. */
const requestText = (n: number) => `Request ${n}: ${'pray for us '.repeat(20)}— end of request ${n}`;

/** Every file below `root` with its checksum: what "nothing changed" compares. */
function treeOf(root: string): Record<string, string> {
  const tree: Record<string, string> = {};
  const walk = (dir: string) => {
    if (!fs.existsSync(dir)) return;
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const at = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(at);
      else tree[path.relative(root, at)] = sha256(fs.readFileSync(at));
    }
  };
  walk(root);
  return tree;
}

/** A server on an existing folder and database, as `npm start` would run on them after a restore. */
async function serveOn(config: AppConfig) {
  const db = openDatabase(config);
  await migrateToLatest(db);
  const app = await buildApp(config, { db });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const url = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  return {
    db,
    url,
    get: (urlPath: string) => fetch(url + urlPath),
    post: (urlPath: string, json: unknown) =>
      fetch(url + urlPath, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(json),
      }),
    /** Stops it; `drop`: removes its database too (the PostgreSQL schema). */
    async close(drop = true) {
      await app.close();
      await (drop ? closeTestDatabase(db) : db.close());
    },
  };
}

/** Where the tests' own archives go (tampered, flipped): removed after the suite. */
const made = fs.mkdtempSync(path.join(os.tmpdir(), 'backup-made-'));
afterAll(() => fs.rmSync(made, { recursive: true, force: true }));

/** The archive rewritten by `change` (run on its unpacked members), as a new archive. */
async function tampered(archive: string, change: (dir: string) => void): Promise<string> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'backup-tamper-'));
  await extract({ file: archive, cwd: dir });
  change(dir);
  const out = path.join(made, `tampered-${randomBytes(4).toString('hex')}.tar.gz`);
  await pack({ file: out, cwd: dir, gzip: true, portable: true }, fs.readdirSync(dir));
  fs.rmSync(dir, { recursive: true, force: true });
  return out;
}

const readManifest = (dir: string) => JSON.parse(fs.readFileSync(path.join(dir, MANIFEST), 'utf8')) as BackupManifest;
const writeManifest = (dir: string, manifest: BackupManifest) =>
  fs.writeFileSync(path.join(dir, MANIFEST), JSON.stringify(manifest));

describe.each(engines())('backups on %s', (_name, engine: EngineUnderTest) => {
  let server: TestServer;
  let fixture: ReturnType<typeof makeFrontEndFixture>;
  let target: AppConfig;
  const folders: string[] = [];

  /** A fresh place to restore into: an empty folder, and an empty schema on PostgreSQL. */
  function freshPlace(): AppConfig {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'backup-restored-'));
    folders.push(dataDir);
    return {
      ...server.config,
      ...databaseFor(engine),
      dataDir,
      uploadsDir: path.join(dataDir, 'uploads'),
      releasesDir: path.join(dataDir, 'releases'),
      remotesMapFile: path.join(dataDir, 'remotes.json'),
      backupDir: path.join(dataDir, 'backups'),
    };
  }

  beforeAll(async () => {
    fixture = makeFrontEndFixture();
    server = await startServer(engine, { staticRoots: fixture.staticRoots });
    await adoptBuilds(server);
  });
  afterAll(async () => {
    await server.close();
    for (const folder of [...folders, fixture.root]) fs.rmSync(folder, { recursive: true, force: true });
  });

  describe('the drill: writes running, a backup, a restore into a fresh place', () => {
    let backup: BackupResult;
    let ackedBefore: Map<string, string>;
    let filesBefore: Map<string, string>;
    let uri: string;

    beforeAll(async () => {
      const token = await server.login();
      // Two-factor sign-in on: after the restore it must still sign in (the key file came along).
      const setup = await server.call('POST', '/api/v1/account/two-factor/setup', { token });
      uri = setup.body.data.uri;
      const on = await server.call('POST', '/api/v1/account/two-factor/enable', {
        token,
        json: { code: await previousStepCode(uri) },
      });
      expect(on.status).toBe(200);

      filesBefore = new Map();
      for (let n = 0; n < 5; n++) {
        const name = UploadStore.newName('bin');
        const content = randomBytes(50_000 + n);
        await server.storeUpload(name, content);
        filesBefore.set(name, sha256(content));
      }

      // Writers submit requests one after the other, four at once, all through the backup.
      const acked = new Map<string, string>();
      let stop = false;
      let next = 0;
      const writer = async () => {
        while (!stop && next < 400) {
          const n = next++;
          const res = await server.call('POST', '/api/v1/prayer/request', { json: { request: requestText(n) } });
          expect(res.status).toBe(201);
          acked.set(res.body.data._id, requestText(n));
        }
      };
      const writers = [writer(), writer(), writer(), writer()];
      while (acked.size < 40) await new Promise((resolve) => setTimeout(resolve, 5));
      ackedBefore = new Map(acked);
      // A file stored while the backup runs may or may not be in it; one stored before must be.
      const during = server.storeUpload(UploadStore.newName('bin'), randomBytes(10_000));
      backup = await createBackup({ config: server.config, db: server.db, madeBy: 'the drill' });
      stop = true;
      await Promise.all([...writers, during]);
      expect(acked.size).toBeGreaterThan(ackedBefore.size);
    });

    it('writes one archive named with its time and version, and nothing half-written', () => {
      expect(path.dirname(backup.file)).toBe(server.config.backupDir);
      expect(path.basename(backup.file)).toMatch(/^backup-\d{4}-\d\d-\d\dT\d{6}Z-v\d+\.\d+\.\d+\.tar\.gz$/);
      expect(fs.readdirSync(server.config.backupDir)).toEqual([path.basename(backup.file)]);
      expect(backup.bytes).toBe(fs.statSync(backup.file).size);
      expect(backup.manifest).toMatchObject({ engine: engine.engine, schemaVersion: LATEST, madeBy: 'the drill' });
      expect(backup.manifest.tables.prayer_requests).toBeGreaterThanOrEqual(ackedBefore.size);
      const members = backup.manifest.members.map((member) => member.path);
      for (const name of filesBefore.keys()) expect(members).toContain(`uploads/${name}`);
      expect(members).toEqual(
        expect.arrayContaining(['remotes.json', 'two-factor.key', expect.stringMatching(/^releases\/content\//)]),
      );
      // Nothing of the backup's gathering is left beside the data.
      expect(fs.readdirSync(server.config.dataDir).filter((name) => name.startsWith('.backup-'))).toEqual([]);
    });

    it('restores every acknowledged write, whole, the files, the releases and the two-factor sign-in', async () => {
      target = freshPlace();
      const manifest = await restoreBackup({ config: target, archive: backup.file });
      expect(manifest.createdAt).toBe(backup.manifest.createdAt);
      if (engine.engine === 'sqlite') {
        expect(describeSqliteFile(path.join(target.dataDir, 'app.db')).integrity).toBe('ok');
      }
      const restored = await serveOn(target);
      try {
        const rows = await restored.db.kysely.selectFrom('prayerRequests').select(['_id', 'request']).execute();
        const byId = new Map(rows.map((row) => [row._id, row.request]));
        for (const [id, text] of ackedBefore) expect(byId.get(id)).toBe(text);
        // Whatever else came along is whole too: no row is half of one write.
        for (const text of byId.values()) {
          const [, n] = /^Request (\d+): /.exec(text) ?? [];
          expect(text).toBe(requestText(Number(n)));
        }
        expect(rows).toHaveLength(backup.manifest.tables.prayer_requests!);

        for (const [name, checksum] of filesBefore) {
          const file = await restored.get(`/uploads/${name}`);
          expect(file.status).toBe(200);
          expect(sha256(Buffer.from(await file.arrayBuffer()))).toBe(checksum);
        }

        const live = await restored.get('/remotes.json');
        expect(live.status).toBe(200);
        expect(await live.text()).toBe(await (await fetch(`${server.url}/remotes.json`)).text());
        const version = (await (await restored.get('/api/v1/version')).json()) as {
          data: { remotes: { release: string }[] };
        };
        expect(version.data.remotes.map((remote: { release: string }) => remote.release)).toEqual(['1.0.0-aaaaaaa']);

        const first = await restored.post('/api/v1/admin/login', {
          email: server.admin.email,
          password: server.admin.password,
        });
        const { challenge } = (await first.json()) as { challenge: string };
        expect(challenge).toEqual(expect.any(String));
        const second = await restored.post('/api/v1/admin/login/two-factor', { challenge, code: codeFor(uri) });
        expect(second.status).toBe(200);
      } finally {
        await restored.close();
      }
    });

    it('refuses a place that holds data unless told to replace it, then replaces it', async () => {
      const place = freshPlace();
      await restoreBackup({ config: place, archive: backup.file });
      const before = treeOf(place.dataDir);
      await expect(restoreBackup({ config: place, archive: backup.file })).rejects.toThrow(
        /holds a parish's data already \(\d+ rows\): to replace it with the backup, restore again with --replace/,
      );
      expect(treeOf(place.dataDir)).toEqual(before);
      await restoreBackup({ config: place, archive: backup.file, replace: true });
      expect(Object.keys(treeOf(place.dataDir)).sort()).toEqual(Object.keys(before).sort());
      if (engine.engine === 'postgres') {
        const db = openDatabase(place);
        await closeTestDatabase(db);
      }
    });

    describe('refuses a damaged archive and changes nothing', () => {
      let place: AppConfig;
      let before: Record<string, string>;
      let restoredRows: number;

      beforeAll(async () => {
        place = freshPlace();
        await restoreBackup({ config: place, archive: backup.file });
        // A request written after the restore: a refused restore must leave it there.
        const restored = await serveOn(place);
        await restored.post('/api/v1/prayer/request', { request: 'written after the restore' });
        restoredRows = (await restored.db.kysely.selectFrom('prayerRequests').select('_id').execute()).length;
        await restored.close(false);
        before = treeOf(place.dataDir);
      });
      afterAll(async () => {
        if (engine.engine === 'postgres') await closeTestDatabase(openDatabase(place));
      });

      async function expectRefused(archive: string, message: RegExp) {
        await expect(restoreBackup({ config: place, archive, replace: true })).rejects.toThrow(message);
        expect(treeOf(place.dataDir)).toEqual(before);
        const db = openDatabase(place);
        try {
          expect(await db.kysely.selectFrom('prayerRequests').select('_id').execute()).toHaveLength(restoredRows);
        } finally {
          await db.close();
        }
      }

      it('one byte flipped in a member', async () => {
        const name = [...filesBefore.keys()][0]!;
        const archive = await tampered(backup.file, (dir) => {
          const file = path.join(dir, 'uploads', name);
          const bytes = fs.readFileSync(file);
          bytes[100] = bytes[100]! ^ 0xff;
          fs.writeFileSync(file, bytes);
        });
        await expectRefused(archive, new RegExp(`uploads/${name} does not match its checksum\\. Nothing was changed`));
      });

      it('a byte flipped in the compressed archive itself', async () => {
        const archive = path.join(made, `flipped-${randomBytes(4).toString('hex')}.tar.gz`);
        const bytes = fs.readFileSync(backup.file);
        bytes[Math.floor(bytes.length / 2)] = bytes[Math.floor(bytes.length / 2)]! ^ 0x01;
        fs.writeFileSync(archive, bytes);
        await expectRefused(archive, /The archive is damaged or not a backup/);
      });

      it('a member missing', async () => {
        const archive = await tampered(backup.file, (dir) => fs.rmSync(path.join(dir, 'two-factor.key')));
        await expectRefused(archive, /two-factor\.key is missing from it\. Nothing was changed/);
      });

      it('a member the manifest does not name', async () => {
        const archive = await tampered(backup.file, (dir) => fs.writeFileSync(path.join(dir, 'uploads', 'extra'), 'x'));
        await expectRefused(archive, /uploads\/extra is in it but not in its manifest/);
      });

      it('a manifest lying about a checksum, or about the rows', async () => {
        const checksum = await tampered(backup.file, (dir) => {
          const manifest = readManifest(dir);
          manifest.members[0]!.sha256 = sha256('something else');
          writeManifest(dir, manifest);
        });
        await expectRefused(checksum, /does not match its checksum/);
        const rows = await tampered(backup.file, (dir) => {
          const manifest = readManifest(dir);
          manifest.tables.prayer_requests! += 1;
          writeManifest(dir, manifest);
        });
        await expectRefused(rows, /the table prayer_requests holds \d+ rows, its manifest says \d+/);
      });

      it('a backup from a newer schema than this version knows', async () => {
        const archive = await tampered(backup.file, (dir) => {
          const manifest = readManifest(dir);
          writeManifest(dir, { ...manifest, productVersion: '9.0.0', schemaVersion: '9999_from_the_future' });
        });
        await expectRefused(
          archive,
          /made by version 9\.0\.0, whose database \(schema 9999_from_the_future\) is newer than this version knows \(up to \w+\): restore it with version 9\.0\.0 or later/,
        );
      });

      it('not an archive at all', async () => {
        const archive = path.join(made, `not-${randomBytes(4).toString('hex')}.tar.gz`);
        fs.writeFileSync(archive, 'hello');
        await expectRefused(archive, /The archive is damaged or not a backup/);
      });
    });

    it('refuses while a server runs on the folder', async () => {
      // The harness's server holds its receiving folder's lock on PostgreSQL; on SQLite the start takes
      // DATA_DIR's lock (server.ts), as here.
      const release = engine.engine === 'sqlite' ? holdDataDirLock(server.config.dataDir) : undefined;
      try {
        const before = treeOf(server.config.dataDir);
        await expect(restoreBackup({ config: server.config, archive: backup.file, replace: true })).rejects.toThrow(
          `A server is running on ${server.config.dataDir}: stop it first`,
        );
        expect(treeOf(server.config.dataDir)).toEqual(before);
      } finally {
        release?.();
      }
    });
  });

  it('never leaves a half-written archive under its final name', async () => {
    const to = fs.mkdtempSync(path.join(os.tmpdir(), 'backup-to-'));
    folders.push(to);
    await expect(
      createBackup({
        config: server.config,
        db: server.db,
        to,
        madeBy: 'a test',
        progress: ({ step, done }) => {
          if (step === 'archive' && done > 0) throw new Error('the disk is full');
        },
      }),
    ).rejects.toThrow('the disk is full');
    expect(fs.readdirSync(to)).toEqual([]);
  });

  it('backs up before an upgrade, and a backup of an older schema is migrated forward at the start', async () => {
    const older = Object.keys(migrations).at(-2)!;
    const place = freshPlace();
    const restoredPlace = freshPlace();
    const db = openDatabase(place);
    let restored: Db | undefined;
    try {
      // A fresh database: nothing to keep, and nothing to back up.
      expect(await backupBeforeUpgrade(place, db)).toBeUndefined();
      await expect(createBackup({ config: place, db, madeBy: 'a test' })).rejects.toThrow(
        'The database has no tables yet, so there is nothing to back up',
      );
      expect(fs.existsSync(place.backupDir) ? fs.readdirSync(place.backupDir) : []).toEqual([]);
      await migrateTo(db, older);
      await db.kysely
        .insertInto('prayerRequests')
        .values({ _id: 'a'.repeat(24), request: 'kept across the upgrade', createdAt: new Date().toISOString() })
        .execute();
      const backup = await backupBeforeUpgrade(place, db);
      expect(backup?.manifest).toMatchObject({ schemaVersion: older, madeBy: expect.stringContaining(LATEST) });
      expect(path.dirname(backup!.file)).toBe(place.backupDir);
      await migrateToLatest(db);
      expect(await backupBeforeUpgrade(place, db)).toBeUndefined();

      await restoreBackup({ config: restoredPlace, archive: backup!.file });
      restored = openDatabase(restoredPlace);
      expect(await pendingMigrations(restored)).toEqual([LATEST]);
      await migrateToLatest(restored);
      const rows = await restored.kysely.selectFrom('prayerRequests').select('request').execute();
      expect(rows).toEqual([{ request: 'kept across the upgrade' }]);
    } finally {
      await closeTestDatabase(db);
      if (restored) await closeTestDatabase(restored);
    }
  });
});
