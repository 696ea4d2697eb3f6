import { buildDirs } from '../config';
import fs from 'node:fs';
import path from 'node:path';
import { engines, makeFrontEndFixture, startServer, type TestServer } from '../testing/harness';
import { SERVER_ERROR_MESSAGE } from './errors';
import { IMMUTABLE, NO_CACHE } from './files';
import { UploadStore } from '../uploads/store';

describe.each(engines())('HTTP basics on %s', (_name, engine) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer(engine, {}, (app) => {
      app.get('/api/v1/test/bug', async () => {
        throw new Error('secret internal detail');
      });
    });
  });
  afterAll(() => server.close());

  it('answers a bug with a generic 500, without its details', async () => {
    const res = await server.call('GET', '/api/v1/test/bug');
    expect(res.status).toBe(500);
    expect(res.body).toEqual({ message: SERVER_ERROR_MESSAGE });
  });

  it('describes itself at /api/v1/openapi.json', async () => {
    const res = await server.call('GET', '/api/v1/openapi.json');
    expect(res.status).toBe(200);
    expect(res.body.openapi).toMatch(/^3\./);
    const paths = res.body.paths as Record<string, Record<string, unknown>>;
    expect(Object.keys(paths).sort()).toEqual(
      [
        '/api/v1/admin/login',
        '/api/v1/analytics/{userId}',
        '/api/v1/analytics/calendar/{userId}',
        '/api/v1/add/book/{userId}',
        '/api/v1/all/books/',
        '/api/v1/single/book/{id}',
        '/api/v1/edit/book/{userId}/{bookId}',
        '/api/v1/book/{userId}/{bookId}',
        '/api/v1/auth/logout',
        '/api/v1/account',
        '/api/v1/account/password',
        '/api/v1/account/sessions',
        '/api/v1/account/sessions/{id}',
        '/api/v1/account/set-password',
        '/api/v1/account/forgot-password',
        '/api/v1/admin/login/two-factor',
        '/api/v1/admin/login/two-factor/setup',
        '/api/v1/admin/login/two-factor/enable',
        '/api/v1/account/two-factor',
        '/api/v1/account/two-factor/setup',
        '/api/v1/account/two-factor/enable',
        '/api/v1/account/two-factor/disable',
        '/api/v1/team/two-factor',
        '/api/v1/team',
        '/api/v1/activity',
        '/api/v1/team/{id}',
        '/api/v1/team/{id}/link',
        // the office's mail
        '/api/v1/mail',
        '/api/v1/mail/test',
        '/api/v1/mail/messages/{id}/send-again',
        // backups
        '/api/v1/backups',
        '/api/v1/backups/restore',
        '/api/v1/backups/schedule',
        '/api/v1/backups/{name}',
        '/api/v1/backups/{name}/download',
        '/api/v1/backups/{name}/restore',
        '/api/v1/mass/intention',
        '/api/v1/mass/intention/{userId}',
        '/api/v1/mass/intention/{userId}/{id}',
        '/api/v1/mass/intention/place/{userId}/{id}',
        '/api/v1/masses/week/{userId}',
        '/api/v1/masses/week/{userId}/pdf',
        '/api/v1/parish',
        '/api/v1/masses/regular/{userId}',
        '/api/v1/masses/report/{userId}',
        '/api/v1/export/intentions-report.csv',
        '/api/v1/export/intentions-report.xlsx',
        '/api/v1/add/regular/mass/{userId}',
        '/api/v1/edit/regular/mass/{userId}/{id}',
        '/api/v1/delete/regular/mass/{userId}/{id}',
        '/api/v1/add/mass/{userId}',
        '/api/v1/edit/mass/{userId}/{id}',
        '/api/v1/delete/mass/{userId}/{id}',
        '/api/v1/test/bug',
        '/api/v1/trash',
        '/api/v1/trash/{id}',
        '/api/v1/trash/{id}/restore',
        // groups and prayer requests
        '/api/v1/add/group/{userId}',
        '/api/v1/all/groups',
        '/api/v1/single/group/{id}',
        '/api/v1/edit/group/{userId}/{id}',
        '/api/v1/group/{userId}/{id}',
        '/api/v1/prayer/request',
        '/api/v1/prayer/request/{userId}',
        '/api/v1/prayer/request/{userId}/{id}',
        '/api/v1/prayer/requests/assignees/{userId}',
        '/api/v1/prayer/requests/state/{userId}',
        '/api/v1/all/prayer/request/{userId}',
        // content (Bible plan)
        '/api/v1/add/reading/{userId}',
        '/api/v1/weekly/reading/{week}',
        '/api/v1/edit/reading/{userId}/{id}',
        '/api/v1/delete/reading/{userId}/{id}',
        '/api/v1/import/readings/{userId}',
        '/api/v1/add/stream/{userId}',
        '/api/v1/stream',
        '/api/v1/edit/stream/{userId}/{id}',
        '/api/v1/delete/stream/{userId}/{id}',
        '/api/v1/add/adult/reflection/{userId}',
        '/api/v1/all/adult/reflection',
        '/api/v1/adult/reflection/{id}',
        '/api/v1/edit/adult/reflection/{userId}/{id}',
        '/api/v1/delete/adult/reflection/{userId}/{id}',
        '/api/v1/add/children/reflection/{userId}',
        '/api/v1/all/children/reflection',
        '/api/v1/children/reflection/{id}',
        '/api/v1/client-reports',
        '/api/v1/rollouts',
        '/api/v1/edit/children/reflection/{userId}/{id}',
        '/api/v1/delete/children/reflection/{userId}/{id}',
        '/api/v1/upload/reflection/image/{userId}',
        '/api/v1/version',
        // the remotes' releases
        '/api/v1/releases/{remote}/preview',
        '/api/v1/releases/preview',
        // the remotes' releases over HTTPS and their deploy tokens
        '/api/v1/releases/{remote}',
        '/api/v1/releases/{remote}/deploy',
        '/api/v1/releases/{remote}/rollback',
        '/api/v1/releases/{remote}/promote',
        '/api/v1/deploy-tokens',
        '/api/v1/deploy-tokens/{id}/revoke',
        // finance (donations, bank accounts, Section A prayers, About Us)
        '/api/v1/add/donation/{userId}',
        '/api/v1/all/donations',
        '/api/v1/single/donation/{id}',
        '/api/v1/edit/donation/{userId}/{id}',
        '/api/v1/donation/{userId}/{id}',
        '/api/v1/all/accounts',
        '/api/v1/add/account/{userId}',
        '/api/v1/edit/account/{userId}/{id}',
        '/api/v1/delete/account/{userId}/{id}',
        '/api/v1/get/prayers',
        '/api/v1/add/prayer/{userId}',
        '/api/v1/edit/prayer/{userId}/{id}',
        '/api/v1/delete/prayer/{userId}/{id}',
        '/api/v1/about',
        '/api/v1/post/about/{userId}',
        '/api/v1/edit/about/{userId}/{id}',
        // the History of every record with text the parish writes
        ...[
          'books',
          'streams',
          'groups',
          'prayers',
          'adult-reflections',
          'children-reflections',
          'about',
          'readings',
        ].flatMap((name) => [
          `/api/v1/${name}/{id}/versions`,
          `/api/v1/${name}/{id}/versions/{versionId}`,
          `/api/v1/${name}/{id}/versions/{versionId}/restore/{userId}`,
        ]),
        // every list's CSV and Excel export
        ...[
          'books',
          'bible-readings',
          'live-streams',
          'adult-reflections',
          'children-reflections',
          'groups',
          'mass-intentions',
          'prayer-requests',
          'donations',
          'bank-accounts',
          'prayers',
          'activity',
        ].flatMap((list) => [`/api/v1/export/${list}.csv`, `/api/v1/export/${list}.xlsx`]),
      ].sort(),
    );
    expect(Object.keys(paths['/api/v1/mass/intention'])).toEqual(['post']);
    expect(paths['/api/v1/analytics/{userId}'].get).toMatchObject({ security: [{ bearerAuth: [] }] });
    expect(res.body.components.securitySchemes.bearerAuth).toEqual({ type: 'http', scheme: 'bearer' });
  });

  it('compresses answers for clients that accept it', async () => {
    const res = await server.call('GET', '/api/v1/openapi.json', { headers: { 'accept-encoding': 'gzip' } });
    expect(res.headers.get('content-encoding')).toBe('gzip');
    expect(res.body.openapi).toBeDefined(); // fetch decompressed it
  });

  it('answers 404 JSON for an unknown API call', async () => {
    for (const [method, url] of [
      ['GET', '/api/v1/no/such/call'],
      ['POST', '/api/v1/analytics/x'],
      ['DELETE', '/api/v2/anything'],
    ]) {
      const res = await server.call(method, url);
      expect(res.status).toBe(404);
      expect(res.headers.get('content-type')).toMatch(/application\/json/);
      expect(res.body).toEqual({ message: expect.stringContaining(url) });
    }
  });

  it('answers 400 for malformed JSON', async () => {
    const res = await server.call('POST', '/api/v1/admin/login', {
      body: '{"email": "admin@example.com", ',
      headers: { 'content-type': 'application/json' },
    });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ message: 'The request body is not valid JSON' });
  });

  it('answers 415 with a message for a body type it does not take', async () => {
    const res = await server.call('POST', '/api/v1/admin/login', {
      body: 'x',
      headers: { 'content-type': 'text/xml' },
    });
    expect(res.status).toBe(415);
    expect(res.body.message).toMatch(/JSON/);
  });

  it('serves no front end when no build exists: / is a 404 JSON', async () => {
    const res = await server.call('GET', '/dashboard');
    expect(res.status).toBe(404);
    // The live map exists without any release: it lists none.
    const map = await server.call('GET', '/remotes.json');
    expect(map.status).toBe(200);
    expect(map.body).toMatchObject({ apiBaseUrl: '/api/v1', remotes: [] });
  });

  it('serves uploads with nosniff', async () => {
    const text = UploadStore.newName('txt');
    await server.storeUpload(text, 'hello');
    const res = await server.call('GET', `/uploads/${text}`);
    expect(res.status).toBe(200);
    expect(res.text).toBe('hello');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    // Anything but a verified image (by its extension, which comes from its content) is a download.
    expect(res.headers.get('content-type')).toBe('application/octet-stream');
    expect(res.headers.get('content-disposition')).toBe(`attachment; filename="${text}"`);
    expect(res.headers.get('content-security-policy')).toBe("default-src 'none'; sandbox");
    const svg = UploadStore.newName('svg');
    await server.storeUpload(svg, '<svg xmlns="http://www.w3.org/2000/svg"/>');
    const svgAnswer = await server.call('GET', `/uploads/${svg}`);
    expect(svgAnswer.headers.get('content-type')).toBe('application/octet-stream');
    expect(svgAnswer.headers.get('content-disposition')).toMatch(/^attachment/);
    const png = UploadStore.newName('png');
    await server.storeUpload(png, 'png bytes');
    const image = await server.call('GET', `/uploads/${png}`);
    expect(image.headers.get('content-type')).toBe('image/png');
    expect(image.headers.get('content-disposition')).toBeNull();
    expect(image.headers.get('cache-control')).toBe(IMMUTABLE);
    expect(image.headers.get('content-length')).toBe('9');
    const head = await fetch(`${server.url}/uploads/${png}`, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.headers.get('content-type')).toBe('image/png');
    expect((await server.call('GET', '/uploads/.tmp/')).status).toBe(404);
    const missing = await server.call('GET', '/uploads/missing.png');
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual({ message: expect.any(String) });
  });
});

