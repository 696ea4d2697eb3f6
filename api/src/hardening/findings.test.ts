import net from 'node:net';
import { loadConfig } from '../config';
import fs from 'node:fs';
import {
  engines,
  makeFrontEndFixture,
  multipartForm,
  startServer,
  VALID_REFLECTION,
  type TestServer,
} from '../testing/harness';
import type { OpenApiDocument, SchemaObject } from '../testing/openapi';
import { solidPng } from '../uploads/png';
import { NO_CONTROL_CHARACTERS } from '../http/contract';

// What an outside probe of the production build found, each kept fixed here: control
// characters in texts, links that only look like links, and a client picking its own address.

const png = { content: solidPng(4, 4, [10, 120, 10]), name: 'cover.png', type: 'image/png' };

/** Every control character but tab, LF and CR, one per text. */
const CONTROL = ['\u0000', '\u0001', '\u0008', '\u000b', '\u000c', '\u001b', '\u001f', '\u007f'];

describe.each(engines())('hardened input on %s', (_name, engine) => {
  let server: TestServer;
  let token: string;
  let admin: string;

  beforeAll(async () => {
    server = await startServer(engine);
    token = await server.login();
    admin = server.admin._id;
  });
  afterAll(() => server.close());

  it('refuses control characters in every free text a request body takes, and bounds every text (the OpenAPI document says so)', async () => {
    const document = (await server.call('GET', '/api/v1/openapi.json')).body as OpenApiDocument;
    const resolve = (schema: SchemaObject) =>
      schema.$ref ? document.components.schemas[schema.$ref.replace('#/components/schemas/', '')]! : schema;
    const unguarded: string[] = [];
    const unbounded: string[] = [];
    const visit = (schema: SchemaObject, where: string) => {
      const resolved = resolve(schema);
      if (resolved.type === 'string' && !resolved.enum && resolved.format !== 'binary' && !resolved.maxLength)
        unbounded.push(where);
      if (resolved.anyOf) resolved.anyOf.forEach((inner) => visit(inner, where));
      else if (resolved.type === 'array' && resolved.items) visit(resolved.items, `${where}[]`);
      else if (resolved.type === 'object')
        for (const [name, inner] of Object.entries(resolved.properties ?? {})) visit(inner, `${where}.${name}`);
      else if (
        resolved.type === 'string' &&
        !resolved.enum &&
        resolved.format !== 'binary' &&
        resolved.format !== 'uri'
      )
        if (resolved.pattern !== NO_CONTROL_CHARACTERS) unguarded.push(where);
    };
    let texts = 0;
    for (const [url, operations] of Object.entries(document.paths))
      for (const [method, operation] of Object.entries(operations))
        for (const { schema } of Object.values(operation.requestBody?.content ?? {})) {
          texts++;
          visit(schema, `${method.toUpperCase()} ${url}`);
        }
    expect(texts).toBeGreaterThan(20);
    expect(unguarded).toEqual([]);
    expect(unbounded).toEqual([]);
  });

  const json = (url: string, body: Record<string, unknown>, field: string, words: string) => ({
    url,
    body,
    field,
    words,
  });
  const reflection = { date: '2026-03-01', ...VALID_REFLECTION };
  const jsonCases = () => [
    json(
      '/api/v1/mass/intention',
      { fullname: 'Ada', email: 'ada@example.com', intention: 'Peace' },
      'fullname',
      'Full name',
    ),
    json(
      '/api/v1/mass/intention',
      { fullname: 'Ada', email: 'ada@example.com', intention: 'Peace' },
      'intention',
      'Intention',
    ),
    json('/api/v1/prayer/request', { request: 'Pray for us' }, 'request', 'The request'),
    json(`/api/v1/add/prayer/${admin}`, { title: 'Angelus', prayer: 'The angel' }, 'prayer', 'Prayer'),
    json(
      `/api/v1/add/account/${admin}`,
      {
        bankName: 'First',
        bankAccountNumber: '0012',
        bankAccountHolderName: 'Parish',
        currency: 'NGN',
        bankSwiftCode: 'X',
      },
      'bankSwiftCode',
      'Swift code',
    ),
    json(`/api/v1/post/about/${admin}`, { text: '<p>About</p>' }, 'text', 'The About Us text'),
    json(`/api/v1/add/adult/reflection/${admin}`, reflection, 'topic', 'Topic'),
    json(`/api/v1/add/children/reflection/${admin}`, reflection, 'reflection', 'Reflection'),
    json(
      `/api/v1/add/reading/${admin}`,
      { day: 1, week: 1, date: '2026-01-01', passage: 'Gen 1' },
      'passage',
      'Passage',
    ),
  ];

  it('answers a control character in a JSON text with a 400 naming the field, storing nothing', async () => {
    const before = await server.call('GET', `/api/v1/prayer/request/${admin}`, { token });
    for (const { url, body, field, words } of jsonCases()) {
      for (const character of CONTROL) {
        const res = await server.call('POST', url, {
          token,
          json: { ...body, [field]: `before${character}after` },
        });
        expect({ url, character, status: res.status, body: res.body }).toEqual({
          url,
          character,
          status: 400,
          body: { message: `${words} must not contain control characters` },
        });
      }
    }
    const after = await server.call('GET', `/api/v1/prayer/request/${admin}`, { token });
    expect(after.body.data).toEqual(before.body.data);
    expect((await server.call('GET', '/api/v1/get/prayers')).body.data).toEqual([]);
    expect((await server.call('GET', '/api/v1/weekly/reading/1')).body.data).toEqual([]);
  });

  it('keeps tabs and line breaks, which are text', async () => {
    const res = await server.call('POST', '/api/v1/prayer/request', { json: { request: 'One\tTwo\r\nThree\nFour' } });
    expect(res.status).toBe(201);
    expect(res.body.data.request).toBe('One\tTwo\r\nThree\nFour');
  });

  it('refuses a control character in an imported reading and in a multipart form field', async () => {
    const imported = await server.call('POST', `/api/v1/import/readings/${admin}`, {
      token,
      json: { readings: [{ day: 2, week: 1, date: '2026-01-02', passage: 'Gen\u00002' }] },
    });
    expect(imported.status).toBe(400);
    expect(JSON.stringify(imported.body)).toContain('Passage must not contain control characters');

    const book = await server.call('POST', `/api/v1/add/book/${admin}`, {
      token,
      form: multipartForm({ bookName: 'Con\u0000fessions', bookLink: 'https://example.org/c' }, { bookImage: png }),
    });
    expect(book.status).toBe(400);
    expect(book.body).toEqual({ message: 'Title must not contain control characters' });
    const group = await server.call('POST', `/api/v1/add/group/${admin}`, {
      token,
      form: multipartForm(
        { groupName: 'Choir', groupLink: 'https://example.org/g', groupDescription: 'We \u001b sing' },
        { groupImage: png },
      ),
    });
    expect(group.body).toEqual({ message: 'Description must not contain control characters' });
    expect((await server.call('GET', '/api/v1/all/books/')).body.data).toEqual([]);
    expect((await server.call('GET', '/api/v1/all/groups')).body.data).toEqual([]);
    expect(await server.storedUploads()).toEqual([]);
  });

  it.each([
    ['https:alert(1)'],
    ['https:example.org/page'],
    ['http:/example.org'],
    ['https://exa mple.org'],
    ['https://example.org/a\u0000b'],
    ['https://example.org\\@evil.example'],
    ['https://<img src=x>/'],
    ['javascript://example.org/%0aalert(1)'],
    ['https://'],
  ])('refuses %j as a link of a book, a stream and a group', async (link) => {
    const book = await server.call('POST', `/api/v1/add/book/${admin}`, {
      token,
      form: multipartForm({ bookName: 'Confessions', bookLink: link }, { bookImage: png }),
    });
    const stream = await server.call('POST', `/api/v1/add/stream/${admin}`, {
      token,
      form: multipartForm({ name: 'Sunday Mass', streamingLink: link, category: 'Live Events' }, { file: png }),
    });
    const group = await server.call('POST', `/api/v1/add/group/${admin}`, {
      token,
      form: multipartForm({ groupName: 'Choir', groupLink: link, groupDescription: 'We sing' }, { groupImage: png }),
    });
    expect([book.status, stream.status, group.status]).toEqual([400, 400, 400]);
    expect(book.body.message).toMatch(/^Link must (be a valid URL|not contain control characters)/);
    expect(await server.storedUploads()).toEqual([]);
  });

  it('stores a link as it parses: scheme and host in lower case, unsafe characters escaped', async () => {
    const book = await server.call('POST', `/api/v1/add/book/${admin}`, {
      token,
      form: multipartForm(
        { bookName: 'Confessions', bookLink: 'HTTPS://Example.ORG/Saint/Augustin?q=é' },
        { bookImage: png },
      ),
    });
    expect(book.status).toBe(201);
    expect(book.body.data.bookLink).toBe('https://example.org/Saint/Augustin?q=%C3%A9');
    const stored = await server.call('GET', `/api/v1/single/book/${book.body.data._id as string}`);
    expect(stored.body.data.bookLink).toBe('https://example.org/Saint/Augustin?q=%C3%A9');
    await server.call('DELETE', `/api/v1/book/${admin}/${book.body.data._id as string}`, { token });
  });

  it("bounds the current file's address an edit form may send in place of a file", async () => {
    const book = await server.call('POST', `/api/v1/add/book/${admin}`, {
      token,
      form: multipartForm({ bookName: 'Confessions', bookLink: 'https://example.org/c' }, { bookImage: png }),
    });
    const id = book.body.data._id as string;
    const edit = await server.call('POST', `/api/v1/edit/book/${admin}/${id}`, {
      token,
      form: multipartForm({
        bookName: 'Renamed',
        bookLink: 'https://example.org/c',
        bookImage: `https://x/${'a'.repeat(2000)}`,
      }),
    });
    expect(edit.status).toBe(400);
    expect(edit.body).toEqual({ message: 'The cover is too long' });
    expect((await server.call('GET', `/api/v1/single/book/${id}`)).body.data.bookName).toBe('Confessions');
    await server.call('DELETE', `/api/v1/book/${admin}/${id}`, { token });
  });
});

