import fs from 'node:fs';
import path from 'node:path';
import { createAdmin } from '../auth/admins';
import { buildDirs } from '../config';
import { engines, makeFrontEndFixture, startServer, writeRemoteBuild, type TestServer } from '../testing/harness';

/** The cookie a Set-Cookie header sets, as a browser would send it back (`name=value`). */
const cookieOf = (headers: Headers) => headers.getSetCookie().map((line) => line.split(';')[0]!)[0]!;

describe.each(engines())('a preview of a release in one browser on %s', (_name, engine) => {
  let server: TestServer;
  let fixture: ReturnType<typeof makeFrontEndFixture>;
  let token: string;
  /** The map as the shell reads it: with the browser's cookies and, signed in, its session. */
  const map = (cookie?: string, as?: string) =>
    server.call('GET', '/remotes.json', { ...(cookie ? { headers: { cookie } } : {}), ...(as ? { token: as } : {}) });
  const start = (release: string, remote = 'content', as = token) =>
    server.call('POST', `/api/v1/releases/${remote}/preview`, { token: as, json: { release } });

  beforeAll(async () => {
    fixture = makeFrontEndFixture();
    server = await startServer(engine, { staticRoots: fixture.staticRoots });
    server.app.releases.adoptBuilds(buildDirs(fixture.staticRoots));
    server.app.releases.publish(
      writeRemoteBuild(path.join(fixture.root, 'next'), {
        name: 'content',
        release: '1.1.0-bbbbbbb',
        routes: [{ path: '/content-home', title: 'Home' }],
      }),
    );
    token = await server.login();
  });
  afterAll(async () => {
    await server.close();
    fs.rmSync(fixture.root, { recursive: true, force: true });
  });

  it('gives the previewing browser the release and its banner; every other browser keeps the live one', async () => {
    const started = await start('1.1.0-bbbbbbb');
    expect(started.status).toBe(200);
    expect(started.body).toMatchObject({
      message: 'Preview started',
      data: { remote: 'content', release: '1.1.0-bbbbbbb', version: '1.1.0' },
    });
    const setCookie = started.headers.getSetCookie()[0]!;
    expect(setCookie).toMatch(/^release_preview=[\w-]{43}; Max-Age=86400; Path=\/; HttpOnly; SameSite=Lax$/);
    const cookie = cookieOf(started.headers);

    const previewing = await map(cookie, token);
    expect(previewing.headers.get('vary')).toMatch(/cookie/i);
    expect(previewing.body.remotes[0]).toMatchObject({
      release: '1.1.0-bbbbbbb',
      entry: '/remotes/content/1.1.0-bbbbbbb/mf-manifest.json',
    });
    expect(previewing.body.preview).toEqual({
      remote: 'content',
      label: previewing.body.remotes[0].label,
      version: '1.1.0',
      release: '1.1.0-bbbbbbb',
    });
    const other = await map(undefined, token);
    expect(other.body.remotes[0].release).toBe('1.0.0-aaaaaaa');
    expect(other.body.preview).toBeUndefined();
    expect(other.headers.get('etag')).not.toBe(previewing.headers.get('etag'));

    // Leaving: the cookie is removed and the browser is back on the live release.
    const left = await server.call('DELETE', '/api/v1/releases/preview', { token, headers: { cookie } });
    expect(left.status).toBe(200);
    expect(left.body.data).toMatchObject({ release: '1.1.0-bbbbbbb' });
    expect(left.headers.getSetCookie()[0]).toMatch(/^release_preview=; Max-Age=0/);
    const after = await map(cookie, token);
    expect(after.body.remotes[0].release).toBe('1.0.0-aaaaaaa');
    expect(after.headers.getSetCookie()).toContainEqual(expect.stringMatching(/^release_preview=; Max-Age=0/));
  });

  it('ends with the session that started it: a cookie alone is not a way in', async () => {
    const own = await server.login();
    const cookie = cookieOf((await start('1.1.0-bbbbbbb', 'content', own)).headers);
    expect((await map(cookie, own)).body.preview).toBeDefined();
    expect((await server.call('GET', '/api/v1/auth/logout', { token: own })).status).toBeLessThan(300);
    const ended = await map(cookie, own);
    expect(ended.body.preview).toBeUndefined();
    expect(ended.body.remotes[0].release).toBe('1.0.0-aaaaaaa');
    // A made-up or malformed cookie previews nothing either.
    for (const forged of ['release_preview=' + 'a'.repeat(43), 'release_preview=../../etc']) {
      expect((await map(forged, token)).body.preview).toBeUndefined();
    }
  });

  it('works only with the session that chose it: a copied cookie alone, or with another session, opens nothing', async () => {
    const own = await server.login();
    const cookie = cookieOf((await start('1.1.0-bbbbbbb', 'content', own)).headers);
    // Another session of the same Admin, and a Guest's: neither is the one that chose the preview.
    const another = await server.login();
    await createAdmin(server.db, 'guest-preview@example.com', 'guest password 12', server.config.passwordHashCost, {
      role: 'Guest User',
    });
    const guest = (
      await server.call('POST', '/api/v1/admin/login', {
        json: { email: 'guest-preview@example.com', password: 'guest password 12' },
      })
    ).body.token as string;
    for (const as of [undefined, another, guest, 'made-up']) {
      const copied = await map(cookie, as);
      expect([as, copied.body.preview, copied.body.remotes[0].release]).toEqual([as, undefined, '1.0.0-aaaaaaa']);
      // The cookie stays: the browser that holds the session still previews.
      expect(copied.headers.getSetCookie()).not.toContainEqual(expect.stringMatching(/^release_preview=/));
    }
    expect((await map(cookie, own)).body.preview).toMatchObject({ release: '1.1.0-bbbbbbb' });
    // Nor does another session leave it for the session that chose it.
    await server.call('DELETE', '/api/v1/releases/preview', { token: another, headers: { cookie } });
    expect((await map(cookie, own)).body.preview).toMatchObject({ release: '1.1.0-bbbbbbb' });
  });

  it('refuses in words what cannot be previewed, and changes nothing', async () => {
    const before = (await map()).text;
    const cases: [string, string, number, RegExp][] = [
      ['content', '1.0.0-aaaaaaa', 409, /already live: there is nothing to preview/],
      ['content', '9.9.9-fffffff', 404, /content has no published release "9\.9\.9-fffffff"/],
      ['content', '../../secret', 400, /release/],
      ['..%2Fsecret', '1.1.0-bbbbbbb', 400, /remote/],
      ['finance', '1.0.0-aaaaaaa', 404, /"finance" is not a remote with published releases/],
      ['shell', '1.0.0-5e11aaa', 404, /"shell" is not a remote with published releases/],
    ];
    for (const [remote, release, status, message] of cases) {
      const res = await start(release, remote);
      expect([remote, release, res.status]).toEqual([remote, release, status]);
      expect(res.body.message).toMatch(message);
      expect(res.headers.getSetCookie()).toEqual([]);
    }
    expect(
      (await server.call('POST', '/api/v1/releases/content/preview', { json: { release: '1.1.0-bbbbbbb' } })).status,
    ).toBe(401);
    expect((await map()).text).toBe(before);
  });

  it('records who previewed what in Activity', async () => {
    await start('1.1.0-bbbbbbb');
    const activity = await server.call('GET', '/api/v1/activity', { token });
    const lines = (activity.body.data as { says?: string; line?: string }[]).map((entry) => JSON.stringify(entry));
    expect(lines.some((line) => line.includes('Previewed') && line.includes('1.1.0-bbbbbbb'))).toBe(true);
  });
});
