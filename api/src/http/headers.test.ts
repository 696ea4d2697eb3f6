import { buildDirs } from '../config';
import fs from 'node:fs';
import { engines, makeFrontEndFixture, multipartForm, startServer, type TestServer } from '../testing/harness';
import { solidPng } from '../uploads/png';

// The security headers of every answer: pages, uploads and releases.

const png = { content: solidPng(4, 4, [10, 120, 10]), name: 'cover.png', type: 'image/png' };

describe('security headers', () => {
  let server: TestServer;
  let fixture: ReturnType<typeof makeFrontEndFixture>;
  beforeAll(async () => {
    fixture = makeFrontEndFixture();
    server = await startServer(engines()[0]![1], {
      staticRoots: fixture.staticRoots,
      remoteOrigins: ['https://cdn.example.org'],
    });
    server.app.releases.adoptBuilds(buildDirs(fixture.staticRoots));
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
