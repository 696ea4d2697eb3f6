import http from 'node:http';
import { gunzipSync } from 'node:zlib';
import { bumpChangeCounter } from '../db/changes';
import { newId, timestamp } from '../db/ids';
import { engines, multipartForm, startServer, type FileSpec, type TestServer } from '../testing/harness';
import { pruneVersions } from '../history/versions';
import { solidPng } from '../uploads/png';
import { referencedUploads } from '../uploads/references';
import { BOOK_CATEGORIES, LIMITS } from './schemas';

const PNG = solidPng(8, 8, [180, 40, 40]);
const OTHER_PNG = solidPng(4, 4, [40, 40, 180]);
const SVG = '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>';
/** The books suites allow images of at most this many bytes, so that "too large" is cheap to test. */
const MAX_IMAGE = 4096;

const valid = {
  bookName: 'The Imitation of Christ',
  bookLink: 'https://example.org/imitation',
  category: 'Devotional',
};

/** A multipart form: text fields, and bookImage as a file (object) or a text value (string). */
const bookForm = (fields: Record<string, string | undefined>, image?: FileSpec | string) =>
  multipartForm(fields, { bookImage: image });

/** A GET through node:http, which neither decompresses nor rewrites the Host header (fetch does both). */
function rawGet(
  url: string,
  headers: Record<string, string>,
): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
        );
      })
      .on('error', reject);
  });
}

const png = (content: Buffer = PNG): FileSpec => ({ content, name: 'cover.png', type: 'image/png' });

