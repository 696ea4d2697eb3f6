import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app';
import { openDatabase, type Db } from '../db/database';
import { newId, timestamp } from '../db/ids';
import { chooseEncoding } from '../http/public-cache';
import {
  closeTestDatabase,
  databaseFor,
  engines,
  multipartForm,
  openTestDatabase,
  startServer,
  type TestServer,
} from '../testing/harness';
import { DatabaseUploadStore, OWNER_LOCK } from './database-store';
import { choresOf } from '../chores';
import { REGISTRY } from '../registry';
import { referencedUploads } from './references';
import { detectAnyFile, detectImage } from './detect';
import { formatBytes } from './form';
import { solidPng } from './png';
import { sweepUploads, UploadStore, uploadNameFromUrl, type ReceivedFile } from './store';

describe('file type detection (by content only)', () => {
  it.each([
    ['png', solidPng(1, 1, [0, 0, 0])],
    ['jpg', Buffer.from([0xff, 0xd8, 0xff, 0xdb, 0, 0, 0, 0, 0, 0, 0, 0])],
    ['gif', Buffer.from('GIF87a\x01\x00\x01\x00\x00\x00', 'latin1')],
    ['webp', Buffer.from('RIFF\x10\x00\x00\x00WEBPVP8L', 'latin1')],
  ])('recognises %s', (extension, head) => {
    expect(detectImage(head)).toEqual({ extension, mimeType: expect.stringMatching(/^image\//), isImage: true });
    expect(detectAnyFile(head, 'whatever.pdf')).toMatchObject({ extension, isImage: true });
  });

  it.each([
    ['SVG', '<svg xmlns="http://www.w3.org/2000/svg"/>'],
    ['text', 'hello, world!'],
    ['PDF', '%PDF-1.4 ...'],
    ['RIFF that is not WebP', 'RIFF\x10\x00\x00\x00WAVEfmt '],
    ['nothing', ''],
  ])('refuses %s as an image', (_what, content) => {
    expect(detectImage(Buffer.from(content, 'latin1'))).toBeUndefined();
  });

  it('keeps any file, naming non-images safely', () => {
    expect(detectAnyFile(Buffer.from('%PDF-1.7'), 'report.exe')).toEqual({
      extension: 'pdf',
      mimeType: 'application/pdf',
      isImage: false,
    });
    expect(detectAnyFile(Buffer.from('PK\x03\x04'), 'Budget 2024.XLSX')).toMatchObject({
      extension: 'xlsx',
      isImage: false,
    });
    expect(detectAnyFile(Buffer.from('<svg/>'), 'logo.svg').extension).toBe('bin');
    expect(detectAnyFile(Buffer.from('text'), 'fake.png').extension).toBe('bin');
    expect(detectAnyFile(Buffer.from('text'), 'no-extension').extension).toBe('bin');
    expect(detectAnyFile(Buffer.from('text'), 'x.p/../hp').extension).toBe('bin');
  });
});

describe('upload helpers', () => {
  it('words sizes', () => {
    expect(formatBytes(5 * 1024 * 1024)).toBe('5 MB');
    expect(formatBytes(20 * 1024 * 1024)).toBe('20 MB');
    expect(formatBytes(1.5 * 1024 * 1024)).toBe('1.5 MB');
    expect(formatBytes(4096)).toBe('4 KB');
    expect(formatBytes(300)).toBe('300 bytes');
  });

  it('finds the stored file a URL refers to, whatever its host', () => {
    const name = '0123456789abcdef0123456789abcdef.png';
    expect(uploadNameFromUrl(`http://127.0.0.1:8080/uploads/${name}`)).toBe(name);
    expect(uploadNameFromUrl(`https://office.example.org/backoffice/uploads/${name}?v=1`)).toBe(name);
    expect(uploadNameFromUrl(`/uploads/${name}`)).toBe(name);
    expect(uploadNameFromUrl('/uploads/../app.db')).toBeUndefined();
    expect(uploadNameFromUrl(`/uploads/sub/${name}`)).toBeUndefined();
    expect(uploadNameFromUrl('https://example.org/cover.png')).toBeUndefined();
    expect(uploadNameFromUrl('http://[')).toBeUndefined();
  });

  it('chooses br, then gzip, honouring q-values', () => {
    expect(chooseEncoding(undefined)).toBeUndefined();
    expect(chooseEncoding('gzip, deflate, br')).toBe('br');
    expect(chooseEncoding('gzip, deflate')).toBe('gzip');
    expect(chooseEncoding('br;q=0, gzip')).toBe('gzip');
    expect(chooseEncoding('gzip;q=0.8, br;q=0.5')).toBe('gzip');
    expect(chooseEncoding('identity')).toBeUndefined();
    expect(chooseEncoding('*')).toBe('br');
    expect(chooseEncoding('*;q=0, identity')).toBeUndefined();
  });
});

describe.each(engines())('UploadStore.commit on %s', (_name, engine) => {
  let dir: string;
  let db: Db;
  let store: UploadStore;
  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'api-uploads-'));
    db = await openTestDatabase({ dataDir: dir, ...databaseFor(engine) });
    store = new UploadStore(path.join(dir, 'uploads'));
    store.prepare();
  });
  afterAll(async () => {
    await closeTestDatabase(db);
    fs.rmSync(dir, { recursive: true, force: true });
  });

  const stored = () => fs.readdirSync(store.dir).filter((name) => !name.startsWith('.'));
  function received(): ReceivedFile {
    const tempPath = path.join(store.tempDir, `${newId()}.part`);
    fs.writeFileSync(tempPath, 'image bytes');
    return {
      field: 'bookImage',
      name: UploadStore.newName('png'),
      tempPath,
      size: 11,
      mimeType: 'image/png',
      isImage: true,
      originalName: 'x.png',
    };
  }
  const row = (id: string, image: string) => ({
    _id: id,
    bookName: 'b',
    bookLink: 'https://example.org',
    bookImage: image,
    category: 'Devotional' as const,
    dateAdded: timestamp(),
    updatedAt: timestamp(),
  });
  const exists = async (id: string) =>
    !!(await db.kysely.selectFrom('books').select('_id').where('_id', '=', id).executeTakeFirst());

  it('moves the file in when the write commits', async () => {
    const file = received();
    const id = newId();
    await store.commit(db, [file], (trx) => trx.insertInto('books').values(row(id, file.name)).execute());
    expect(stored()).toContain(file.name);
    expect(fs.existsSync(file.tempPath)).toBe(false);
    expect(await exists(id)).toBe(true);
  });

  it('moves nothing when the write fails', async () => {
    const file = received();
    const before = stored();
    await expect(
      store.commit(db, [file], async (trx) => {
        await trx.insertInto('books').values(row(newId(), file.name)).execute();
        await sql`select * from no_such_table`.execute(trx);
      }),
      // Not toThrow(): better-sqlite3's errors may come from another realm than jest's Error.
    ).rejects.toMatchObject({ message: expect.stringMatching(/no such table|does not exist/) });
    expect(stored()).toEqual(before);
    // The temp file is left to its owner (withForm) to discard.
    expect(fs.existsSync(file.tempPath)).toBe(true);
    fs.rmSync(file.tempPath);
  });

  it('rolls the write back when a file cannot be moved, and removes the ones already moved', async () => {
    const good = received();
    const missing = { ...received(), tempPath: path.join(store.tempDir, 'gone.part') };
    fs.rmSync(path.join(store.tempDir, path.basename(missing.tempPath)), { force: true });
    const id = newId();
    const before = stored();
    await expect(
      store.commit(db, [good, missing], (trx) => trx.insertInto('books').values(row(id, good.name)).execute()),
    ).rejects.toMatchObject({ code: 'ENOENT' });
    expect(await exists(id)).toBe(false);
    expect(stored()).toEqual(before);
  });
});