describe('the client address behind a proxy', () => {
  const loginStatuses = async (trustProxy: string, forwarded: (attempt: number) => string) => {
    const server = await startServer(engines()[0]![1], {
      trustProxy: loadConfig({ TRUST_PROXY: trustProxy }).trustProxy,
      loginRateMax: 3,
    });
    try {
      const statuses: number[] = [];
      for (let attempt = 0; attempt < 6; attempt++) {
        const res = await server.call('POST', '/api/v1/admin/login', {
          json: { email: 'admin@example.com', password: 'wrong password' },
          headers: { 'x-forwarded-for': forwarded(attempt) },
        });
        statuses.push(res.status);
      }
      return statuses;
    } finally {
      await server.close();
    }
  };

  it('with the proxy named (loopback here), varying the left-most X-Forwarded-For does not escape the login limit', async () => {
    expect(await loginStatuses('127.0.0.1', (attempt) => `10.9.${attempt}.1, 203.0.113.7`)).toEqual([
      401, 401, 401, 429, 429, 429,
    ]);
  });

  it('a client connecting directly, not through a named proxy, cannot pick its address with X-Forwarded-For', async () => {
    expect(await loginStatuses('10.0.0.1, 10.1.0.0/16', (attempt) => `203.0.113.${attempt}`)).toEqual([
      401, 401, 401, 429, 429, 429,
    ]);
  });

  it('refuses a hop count or "true": only the proxies named are trusted', () => {
    // A count trusts the right-most hop whoever connects, so a client reaching the server directly
    // could rotate its address through every rate limit.
    for (const value of ['1', '2', 'true', 'everyone']) {
      expect(() => loadConfig({ TRUST_PROXY: value })).toThrow(/TRUST_PROXY must name the reverse proxies/);
    }
    expect(loadConfig({ TRUST_PROXY: '10.0.0.1, 10.1.0.0/16' }).trustProxy).toEqual(['10.0.0.1', '10.1.0.0/16']);
    expect(loadConfig({ TRUST_PROXY: 'loopback' }).trustProxy).toEqual(['loopback']);
    expect(loadConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(false);
  });
});

/** A raw connection: what it receives, and when it closed (ms after opening). */
function rawConnection(url: string) {
  const { hostname, port } = new URL(url);
  const socket = net.connect(Number(port), hostname);
  const opened = Date.now();
  let received = '';
  let closedAfter: number | undefined;
  socket.on('data', (chunk) => (received += chunk.toString('latin1')));
  socket.on('error', () => undefined);
  const closed = new Promise<number>((resolve) =>
    socket.on('close', () => resolve((closedAfter = Date.now() - opened))),
  );
  return {
    socket,
    closed,
    received: () => received,
    isClosed: () => closedAfter !== undefined,
    /** Writes unless the server closed the connection; false once it did. */
    write: (data: string | Buffer) => !socket.destroyed && socket.write(data),
  };
}

describe('slow and oversize clients', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer(engines()[0]![1], {
      connections: {
        headersTimeoutMs: 1000,
        // A steady client below sends ten times this; a dribbled one a fortieth of it. Margins that wide
        // keep a paused event loop (a GC, a busy neighbour) from cutting the steady one.
        bodyMinBytesPerSecond: 200,
        bodyRateWindowMs: 1000,
        maxConnections: 50,
        maxConnectionsPerAddress: 50,
        keepAliveTimeoutMs: 500,
        maxRequestsPerSocket: 100,
        checkEveryMs: 100,
      },
      uploadMaxImageBytes: 100 * 1024,
      uploadMaxFileBytes: 200 * 1024,
    });
  });
  afterAll(() => server.close());

  it('closes a connection whose headers never finish', async () => {
    const client = rawConnection(server.url);
    client.write('GET /api/v1/all/books/ HTTP/1.1\r\nHost: x\r\n');
    const dribble = setInterval(() => client.write('X-A: b\r\n'), 200);
    const closedAfter = await client.closed;
    clearInterval(dribble);
    expect(closedAfter).toBeLessThan(5000);
  });

  it.each([
    ['a public submit', 'POST /api/v1/prayer/request'],
    ['an unknown address', 'POST /api/v1/no/such/route'],
    ['a write without a token', 'POST /api/v1/add/prayer/abc'],
    ['a GET with a body', 'GET /api/v1/all/books/'],
  ])('cuts a dribbled body on %s, and answers others meanwhile', async (_case, requestLine) => {
    const client = rawConnection(server.url);
    client.write(
      `${requestLine} HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 5000\r\n\r\n{`,
    );
    const dribble = setInterval(() => client.write(' '), 200);
    const other = await server.call('GET', '/api/v1/all/books/');
    expect(other.status).toBe(200);
    const closedAfter = await client.closed;
    clearInterval(dribble);
    expect(closedAfter).toBeLessThan(5000);
  });

  it('closes an idle keep-alive connection after its timeout', async () => {
    const client = rawConnection(server.url);
    client.write('GET /api/v1/all/books/ HTTP/1.1\r\nHost: x\r\nConnection: keep-alive\r\n\r\n');
    const closedAfter = await client.closed;
    expect(client.received()).toMatch(/^HTTP\/1\.1 200/);
    // KEEP_ALIVE_TIMEOUT_MS is 500 here: closed by the server, not held open for the client.
    expect(closedAfter).toBeLessThan(3000);
  });

  it('holds at most MAX_CONNECTIONS connections, and answers again once they are gone', async () => {
    // 50 here: of 70 connections opened at once, those past the cap are closed at once.
    const clients = Array.from({ length: 70 }, () => rawConnection(server.url));
    const closedCount = () => clients.filter((client) => client.isClosed()).length;
    // Without a cap none would close: waiting (up to 10 s) for 20 keeps the test able to fail.
    for (const started = Date.now(); closedCount() < 20 && Date.now() - started < 10_000;) {
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    expect(closedCount()).toBeGreaterThanOrEqual(20);
    for (const client of clients) client.socket.destroy();
    await Promise.all(clients.map((client) => client.closed));
    expect((await server.call('GET', '/api/v1/all/books/')).status).toBe(200);
  });

  it('lets a body that keeps up the minimum rate finish', async () => {
    const body = JSON.stringify({ request: 'Pray for the sick of our parish. '.repeat(55) });
    const client = rawConnection(server.url);
    client.write(
      `POST /api/v1/prayer/request HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\nConnection: close\r\n\r\n`,
    );
    // 1,800 bytes in 0.9 s: ten times the configured minimum of 200 bytes a second.
    for (let at = 0; at < body.length; at += 200) {
      client.write(body.slice(at, at + 200));
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    await client.closed;
    expect(client.received()).toMatch(/^HTTP\/1\.1 201/);
  });

  it('ends a request whose body keeps up the rate but outlasts the deadline scaled to the largest upload', async () => {
    // A deadline of 1 s (headers) + 400 bytes (the largest upload) at 200 bytes a second: 3 s.
    const short = await startServer(engines()[0]![1], {
      connections: { ...server.config.connections, checkEveryMs: 100 },
      uploadMaxImageBytes: 300,
      uploadMaxFileBytes: 400,
    });
    try {
      const client = rawConnection(short.url);
      client.write(
        'POST /api/v1/prayer/request HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 12000\r\n\r\n{"request":"',
      );
      // 2,000 bytes a second, ten times the minimum rate: only the deadline can end it (Node's 408).
      const dribble = setInterval(() => client.write('a'.repeat(200)), 100);
      const closedAfter = await client.closed;
      clearInterval(dribble);
      expect(client.received()).toMatch(/^HTTP\/1\.1 408/);
      expect(closedAfter).toBeGreaterThan(2500);
      expect(closedAfter).toBeLessThan(6000);
    } finally {
      await short.close();
    }
  });

  it('refuses an upload whose declared size is past its limit before reading its body', async () => {
    const client = rawConnection(server.url);
    client.write(
      `POST /api/v1/add/donation/${server.admin._id} HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${await server.login()}\r\n` +
        'Content-Type: multipart/form-data; boundary=XyZ\r\nContent-Length: 300000000\r\n\r\n',
    );
    await client.closed;
    expect(client.received()).toMatch(/^HTTP\/1\.1 413/);
    expect(client.received()).toContain('"message":"The file is too large (at most 200 KB)"');
  });

  it('answers 413 as soon as a file without a declared size passes its limit', async () => {
    const token = await server.login();
    const client = rawConnection(server.url);
    client.write(
      `POST /api/v1/add/book/${server.admin._id} HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${token}\r\n` +
        'Content-Type: multipart/form-data; boundary=XyZ\r\nTransfer-Encoding: chunked\r\n\r\n',
    );
    const chunk = (data: Buffer | string) => {
      const bytes = Buffer.from(data);
      return client.write(Buffer.concat([Buffer.from(`${bytes.length.toString(16)}\r\n`), bytes, Buffer.from('\r\n')]));
    };
    chunk(
      '--XyZ\r\nContent-Disposition: form-data; name="bookImage"; filename="c.png"\r\nContent-Type: image/png\r\n\r\n',
    );
    chunk(solidPng(4, 4, [1, 2, 3]));
    let sent = 0;
    // Up to 50 MB, 64 KB at a time, until the answer comes.
    while (sent < 50 * 1024 * 1024 && !client.received() && !client.isClosed()) {
      if (!chunk(Buffer.alloc(64 * 1024))) await new Promise((resolve) => setTimeout(resolve, 5));
      sent += 64 * 1024;
      if (sent % (1024 * 1024) === 0) await new Promise((resolve) => setImmediate(resolve));
    }
    await client.closed;
    expect(client.received()).toMatch(/^HTTP\/1\.1 413/);
    expect(client.received()).toContain('The cover is too large (at most 100 KB)');
    expect(sent).toBeLessThan(10 * 1024 * 1024);
    expect(server.pendingUploads()).toEqual([]);
  });
});

