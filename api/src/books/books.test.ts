import http from 'node:http';
import { gunzipSync } from 'node:zlib';
import { newId, timestamp } from '../db/ids';
import { engines, multipartForm, startServer, type FileSpec, type TestServer } from '../testing/harness';
import { solidPng } from '../uploads/png';
import { BOOK_CATEGORIES } from './schemas';

// What is the books' own: their answer, their fields' words, the picture kinds a cover may be, and
// the public list's compression and origin (tried here on the books). What every resource shares is
// in resources/resources.test.ts.

const PNG = solidPng(8, 8, [180, 40, 40]);

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
  beforeAll(async () => {
    server = await startServer(engine, { listCacheCheckMs: 60_000 });
    token = await server.login();
    admin = server.admin._id;
  });
  afterAll(() => server.close());

  const add = (form: FormData) => server.call('POST', `/api/v1/add/book/${admin}`, { form, token });
  const list = (headers: Record<string, string> = {}) => server.call('GET', '/api/v1/all/books/', { headers });

  /** Adds a valid book and answers its data. */
  async function addValid(fields: Partial<typeof valid> = {}) {
    const res = await add(bookForm({ ...valid, ...fields }, png()));
    expect(res.status).toBe(201);
    return res.body.data as Record<string, string>;
  }

  it('adds a book: the answer the mobile app reads, with id beside _id and the cover as a URL', async () => {
    const res = await add(bookForm(valid, png()));
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
    const one = await server.call('GET', `/api/v1/single/book/${res.body.data._id as string}`);
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

  it.each([
    [{ bookName: undefined }, 'Title is required'],
    [{ bookLink: '' }, 'Link is required'],
    [{ bookLink: 'javascript:alert(1)' }, 'Link must be a valid URL starting with http:// or https://'],
    [{ category: 'Novels' }, `Category must be one of: ${BOOK_CATEGORIES.join(', ')}`],
    [{ category: '' }, `Category must be one of: ${BOOK_CATEGORIES.join(', ')}`],
  ])('names its fields as the form does: %j is refused with "%s"', async (fields, message) => {
    const res = await add(bookForm({ ...valid, ...fields }, png()));
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ message });
  });

  it('takes the four categories of the spec', async () => {
    for (const category of BOOK_CATEGORIES) expect((await addValid({ category })).category).toBe(category);
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

  it('shows each write at the next read in every encoding, though the list is answered from memory', async () => {
    const encodings = ['identity', 'gzip', 'br'];
    // Enough books for a compressed answer (1 kB and more).
    for (let i = 0; i < 4; i++) await addValid();
    const names = async (encoding: string) => {
      const res = await list({ 'accept-encoding': encoding });
      expect(res.headers.get('content-encoding')).toBe(encoding === 'identity' ? null : encoding);
      return (res.body.data as { bookName: string }[]).map((book) => book.bookName);
    };
    // Twice each: the second is answered from the bytes kept, before the framework (ready-answers.ts).
    const answered = server.app.readyAnswers.answered;
    for (const encoding of [...encodings, ...encodings]) expect(await names(encoding)).not.toContain('Kept answer');
    expect(server.app.readyAnswers.answered).toBeGreaterThan(answered);
    const book = await addValid({ bookName: 'Kept answer' });
    for (const encoding of encodings) expect(await names(encoding)).toContain('Kept answer');
    for (const encoding of encodings) expect(await names(encoding)).toContain('Kept answer');
    const edited = await server.call('POST', `/api/v1/edit/book/${admin}/${book._id}`, {
      form: bookForm({ ...valid, bookName: 'Kept answer, renamed' }),
      token,
    });
    expect(edited.status).toBe(200);
    for (const encoding of encodings) expect(await names(encoding)).toContain('Kept answer, renamed');
    expect((await server.call('DELETE', `/api/v1/book/${admin}/${book._id}`, { token })).status).toBe(200);
    for (const encoding of encodings) expect(await names(encoding)).not.toContain('Kept answer, renamed');
  });

  it("answers the built list before the framework with the framework's headers and bytes, its id and its time", async () => {
    await addValid();
    const path = '/api/v1/all/books/';
    const count = async () => {
      const text = await server.app.metrics.text();
      const line = `http_request_duration_seconds_count{method="GET",route="${path}",status_code="200"} `;
      return Number(
        text
          .split('\n')
          .find((sample) => sample.startsWith(line))
          ?.slice(line.length) ?? 0,
      );
    };
    const counted = await count();
    const framework = (encoding: string) =>
      // A query string is left to the framework, which builds and compresses the answer when it must.
      rawGet(`${server.url}${path}?from=framework`, { 'accept-encoding': encoding });
    for (const encoding of ['gzip', 'br', 'identity']) {
      const expected = await framework(encoding);
      const answered = server.app.readyAnswers.answered;
      const ready = await rawGet(server.url + path, {
        'accept-encoding': encoding,
        'x-request-id': `ready-${encoding}`,
      });
      expect(server.app.readyAnswers.answered).toBe(answered + 1);
      expect(ready.status).toBe(200);
      expect(ready.body.equals(expected.body)).toBe(true);
      // The same headers but the date and the request's id, which are each answer's own.
      const apart = ({ date, 'x-request-id': id, ...rest }: http.IncomingHttpHeaders) => ({ date, id, rest });
      const headers = apart(ready.headers).rest;
      const id = apart(ready.headers).id;
      expect(headers).toEqual(apart(expected.headers).rest);
      expect(headers['content-security-policy']).toBeDefined();
      expect(id).toBe(`ready-${encoding}`);
    }
    expect((await rawGet(server.url + path, {})).headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    // Timed as the framework's answers are (the metric counts each when its answer is sent).
    const until = Date.now() + 2000;
    while ((await count()) < counted + 7 && Date.now() < until) await new Promise((resolve) => setImmediate(resolve));
    expect(await count()).toBe(counted + 7);
  });

  it('counts books and new books (the last 30 days) in the analytics', async () => {
    const before = (await server.call('GET', `/api/v1/analytics/${admin}`, { token })).body.data;
    await addValid({ bookName: 'Counted' });
    const old = new Date(Date.now() - 40 * 24 * 60 * 60 * 1000);
    await server.db.kysely
      .insertInto('books')
      .values({
        _id: newId(old),
        bookName: 'Old',
        bookLink: 'https://example.org/old',
        bookImage: 'ffffffffffffffffffffffffffffffff.png',
        category: 'Devotional',
        dateAdded: timestamp(old),
        updatedAt: timestamp(old),
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

  it("never takes URLs from the Host header: every Host gets the one cached answer with the server's own origin", async () => {
    const book = await addValid({ bookName: 'Hosted' });
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
    const listed = JSON.parse(answers[1]!.body.toString()).data as { _id: string; bookImage: string }[];
    expect(listed.find((one) => one._id === book._id)!.bookImage).toBe(book.bookImage);
    expect(book.bookImage.startsWith(`${server.url}/uploads/`)).toBe(true);
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
