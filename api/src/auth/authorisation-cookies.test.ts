import fs from 'node:fs';
import path from 'node:path';
import { createAdmin } from '../auth/admins';
import { buildDirs } from '../config';
import { BROWSER_COOKIE } from '../releases/client-reports';
import { inRollout } from '../releases/live-map';
import { engines, makeFrontEndFixture, startServer, writeRemoteBuild, type TestServer } from '../testing/harness';

// The cookies the server gives a browser carry no authority of their own: what they choose is bound to
// the session that chose it, and a cookie copied to another browser or account decides nothing.

const LIVE = '1.0.0-aaaaaaa';
const NEXT = '1.1.0-bbbbbbb';

/** The cookies a Set-Cookie header sets, as a browser sends them back (`name=value; …`). */
const cookiesOf = (headers: Headers) =>
  headers
    .getSetCookie()
    .map((line) => line.split(';')[0]!)
    .join('; ');

describe.each(engines())('cookies and sessions on %s', (_name, engine) => {
  let server: TestServer;
  let fixture: ReturnType<typeof makeFrontEndFixture>;
  let admin: string;
  let guest: string;

  const map = (cookie: string, token?: string) =>
    server.call('GET', '/remotes.json', { headers: { cookie }, ...(token ? { token } : {}) });

  beforeAll(async () => {
    fixture = makeFrontEndFixture();
    server = await startServer(engine, { staticRoots: fixture.staticRoots, clientReportRateMax: 1000 });
    server.app.releases.adoptBuilds(buildDirs(fixture.staticRoots));
    server.app.releases.publish(writeRemoteBuild(path.join(fixture.root, 'next'), { name: 'content', release: NEXT }));
    admin = await server.login();
    await createAdmin(server.db, 'guest@example.com', 'guest password 12', server.config.passwordHashCost, {
      role: 'Guest User',
    });
    const login = await server.call('POST', '/api/v1/admin/login', {
      json: { email: 'guest@example.com', password: 'guest password 12' },
    });
    guest = login.body.token as string;
  });
  afterAll(async () => {
    await server.close();
    fs.rmSync(fixture.root, { recursive: true, force: true });
  });

  it("a copied preview cookie opens nothing without the session that chose it: no session, another's, a made-up one", async () => {
    const chooser = await server.login();
    const started = await server.call('POST', '/api/v1/releases/content/preview', {
      token: chooser,
      json: { release: NEXT },
    });
    expect(started.status).toBe(200);
    const cookie = cookiesOf(started.headers);
    const wrong: string[] = [];
    for (const [who, token] of Object.entries({
      'no session': undefined,
      "the same Admin's other session": admin,
      "a Guest's session": guest,
      'a made-up session': 'made-up',
    })) {
      const res = await map(cookie, token);
      if (res.body.preview !== undefined || res.body.remotes[0].release !== LIVE) wrong.push(who);
    }
    expect(wrong).toEqual([]);
    expect((await map(cookie, chooser)).body.remotes[0].release).toBe(NEXT);
  });

  it("one Guest's browsers, made-up or handed out, cannot take a 10 % rollout back", async () => {
    const deploy = async (share?: number) => {
      const change = () => server.app.releases.deploy('content', share === undefined ? LIVE : NEXT, undefined, share);
      const shared = server.app.clusterReleases;
      if (!shared) return change();
      await shared.change(change);
      await shared.pull();
    };
    await deploy(10);
    try {
      const inside = (cookie: string) => inRollout(cookie.split('=')[1]!.split('.')[0]!, 'content', NEXT, 10);
      // Made-up ids, as the probe tried them, and ids the server hands out to a browser without one.
      const madeUp = Array.from(
        { length: 49 },
        (_, n) => `${BROWSER_COOKIE}=probe-browser-${String(n).padStart(8, '0')}`,
      );
      const handedOut: string[] = [];
      while (handedOut.filter(inside).length < 5) {
        const res = await server.call('GET', '/remotes.json');
        handedOut.push(cookiesOf(res.headers));
      }
      for (const cookie of [...madeUp, ...handedOut].filter(inside)) {
        await map(cookie, guest);
        await server.call('POST', '/api/v1/client-reports', {
          headers: { cookie },
          json: { remote: 'content', release: NEXT, kind: 'render' },
        });
      }
      expect(server.app.liveMap.current().map.remotes.content!.rollout).toMatchObject({ release: NEXT, share: 10 });
    } finally {
      await deploy();
    }
  });
});