describe.each(engines())('the uploads sweep on %s (what a crash left half done)', (_name, engine) => {
  let dir: string;
  let db: Db;
  let store: UploadStore;
  beforeEach(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'api-sweep-'));
    db = await openTestDatabase({ dataDir: dir, ...databaseFor(engine) });
    store = new UploadStore(path.join(dir, 'uploads'));
    store.prepare();
  });
  afterEach(async () => {
    await closeTestDatabase(db);
    fs.rmSync(dir, { recursive: true, force: true });
  });

  const HOUR = 3_600_000;
  const write = (file: string, ageMs = 0) => {
    fs.writeFileSync(file, 'bytes');
    const at = new Date(Date.now() - ageMs);
    fs.utimesSync(file, at, at);
  };
  const addBook = (image: string) =>
    db.kysely
      .insertInto('books')
      .values({
        _id: newId(),
        bookName: 'b',
        bookLink: 'https://example.org',
        bookImage: image,
        category: 'Devotional',
        dateAdded: timestamp(),
        updatedAt: timestamp(),
      })
      .execute();
  const sweep = () =>
    sweepUploads(store, referencedUploads(db, REGISTRY.files), {
      abandonedBefore: new Date(Date.now() - HOUR),
      orphanedBefore: new Date(Date.now() - HOUR),
    });
  const listing = () => ({
    stored: fs
      .readdirSync(store.dir)
      .filter((name) => !name.startsWith('.'))
      .sort(),
    temp: fs.readdirSync(store.tempDir).sort(),
  });

  it('puts in place a file whose record committed before the crash', async () => {
    const name = UploadStore.newName('png');
    write(path.join(store.tempDir, name), 2 * HOUR);
    await addBook(name);
    expect(await sweep()).toEqual({ published: 1, discarded: 0, orphans: 0 });
    expect(listing()).toEqual({ stored: [name], temp: [] });
  });

  it('discards abandoned temp files (received parts, staged files no record names), keeping young ones', async () => {
    const staged = UploadStore.newName('png');
    const young = UploadStore.newName('png');
    write(path.join(store.tempDir, staged), 2 * HOUR);
    write(path.join(store.tempDir, 'abc123.part'), 2 * HOUR);
    write(path.join(store.tempDir, young));
    write(path.join(store.tempDir, 'def456.part'));
    expect(await sweep()).toEqual({ published: 0, discarded: 2, orphans: 0 });
    expect(listing().temp).toEqual(['def456.part', young].sort());
  });

  it('deletes stored files no record names once past the grace period', async () => {
    const kept = UploadStore.newName('png');
    const editorImage = UploadStore.newName('webp');
    const orphan = UploadStore.newName('png');
    const youngOrphan = UploadStore.newName('png');
    for (const name of [kept, editorImage, orphan]) write(store.pathOf(name), 2 * HOUR);
    write(store.pathOf(youngOrphan));
    await addBook(kept);
    await db.kysely.insertInto('editorImages').values({ name: editorImage, createdAt: timestamp() }).execute();
    expect(await sweep()).toEqual({ published: 0, discarded: 0, orphans: 1 });
    expect(listing().stored).toEqual([kept, editorImage, youngOrphan].sort());
  });

  it('knows every column that names an upload', async () => {
    const names = Array.from({ length: 3 }, () => UploadStore.newName('png'));
    await addBook(names[0]!);
    expect(await referencedUploads(db, REGISTRY.files)([...names, 'not-a-name'])).toEqual(new Set([names[0]]));
  });
});