describe('security headers', () => {
  let server: TestServer;
  let fixture: ReturnType<typeof makeFrontEndFixture>;
  beforeAll(async () => {
    fixture = makeFrontEndFixture();
    server = await startServer(engines()[0]![1], {
      staticRoots: fixture.staticRoots,
      remoteOrigins: ['https://cdn.example.org'],
    });
    server.app.releases.adoptBuilds(fixture.staticRoots.remoteBuilds);
  });
  afterAll(async () => {
    await server.close();
    fs.rmSync(fixture.root, { recursive: true, force: true });
  });

  const policyOf = (headers: Headers) =>
    Object.fromEntries(
      (headers.get('content-security-policy') ?? '')
        .split(';')
        .map((directive) => directive.trim().split(/\s+/))
        .filter(([name]) => name)
        .map(([name, ...values]) => [name, values]),
    ) as Record<string, string[]>;

  it.each([
    ['the shell page', '/'],
    ['a screen (SPA fallback)', '/bookshelf'],
    ['a public API answer', '/api/v1/all/books/'],
    ['an API error', '/api/v1/no/such/call'],
  ])('%s carries a strict policy: no inline script, no framing, nosniff, a referrer policy', async (_case, url) => {
    const res = await server.call('GET', url);
    const policy = policyOf(res.headers);
    expect(policy['script-src']).toEqual(["'self'", 'https://cdn.example.org']);
    expect(policy['style-src']).toEqual(["'self'", "'unsafe-inline'", 'https://cdn.example.org']);
    expect(policy['connect-src']).toEqual(["'self'", 'https://cdn.example.org']);
    expect(policy['frame-ancestors']).toEqual(["'none'"]);
    expect(policy['object-src']).toEqual(["'none'"]);
    expect(policy['default-src']).toEqual(["'self'"]);
    expect(policy['upgrade-insecure-requests']).toBeUndefined();
    expect(res.headers.get('x-frame-options')).toBe('DENY');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    // Plain http (no https PUBLIC_URL): no HSTS.
    expect(res.headers.get('strict-transport-security')).toBeNull();
  });

  it("keeps the uploads' own sandbox policy, and lets other origins load uploads and releases", async () => {
    const token = await server.login();
    const book = await server.call('POST', `/api/v1/add/book/${server.admin._id}`, {
      token,
      form: multipartForm({ bookName: 'Confessions', bookLink: 'https://example.org/c' }, { bookImage: png }),
    });
    const image = await fetch(book.body.data.bookImage as string);
    expect(image.headers.get('content-security-policy')).toBe("default-src 'none'; sandbox");
    expect(image.headers.get('x-content-type-options')).toBe('nosniff');
    expect(image.headers.get('cross-origin-resource-policy')).toBe('cross-origin');
    const entry = await fetch(`${server.url}/remotes/content/1.0.0-aaaaaaa/remoteEntry.js`);
    expect(entry.status).toBe(200);
    expect(entry.headers.get('cross-origin-resource-policy')).toBe('cross-origin');
    expect(entry.headers.get('x-content-type-options')).toBe('nosniff');
  });
});