describe.each(engines())('books on %s', (_name, engine) => {
  let server: TestServer;
  let token: string;
  let admin: string;
  // A long check interval: only the invalidation by the writes themselves can refresh the list.
  beforeAll(async () => {
    server = await startServer(engine, { uploadMaxImageBytes: MAX_IMAGE, listCacheCheckMs: 60_000 });
    token = await server.login();
    admin = server.admin._id;
  });
  afterAll(() => server.close());

  const add = (form: FormData, options: { token?: string; userId?: string } = {}) =>
    server.call('POST', `/api/v1/add/book/${options.userId ?? admin}`, { form, token: options.token ?? token });
  const edit = (id: string, form: FormData) => server.call('POST', `/api/v1/edit/book/${admin}/${id}`, { form, token });
  const list = (headers: Record<string, string> = {}) => server.call('GET', '/api/v1/all/books/', { headers });
  const single = (id: string, headers: Record<string, string> = {}) =>
    server.call('GET', `/api/v1/single/book/${id}`, { headers });
  const fileName = (url: string) => url.slice(url.lastIndexOf('/') + 1);

  /** Adds a valid book and answers its data. */
  async function addValid(fields: Partial<typeof valid> = {}, image: Buffer = PNG) {
    const res = await add(bookForm({ ...valid, ...fields }, png(image)));
    expect(res.status).toBe(201);
    return res.body.data as Record<string, string>;
  }

  it('starts with an empty list, with and without the trailing slash', async () => {
    for (const url of ['/api/v1/all/books/', '/api/v1/all/books']) {
      const res = await server.call('GET', url);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ message: 'Books fetched successfully', data: [] });
    }
  });

  it('adds a book: 201 with the record, the cover stored under a generated name and served as an image', async () => {
    const before = await server.storedUploads();
    const res = await add(bookForm({ ...valid, bookName: '  The Imitation of Christ ' }, png()));
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      message: 'Book added successfully',
      data: {
        _id: expect.stringMatching(/^[0-9a-f]{24}$/),
        id: res.body.data._id,
        ...valid,
        bookImage: expect.stringMatching(new RegExp(`^${server.url}/uploads/[0-9a-f]{32}\\.png$`)),
        dateAdded: expect.any(String),
      },
    });
    expect(new Date(res.body.data.dateAdded).toISOString()).toBe(res.body.data.dateAdded);
    const name = fileName(res.body.data.bookImage);
    expect(await server.storedUploads()).toEqual([...before, name].sort());
    expect(server.pendingUploads()).toEqual([]);

    const served = await fetch(res.body.data.bookImage);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(served.headers.get('x-content-type-options')).toBe('nosniff');
    expect(served.headers.get('content-disposition')).toBeNull();
    expect(Buffer.from(await served.arrayBuffer()).equals(PNG)).toBe(true);

    const one = await single(res.body.data._id);
    expect(one.status).toBe(200);
    expect(one.body).toEqual({ message: 'Book fetched successfully', data: res.body.data });
  });

  it.each([
    ['image/jpeg', 'jpg', Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(60)])],
    ['image/gif', 'gif', Buffer.concat([Buffer.from('GIF89a'), Buffer.alloc(60)])],
    [
      'image/webp',
      'webp',
      Buffer.concat([Buffer.from('RIFF'), Buffer.alloc(4), Buffer.from('WEBPVP8 '), Buffer.alloc(60)]),
    ],
  ])('recognises %s by its content, whatever its name and declared type', async (type, extension, content) => {
    const res = await add(bookForm(valid, { content, name: 'picture.txt', type: 'text/plain' }));
    expect(res.status).toBe(201);
    expect(res.body.data.bookImage).toMatch(new RegExp(`\\.${extension}$`));
    const served = await fetch(res.body.data.bookImage);
    expect(served.headers.get('content-type')).toBe(type);
  });

  describe('refuses an invalid book with 400 naming the field, storing nothing', () => {
    it.each([
      [{ ...valid, bookName: undefined }, 'Title is required'],
      [{ ...valid, bookName: '   ' }, 'Title is required'],
      [
        { ...valid, bookName: 'x'.repeat(LIMITS.bookName + 1) },
        `Title must be at most ${LIMITS.bookName} characters long`,
      ],
      [{ ...valid, bookLink: undefined }, 'Link is required'],
      [{ ...valid, bookLink: '' }, 'Link is required'],
      [{ ...valid, bookLink: 'javascript:alert(1)' }, 'Link must be a valid URL starting with http:// or https://'],
      [{ ...valid, bookLink: 'not a url' }, 'Link must be a valid URL starting with http:// or https://'],
      [{ ...valid, bookLink: 'ftp://example.org/book' }, 'Link must be a valid URL starting with http:// or https://'],
      [
        { ...valid, bookLink: `https://example.org/${'x'.repeat(LIMITS.bookLink)}` },
        `Link must be at most ${LIMITS.bookLink} characters long`,
      ],
      [{ ...valid, category: 'Novels' }, `Category must be one of: ${BOOK_CATEGORIES.join(', ')}`],
      [{ ...valid, category: '' }, `Category must be one of: ${BOOK_CATEGORIES.join(', ')}`],
    ])('%# %j', async (fields, message) => {
      const before = await server.storedUploads();
      const res = await add(bookForm(fields, png()));
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ message });
      expect(await server.storedUploads()).toEqual(before);
      expect(server.pendingUploads()).toEqual([]);
    });

    it('requires bookImage, as a file', async () => {
      const missing = await add(bookForm(valid));
      expect(missing.status).toBe(400);
      expect(missing.body).toEqual({ message: 'The cover is required' });
      const empty = await add(bookForm(valid, { content: '', name: '', type: 'application/octet-stream' }));
      expect(empty.body).toEqual({ message: 'The cover is required' });
      const text = await add(bookForm(valid, 'https://example.org/cover.png'));
      expect(text.status).toBe(400);
      expect(text.body).toEqual({ message: 'The cover must be a picture file' });
    });

    it('accepts only the declared file fields, once each', async () => {
      const before = await server.storedUploads();
      const withAttachment = bookForm(valid, png());
      withAttachment.append('attachment', new Blob([PNG]), 'a.png');
      const unknown = await add(withAttachment);
      expect(unknown.status).toBe(400);
      expect(unknown.body.message).toMatch(/^attachment is not a file this request accepts/);
      const twoImages = bookForm(valid, png());
      twoImages.append('bookImage', new Blob([PNG]), 'b.png');
      const twice = await add(twoImages);
      expect(twice.status).toBe(400);
      expect(twice.body).toEqual({ message: 'Send only one file as the cover' });
      const nameAsFile = bookForm({ ...valid, bookName: undefined }, png());
      nameAsFile.append('bookName', new Blob(['x']), 'n.txt');
      const textAsFile = await add(nameAsFile);
      expect(textAsFile.status).toBe(400);
      expect(textAsFile.body).toEqual({ message: 'Title must be text, not a file' });
      const titleTwice = bookForm(valid, png());
      titleTwice.append('bookName', 'Another title');
      expect((await add(titleTwice)).body).toEqual({ message: 'Title was sent more than once' });
      expect(await server.storedUploads()).toEqual(before);
      expect(server.pendingUploads()).toEqual([]);
    });
  });

  describe('refuses files that are not images, or too large, storing nothing', () => {
    it.each([
      ['text disguised as a PNG', { content: 'just some text, honestly', name: 'x.png', type: 'image/png' }],
      ['an SVG', { content: SVG, name: 'cover.svg', type: 'image/svg+xml' }],
      ['a PDF', { content: '%PDF-1.7\n%âãÏÓ\n1 0 obj', name: 'cover.png', type: 'image/png' }],
      ['a tiny file', { content: 'GI', name: 'x.gif', type: 'image/gif' }],
    ])('415 for %s', async (_what, image) => {
      const before = await server.storedUploads();
      const res = await add(bookForm(valid, image));
      expect(res.status).toBe(415);
      expect(res.body).toEqual({ message: 'The cover must be a JPEG, PNG, GIF or WebP picture' });
      expect(await server.storedUploads()).toEqual(before);
      expect(server.pendingUploads()).toEqual([]);
    });

    it.each([
      ['just over the limit', MAX_IMAGE + 1],
      ['far over the limit (refused while it streams)', 3 * 1024 * 1024],
    ])('413 for a file %s', async (_what, size) => {
      const before = await server.storedUploads();
      const content = Buffer.concat([PNG, Buffer.alloc(size - PNG.length, 7)]);
      const res = await add(bookForm(valid, png(content)));
      expect(res.status).toBe(413);
      expect(res.body).toEqual({ message: 'The cover is too large (at most 4 KB)' });
      expect(await server.storedUploads()).toEqual(before);
      expect(server.pendingUploads()).toEqual([]);
    });

    it('accepts a file of exactly the limit', async () => {
      await addValid({}, Buffer.concat([PNG, Buffer.alloc(MAX_IMAGE - PNG.length)]));
    });

    it('answers 415 with a message when the body is not multipart', async () => {
      const json = await server.call('POST', `/api/v1/add/book/${admin}`, { token, json: valid });
      expect(json.status).toBe(415);
      expect(json.body).toEqual({ message: 'The request body must be sent as multipart/form-data' });
      const xml = await server.call('POST', `/api/v1/add/book/${admin}`, {
        token,
        body: '<book/>',
        headers: { 'content-type': 'text/xml' },
      });
      expect(xml.status).toBe(415);
      expect(xml.body).toEqual({ message: 'The request body must be sent as multipart/form-data' });
    });

    it('answers 400 (never 500) for a broken multipart body', async () => {
      const noBoundary = await server.call('POST', `/api/v1/add/book/${admin}`, {
        token,
        body: 'garbage',
        headers: { 'content-type': 'multipart/form-data' },
      });
      expect(noBoundary.status).toBe(400);
      expect(noBoundary.body).toEqual({ message: 'The request body is not valid multipart/form-data' });
      const cut = await server.call('POST', `/api/v1/add/book/${admin}`, {
        token,
        body: '--xyz\r\nContent-Disposition: form-data; name="bookImage"; filename="a.png"\r\n\r\n\x89PNG',
        headers: { 'content-type': 'multipart/form-data; boundary=xyz' },
      });
      expect(cut.status).toBe(400);
      expect(server.pendingUploads()).toEqual([]);
    });
  });

  it('guards the writes: 401 without a token, 403 for another user id, before storing anything', async () => {
    const book = await addValid();
    const before = await server.storedUploads();
    const noToken = await server.call('POST', `/api/v1/add/book/${admin}`, { form: bookForm(valid, png()) });
    expect(noToken.status).toBe(401);
    expect(noToken.body).toEqual({ message: expect.stringMatching(/log in/i) });
    const foreign = await add(bookForm(valid, png()), { userId: 'ffffffffffffffffffffffff' });
    expect(foreign.status).toBe(403);
    expect(foreign.body).toEqual({ message: 'You may only act on your own account' });

    const editForeign = await server.call('POST', `/api/v1/edit/book/ffffffffffffffffffffffff/${book._id}`, {
      token,
      form: bookForm(valid, png()),
    });
    expect(editForeign.status).toBe(403);
    expect(
      (await server.call('POST', `/api/v1/edit/book/${admin}/${book._id}`, { form: bookForm(valid) })).status,
    ).toBe(401);
    expect((await server.call('DELETE', `/api/v1/book/${admin}/${book._id}`)).status).toBe(401);
    expect((await server.call('DELETE', `/api/v1/book/garbage/${book._id}`, { token })).status).toBe(403);
    expect(await server.storedUploads()).toEqual(before);
    expect((await single(book._id)).status).toBe(200);
  });

  it.each(['garbage', '0123456789abcdef01234567', 'ABCDEF0123456789ABCDEF01', "1' OR '1'='1"])(
    'answers 404 Book not found for the id %s',
    async (id) => {
      const path = encodeURIComponent(id);
      const one = await single(path);
      expect(one.status).toBe(404);
      expect(one.body).toEqual({ message: 'Book not found' });
      const edited = await edit(path, bookForm(valid, png()));
      expect(edited.status).toBe(404);
      expect(edited.body).toEqual({ message: 'Book not found' });
      const deleted = await server.call('DELETE', `/api/v1/book/${admin}/${path}`, { token });
      expect(deleted.status).toBe(404);
      expect(deleted.body).toEqual({ message: 'Book not found' });
      expect(server.pendingUploads()).toEqual([]);
    },
  );

  it("accepts the spec's own payload without a category (stored empty); an edit without it keeps the stored one", async () => {
    const specFields = { bookName: valid.bookName, bookLink: valid.bookLink };
    const added = await add(bookForm(specFields, png()));
    expect(added.status).toBe(201);
    expect(added.body.data).toMatchObject({ ...specFields, category: '' });

    const book = await addValid();
    const edited = await edit(book._id, bookForm({ ...specFields, bookName: 'Renamed' }));
    expect(edited.status).toBe(200);
    expect(edited.body.data).toMatchObject({ bookName: 'Renamed', category: valid.category });
    expect((await single(book._id)).body.data.category).toBe(valid.category);
  });

  describe('edit', () => {
    const changed = {
      bookName: 'Introduction to the Devout Life',
      bookLink: 'http://example.org/devout',
      category: 'Spiritual Books',
    };

    it('keeps the cover when bookImage is the current URL (any host), or absent', async () => {
      const book = await addValid();
      const name = fileName(book.bookImage);
      for (const image of [book.bookImage, `https://cdn.example.org/uploads/${name}`, `/uploads/${name}`, undefined]) {
        const res = await edit(book._id, bookForm(changed, image));
        expect(res.status).toBe(200);
        expect(res.body).toEqual({
          message: 'Book updated successfully',
          data: { ...book, ...changed, bookImage: book.bookImage },
        });
      }
      expect(await server.storedUploads()).toContain(name);
      expect((await single(book._id)).body.data).toEqual({ ...book, ...changed });
    });

    it('replaces the cover with a new file; the old one stays while the History keeps it', async () => {
      const book = await addValid();
      const oldName = fileName(book.bookImage);
      const res = await edit(book._id, bookForm(changed, png(OTHER_PNG)));
      expect(res.status).toBe(200);
      const newName = fileName(res.body.data.bookImage);
      expect(newName).not.toBe(oldName);
      expect(await server.storedUploads()).toContain(newName);
      const served = await fetch(res.body.data.bookImage);
      expect(Buffer.from(await served.arrayBuffer()).equals(OTHER_PNG)).toBe(true);
      // The version the edit kept shows the old cover; once it is pruned, the sweep deletes the file.
      expect((await fetch(book.bookImage)).status).toBe(200);
      await pruneVersions(server.db, new Date(Date.now() + 60_000));
      await server.app.uploads.sweepOrphans(referencedUploads(server.db), new Date(Date.now() + 60_000));
      expect(await server.storedUploads()).not.toContain(oldName);
      expect(await server.storedUploads()).toContain(newName);
      expect((await fetch(book.bookImage)).status).toBe(404);
    });

    it("refuses any other text as bookImage (another book's cover, a foreign URL) and changes nothing", async () => {
      const book = await addValid();
      const other = await addValid({ bookName: 'Other' });
      for (const image of [other.bookImage, 'https://evil.example/x.png', 'javascript:alert(1)', 'cover.png']) {
        const res = await edit(book._id, bookForm(changed, image));
        expect(res.status).toBe(400);
        expect(res.body).toEqual({ message: "The cover must be a picture file or the book's current cover URL" });
      }
      expect((await single(book._id)).body.data).toEqual(book);
    });

    it('validates like add, and stores nothing when refused', async () => {
      const book = await addValid();
      const before = await server.storedUploads();
      const bad = await edit(book._id, bookForm({ ...changed, category: 'Novels' }, png(OTHER_PNG)));
      expect(bad.status).toBe(400);
      expect(bad.body.message).toMatch(/^Category must be one of/);
      const svg = await edit(book._id, bookForm(changed, { content: SVG, name: 'x.svg', type: 'image/svg+xml' }));
      expect(svg.status).toBe(415);
      expect(await server.storedUploads()).toEqual(before);
      expect(server.pendingUploads()).toEqual([]);
      expect((await single(book._id)).body.data).toEqual(book);
    });
  });

  it('deletes a book to the trash; its cover goes when the trash entry does', async () => {
    const book = await addValid();
    const name = fileName(book.bookImage);
    expect(await server.storedUploads()).toContain(name);
    const res = await server.call('DELETE', `/api/v1/book/${admin}/${book._id}`, { token });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: 'Book deleted successfully' });
    // Kept in the trash with its record; gone once the entry is deleted for good.
    expect(await server.storedUploads()).toContain(name);
    const entry = res.headers.get('trash-entry');
    expect((await server.call('DELETE', `/api/v1/trash/${entry}`, { token })).status).toBe(200);
    expect(await server.storedUploads()).not.toContain(name);
    expect((await single(book._id)).status).toBe(404);
    expect((await list()).body.data.map((b: { _id: string }) => b._id)).not.toContain(book._id);
    const again = await server.call('DELETE', `/api/v1/book/${admin}/${book._id}`, { token });
    expect(again.status).toBe(404);
  });

  it('lists newest first and reflects every write at once', async () => {
    const first = await addValid({ bookName: 'First' });
    const second = await addValid({ bookName: 'Second' });
    const third = await addValid({ bookName: 'Third' });
    const names = async () => ((await list()).body.data as { bookName: string }[]).map((b) => b.bookName);
    expect((await names()).slice(0, 3)).toEqual(['Third', 'Second', 'First']);
    expect((await list()).body.data[0]).toEqual(third);

    await edit(second._id, bookForm({ ...valid, bookName: 'Second, revised' }));
    expect((await names()).slice(0, 3)).toEqual(['Third', 'Second, revised', 'First']);
    await server.call('DELETE', `/api/v1/book/${admin}/${third._id}`, { token });
    expect((await names()).slice(0, 2)).toEqual(['Second, revised', 'First']);
    expect(first._id < second._id).toBe(true);
  });

  it('answers the list and a book with a strong ETag, and 304 to If-None-Match', async () => {
    const book = await addValid();
    for (const read of [list, (headers?: Record<string, string>) => single(book._id, headers)]) {
      const res = await read();
      const etag = res.headers.get('etag')!;
      expect(etag).toMatch(/^"[^"]+"$/);
      expect(res.headers.get('cache-control')).toBe('no-cache');
      const again = await read({ 'if-none-match': etag });
      expect(again.status).toBe(304);
      expect(again.text).toBe('');
      expect(again.headers.get('etag')).toBe(etag);
      expect((await read({ 'if-none-match': `"other", W/${etag}` })).status).toBe(304);
      expect((await read({ 'if-none-match': '"other"' })).status).toBe(200);
    }
    const stale = (await list()).headers.get('etag')!;
    await addValid({ bookName: 'Newer' });
    const fresh = await list({ 'if-none-match': stale });
    expect(fresh.status).toBe(200);
    expect(fresh.headers.get('etag')).not.toBe(stale);
    expect(fresh.body.data[0].bookName).toBe('Newer');
  });

  it('compresses the list for clients that accept it, with an ETag per encoding', async () => {
    await addValid();
    await addValid();
    const plain = await list({ 'accept-encoding': 'identity' });
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(plain.text.length).toBeGreaterThan(1024);
    expect(plain.headers.get('vary')).toMatch(/accept-encoding/i);

    const gzip = await list({ 'accept-encoding': 'gzip' });
    expect(gzip.headers.get('content-encoding')).toBe('gzip');
    expect(gzip.body).toEqual(plain.body); // fetch decompressed it
    expect(gzip.headers.get('etag')).not.toBe(plain.headers.get('etag'));
    const br = await list({ 'accept-encoding': 'gzip;q=0.5, br' });
    expect(br.headers.get('content-encoding')).toBe('br');
    expect(br.body).toEqual(plain.body);
    // The encoded ETag also validates: 304.
    expect((await list({ 'accept-encoding': 'gzip', 'if-none-match': gzip.headers.get('etag')! })).status).toBe(304);

    // The bytes on the wire really are gzip (node:http does not decompress).
    const raw = await rawGet(`${server.url}/api/v1/all/books/`, { 'accept-encoding': 'gzip' });
    expect(JSON.parse(gunzipSync(raw.body).toString())).toEqual(plain.body);
  });

  it('counts books and new books (the last 30 days) in the analytics', async () => {
    const before = (await server.call('GET', `/api/v1/analytics/${admin}`, { token })).body.data;
    await addValid({ bookName: 'Counted' });
    const old = new Date(Date.now() - 40 * 24 * 60 * 60 * 1000);
    await server.db.kysely
      .insertInto('books')
      .values({
        _id: newId(old),
        book_name: 'Old',
        book_link: 'https://example.org/old',
        book_image: 'ffffffffffffffffffffffffffffffff.png',
        category: 'Devotional',
        date_added: timestamp(old),
        updated_at: timestamp(old),
      })
      .execute();
    const res = await server.call('GET', `/api/v1/analytics/${admin}`, { token });
    expect(res.status).toBe(200);
    expect(res.body.data.totalBooks).toBe(before.totalBooks + 2);
    expect(res.body.data.newBooks).toBe(before.newBooks + 1);
    const count = await server.db.kysely
      .selectFrom('books')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirst();
    expect(res.body.data.totalBooks).toBe(Number(count!.n));
  });

  it('documents the book calls, the uploads as multipart/form-data', async () => {
    const res = await server.call('GET', '/api/v1/openapi.json');
    const paths = res.body.paths;
    expect(Object.keys(paths)).toEqual(
      expect.arrayContaining([
        '/api/v1/add/book/{userId}',
        '/api/v1/all/books/',
        '/api/v1/single/book/{id}',
        '/api/v1/edit/book/{userId}/{bookId}',
        '/api/v1/book/{userId}/{bookId}',
      ]),
    );
    for (const path of ['/api/v1/add/book/{userId}', '/api/v1/edit/book/{userId}/{bookId}']) {
      const body = paths[path].post.requestBody.content['multipart/form-data'].schema;
      expect(Object.keys(body.properties).sort()).toEqual(['bookImage', 'bookLink', 'bookName', 'category']);
      expect(paths[path].post.security).toEqual([{ bearerAuth: [] }]);
    }
    expect(
      paths['/api/v1/add/book/{userId}'].post.requestBody.content['multipart/form-data'].schema.required,
    ).toContain('bookImage');
  });
});