describe('a book whose database write fails', () => {
  it('answers 500 and leaves no file behind', async () => {
    const server = await startServer({ engine: 'sqlite' });
    try {
      await sql`create trigger refuse before insert on books begin select raise(abort, 'disk on fire'); end`.execute(
        server.db.kysely,
      );
      const form = new FormData();
      form.append('bookName', 'A');
      form.append('bookLink', 'https://example.org');
      form.append('category', 'Devotional');
      form.append('bookImage', new Blob([new Uint8Array(solidPng(2, 2, [1, 2, 3]))]), 'a.png');
      const res = await server.call('POST', `/api/v1/add/book/${server.admin._id}`, {
        token: await server.login(),
        form,
      });
      expect(res.status).toBe(500);
      expect(await server.storedUploads()).toEqual([]);
      expect(server.pendingUploads()).toEqual([]);
    } finally {
      await server.close();
    }
  });
});

// PostgreSQL keeps the files itself (database-store.ts), so that every instance serves them. Only
// there: it runs where TEST_DATABASE_URL is set, in CI always.
const postgres = engines().filter(([name]) => name === 'postgres');

if (postgres.length)
  describe('uploads kept in PostgreSQL, shared by every instance', () => {
    let a: TestServer;
    let b: { url: string; app: FastifyInstance; db: Db; dataDir: string };
    let token: string;
    beforeAll(async () => {
      a = await startServer(postgres[0]![1]);
      // B: another server on the same database, with a data folder of its own (another machine).
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'api-instance-b-'));
      const db = openDatabase({ dataDir, databaseUrl: a.config.databaseUrl, databaseSchema: a.db.schema });
      const app = await buildApp({ ...a.config, dataDir, uploadsDir: path.join(dataDir, 'uploads') }, { db });
      await app.listen({ port: 0, host: '127.0.0.1' });
      b = { url: `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`, app, db, dataDir };
      token = await a.login();
    });
    afterAll(async () => {
      await b.app.close();
      await b.db.close();
      fs.rmSync(b.dataDir, { recursive: true, force: true });
      await a.close();
    });
    const fileName = (url: string) => url.slice(url.lastIndexOf('/') + 1);
    const addDonation = async (content: Buffer) => {
      const form = multipartForm(
        { donationName: 'Roof', donationDescription: 'For the roof' },
        { file: { content, name: 'appeal.pdf', type: 'application/pdf' } },
      );
      const res = await a.call('POST', `/api/v1/add/donation/${a.admin._id}`, { token, form });
      expect(res.status).toBe(201);
      return res.body.data as { _id: string; fileUrl: string };
    };

    it('serves a file uploaded through one instance from the other, byte for byte, in several chunks', async () => {
      const content = Buffer.concat([Buffer.from('%PDF-1.7\n'), randomBytes(700 * 1024)]);
      const donation = await addDonation(content);
      const name = fileName(donation.fileUrl);
      expect(fs.readdirSync(a.config.uploadsDir).filter((entry) => !entry.startsWith('.'))).toEqual([]);
      const chunks = await a.db.kysely.selectFrom('storedFileChunks').select('seq').where('name', '=', name).execute();
      expect(chunks.length).toBeGreaterThan(1);
      const served = await fetch(`${b.url}/uploads/${name}`);
      expect(served.status).toBe(200);
      expect(served.headers.get('content-length')).toBe(String(content.length));
      expect(served.headers.get('content-disposition')).toBe(`attachment; filename="${name}"`);
      expect(Buffer.from(await served.arrayBuffer()).equals(content)).toBe(true);
      const again = await fetch(`${b.url}/uploads/${name}`, { headers: { 'if-none-match': `"${name}"` } });
      expect(again.status).toBe(304);
    });

    it('deletes the file wherever the record is deleted for good (out of the trash)', async () => {
      const donation = await addDonation(Buffer.from('%PDF-1.7\nsmall'));
      const name = fileName(donation.fileUrl);
      const deleted = await fetch(`${b.url}/api/v1/donation/${a.admin._id}/${donation._id}`, {
        method: 'DELETE',
        headers: { authorization: `Bearer ${token}` },
      });
      expect(deleted.status).toBe(200);
      // In the trash the file stays, for a restore through any instance.
      expect(await a.storedUploads()).toContain(name);
      const entry = deleted.headers.get('trash-entry')!;
      const discarded = await fetch(`${a.url}/api/v1/trash/${entry}`, {
        method: 'DELETE',
        headers: { authorization: `Bearer ${token}` },
      });
      expect(discarded.status).toBe(200);
      expect(await a.storedUploads()).not.toContain(name);
      expect((await fetch(`${a.url}/uploads/${name}`)).status).toBe(404);
    });

    it('keeps no file when the record is not written, and leaves nothing waiting', async () => {
      const before = await a.storedUploads();
      const store = a.app.uploads as DatabaseUploadStore;
      const tempPath = path.join(store.tempDir, 'doomed.part');
      fs.writeFileSync(tempPath, 'bytes');
      const file = { field: 'file', name: UploadStore.newName('pdf'), tempPath, size: 5, mimeType: '', isImage: false };
      await expect(
        store.commit(a.db, [{ ...file, originalName: 'x.pdf' }], async (trx) => {
          await sql`select * from no_such_table`.execute(trx);
        }),
      ).rejects.toMatchObject({ message: expect.stringMatching(/does not exist/) });
      expect(await a.storedUploads()).toEqual(before);
      fs.rmSync(tempPath);
    });

    it('sweeps files no record names, and what instances of this machine that stopped left waiting', async () => {
      const store = a.app.uploads as DatabaseUploadStore;
      const orphan = UploadStore.newName('png');
      const young = UploadStore.newName('png');
      await a.storeUpload(orphan, 'bytes');
      await a.storeUpload(young, 'bytes');
      const hourAgo = new Date(Date.now() - 3_600_000).toISOString();
      await a.db.kysely.updateTable('storedFiles').set({ createdAt: hourAgo }).where('name', '=', orphan).execute();
      const kept = await addDonation(Buffer.from('%PDF-1.7\nkept'));
      await a.db.kysely
        .updateTable('storedFiles')
        .set({ createdAt: hourAgo })
        .where('name', '=', fileName(kept.fileUrl))
        .execute();
      // A stopped instance of this machine (no such process), and this one's young file.
      const dead = path.join(path.dirname(store.tempDir), `${os.hostname()}-2147483646`);
      fs.mkdirSync(dead);
      fs.writeFileSync(path.join(dead, 'abc.part'), 'bytes');
      fs.writeFileSync(path.join(store.tempDir, 'def.part'), 'bytes');

      const swept = await sweepUploads(store, a.app.referencedUploads, {
        abandonedBefore: new Date(Date.now() - 60_000),
        orphanedBefore: new Date(Date.now() - 60_000),
      });
      expect(swept).toEqual({ published: 0, discarded: 1, orphans: 1 });
      const stored = await a.storedUploads();
      expect(stored).not.toContain(orphan);
      expect(stored).toEqual(expect.arrayContaining([young, fileName(kept.fileUrl)]));
      expect(fs.existsSync(dead)).toBe(false);
      expect(fs.readdirSync(store.tempDir).filter((name) => name !== OWNER_LOCK)).toEqual(['def.part']);
      fs.rmSync(path.join(store.tempDir, 'def.part'));
    });

    it('at start sweeps what a killed instance of this machine left, even when its process id is now another live process', async () => {
      const store = a.app.uploads as DatabaseUploadStore;
      // Killed with -9 mid-upload: its folder, its unheld lock, a fresh partial file; and its process id
      // is now this live process's (a restarted container's server often gets the same one).
      const dead = path.join(path.dirname(store.tempDir), `${os.hostname()}-${process.pid}`);
      fs.mkdirSync(dead, { recursive: true });
      fs.writeFileSync(path.join(dead, OWNER_LOCK), '');
      fs.writeFileSync(path.join(dead, 'abc.part'), 'half an upload');
      await choresOf(a.app)(true);
      expect(fs.existsSync(dead)).toBe(false);
    });

    it('tells a killed instance by its name whatever its random part (hex made of digits only too)', async () => {
      const store = a.app.uploads as DatabaseUploadStore;
      // host-pid-random, the random part 8 hex digits that happen to be decimal ones.
      const dead = path.join(path.dirname(store.tempDir), `${os.hostname()}-${process.pid}-35605693`);
      fs.mkdirSync(dead, { recursive: true });
      fs.writeFileSync(path.join(dead, OWNER_LOCK), '');
      fs.writeFileSync(path.join(dead, 'abc.part'), 'half an upload');
      await choresOf(a.app)(true);
      expect(fs.existsSync(dead)).toBe(false);
    });

    it('leaves alone the folder of a running instance that holds its lock, even a fresh file in it', async () => {
      const onB = b.app.uploads as DatabaseUploadStore;
      const receiving = path.join(onB.tempDir, 'receiving.part');
      fs.writeFileSync(receiving, 'arriving');
      await choresOf(a.app)(true);
      expect(fs.existsSync(receiving)).toBe(true);
      fs.rmSync(receiving);
    });

    it("leaves a running instance's receiving folder in place, even empty (instances of one machine share DATA_DIR)", async () => {
      const store = a.app.uploads as DatabaseUploadStore;
      // Another running instance of this machine (this test's parent process), between two uploads.
      const living = path.join(path.dirname(store.tempDir), `${os.hostname()}-${process.ppid}`);
      fs.mkdirSync(living, { recursive: true });
      await store.sweepTemp(a.app.referencedUploads, new Date());
      expect(fs.existsSync(living)).toBe(true);
      fs.rmdirSync(living);
    });

    it("sweeps each machine's abandoned received files every hour, whichever instance did the shared chores", async () => {
      const onB = b.app.uploads as DatabaseUploadStore;
      const abandoned = path.join(onB.tempDir, 'abandoned.part');
      fs.writeFileSync(abandoned, 'bytes');
      // Older than any request's deadline.
      const dayAgo = new Date(Date.now() - 86_400_000);
      fs.utimesSync(abandoned, dayAgo, dayAgo);
      // This hour's shared chores are A's: B's timer finds them done.
      await a.db.kysely.deleteFrom('choreRuns').execute();
      await choresOf(a.app)(false);
      await choresOf(b.app)(false);
      expect(fs.existsSync(abandoned)).toBe(false);
    });

    it('receives an upload even when its folder was removed under it', async () => {
      const store = a.app.uploads as DatabaseUploadStore;
      fs.rmSync(store.tempDir, { recursive: true, force: true });
      const donation = await addDonation(Buffer.from('%PDF-1.7\nafter'));
      expect((await fetch(`${b.url}/uploads/${fileName(donation.fileUrl)}`)).status).toBe(200);
    });

    it('moves the files of a folder used before into the database once', async () => {
      const store = a.app.uploads as DatabaseUploadStore;
      const name = UploadStore.newName('png');
      fs.writeFileSync(path.join(a.config.uploadsDir, name), 'from the folder');
      expect(await store.adoptLocalFiles()).toBe(1);
      expect(fs.existsSync(path.join(a.config.uploadsDir, name))).toBe(false);
      expect(await (await fetch(`${b.url}/uploads/${name}`)).text()).toBe('from the folder');
      expect(await store.adoptLocalFiles()).toBe(0);
    });
  });