describe('production static serving', () => {
  let server: TestServer;
  let fixture: ReturnType<typeof makeFrontEndFixture>;
  beforeAll(async () => {
    fixture = makeFrontEndFixture();
    fs.writeFileSync(path.join(fixture.staticRoots.shell, 'big.0a1b2c3d.js'), 'const a = 1;\n'.repeat(2000));
    server = await startServer({ engine: 'sqlite' }, { staticRoots: fixture.staticRoots });
    server.app.releases.adoptBuilds(buildDirs(fixture.staticRoots));
  });
  afterAll(async () => {
    await server.close();
    fs.rmSync(fixture.root, { recursive: true, force: true });
  });

  it('serves the shell index at / with no-cache', async () => {
    const res = await server.call('GET', '/');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/text\/html/);
    expect(res.text).toContain('<title>shell</title>');
    expect(res.headers.get('cache-control')).toBe(NO_CACHE);
  });

  it.each(['/dashboard', '/bookshelf/0123456789abcdef01234567', '/adult-reflection/2024-05-01?q=x', '/login'])(
    'falls back to the shell index for the screen %s',
    async (url) => {
      const res = await server.call('GET', url);
      expect(res.status).toBe(200);
      expect(res.text).toContain('<title>shell</title>');
      expect(res.headers.get('cache-control')).toBe(NO_CACHE);
    },
  );

  it('does not fall back for API calls, uploads, remotes or missing files', async () => {
    for (const url of [
      '/api/v1/nothing',
      '/uploads/none.png',
      '/remotes/content/1.0.0-aaaaaaa/missing.js',
      '/remotes/content/remoteEntry.js',
      '/remotes/finance/1.0.0-aaaaaaa/remoteEntry.js',
      '/missing.js',
    ]) {
      const res = await server.call('GET', url);
      expect(res.status).toBe(404);
      expect(res.text).not.toContain('<title>shell</title>');
    }
    expect((await server.call('POST', '/dashboard')).status).toBe(404);
  });

  it('serves hashed files as immutable', async () => {
    const shellChunk = await server.call('GET', '/main.3f2a9c1b.js');
    expect(shellChunk.status).toBe(200);
    expect(shellChunk.headers.get('cache-control')).toBe(IMMUTABLE);
    const remoteChunk = await server.call('GET', '/remotes/content/1.0.0-aaaaaaa/chunk.9b8c7d6e.js');
    expect(remoteChunk.status).toBe(200);
    expect(remoteChunk.text).toContain('chunk');
    expect(remoteChunk.headers.get('cache-control')).toBe(IMMUTABLE);
  });

  it("sends the build's precompressed twin to a client that accepts it", async () => {
    const brotli = await server.call('GET', '/remotes/content/1.0.0-aaaaaaa/chunk.9b8c7d6e.js', {
      headers: { 'accept-encoding': 'br' },
    });
    expect(brotli.headers.get('content-encoding')).toBe('br');
    expect(brotli.headers.get('vary')).toMatch(/accept-encoding/i);
    expect(brotli.text).toBe('console.log("br");');
    const plain = await server.call('GET', '/remotes/content/1.0.0-aaaaaaa/chunk.9b8c7d6e.js', {
      headers: { 'accept-encoding': 'identity' },
    });
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(plain.text).toBe('console.log("chunk");');
  });

  it("serves a release's entry and manifest as immutable: a release never changes", async () => {
    for (const url of [
      '/remotes/content/1.0.0-aaaaaaa/remoteEntry.js',
      '/remotes/content/1.0.0-aaaaaaa/mf-manifest.json',
    ]) {
      const res = await server.call('GET', url);
      expect(res.status).toBe(200);
      expect(res.headers.get('cache-control')).toBe(IMMUTABLE);
    }
  });

  it('compresses static files', async () => {
    const res = await server.call('GET', '/big.0a1b2c3d.js', { headers: { 'accept-encoding': 'gzip' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-encoding')).toBe('gzip');
    expect(res.text).toHaveLength('const a = 1;\n'.length * 2000);
  });
});