describe.each(engines())('the book list cache on %s', (_name, engine) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer(engine, { listCacheCheckMs: 0 });
  });
  afterAll(() => server.close());

  it('notices books written by another process (through the change counter)', async () => {
    expect((await server.call('GET', '/api/v1/all/books/')).body.data).toEqual([]);
    const now = new Date();
    // Another process: the same database, not this server's cache.
    await server.db.kysely.transaction().execute(async (trx) => {
      await trx
        .insertInto('books')
        .values({
          _id: newId(now),
          book_name: 'Written elsewhere',
          book_link: 'https://example.org/elsewhere',
          book_image: '0123456789abcdef0123456789abcdef.png',
          category: 'Study Materials',
          date_added: timestamp(now),
          updated_at: timestamp(now),
        })
        .execute();
      await bumpChangeCounter(trx, 'books');
    });
    const res = await server.call('GET', '/api/v1/all/books/');
    expect(res.body.data.map((b: { bookName: string }) => b.bookName)).toEqual(['Written elsewhere']);
    expect(res.body.data[0].bookImage).toBe(`${server.url}/uploads/0123456789abcdef0123456789abcdef.png`);
  });

  it("never takes URLs from the Host header: every Host gets the one cached answer with the server's own origin", async () => {
    // fetch always sends the real host; node:http sends what it is given.
    const hosts = [
      'office.example.org:8443',
      'evil.example',
      'a.example',
      'b.example',
      'c.example',
      'd.example',
      'e.example',
      'f.example',
    ];
    const answers = await Promise.all(hosts.map((host) => rawGet(`${server.url}/api/v1/all/books/`, { host })));
    expect(new Set(answers.map((answer) => answer.headers.etag)).size).toBe(1);
    expect(JSON.parse(answers[1]!.body.toString()).data[0].bookImage).toBe(
      `${server.url}/uploads/0123456789abcdef0123456789abcdef.png`,
    );
    const badHost = await rawGet(`${server.url}/api/v1/all/books/`, { host: 'evil.example"><script>' });
    expect(badHost.status).toBe(200);
    expect(badHost.body.toString()).not.toContain('evil.example');
  });
});

describe('book URLs with PUBLIC_URL', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer({ engine: 'sqlite' }, { publicUrl: 'https://office.example.org/backoffice' });
  });
  afterAll(() => server.close());

  it('puts PUBLIC_URL in front of /uploads/, whatever the Host', async () => {
    const token = await server.login();
    const res = await server.call('POST', `/api/v1/add/book/${server.admin._id}`, {
      token,
      form: bookForm(valid, png()),
    });
    expect(res.status).toBe(201);
    expect(res.body.data.bookImage).toMatch(/^https:\/\/office\.example\.org\/backoffice\/uploads\/[0-9a-f]{32}\.png$/);
    const listed = await server.call('GET', '/api/v1/all/books');
    expect(listed.body.data[0].bookImage).toBe(res.body.data.bookImage);
  });
});
