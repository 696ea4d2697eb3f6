import fs from 'node:fs';
import path from 'node:path';
import { createAdmin } from '../auth/admins';
import { issueToken } from '../auth/tokens';
import { engines, makeFrontEndFixture, startServer, writeRemoteBuild, type TestServer } from '../testing/harness';
import { BROWSER_COOKIE, forgetEndedRollouts, REPORT_MAX_BYTES, ROLLBACK_MIN_MEMBERS } from './client-reports';
import { inRollout } from './live-map';

const LIVE = '1.0.0-aaaaaaa';
const NEXT = '1.1.0-bbbbbbb';
const OTHER = '1.2.0-ccccccc';

describe('a browser is in a rollout by a hash of its id: sticky, about the share, independent per remote', () => {
  const ids = Array.from({ length: 1000 }, (_, index) => `browser-${index.toString().padStart(4, '0')}`);

  it('serves about share % of 1000 ids', () => {
    for (const share of [10, 50]) {
      const inside = ids.filter((id) => inRollout(id, 'finance', NEXT, share)).length;
      expect(Math.abs(inside - share * 10)).toBeLessThan(45);
    }
    expect(ids.filter((id) => inRollout(id, 'finance', NEXT, 0))).toEqual([]);
    expect(ids.every((id) => inRollout(id, 'finance', NEXT, 100))).toBe(true);
  });

  it('keeps a browser in as the share grows, and chooses independently for another remote', () => {
    const at10 = ids.filter((id) => inRollout(id, 'finance', NEXT, 10));
    expect(at10.every((id) => inRollout(id, 'finance', NEXT, 50))).toBe(true);
    const content = ids.filter((id) => inRollout(id, 'content', NEXT, 10));
    const both = at10.filter((id) => content.includes(id)).length;
    // Independent: about 1 % of the ids are in both, not 10 %.
    expect(both).toBeLessThan(30);
  });
});

describe.each(engines())('rollouts, error reports and automatic rollback on %s', (_name, engine) => {
  let server: TestServer;
  let fixture: ReturnType<typeof makeFrontEndFixture>;
  let token: string;
  /**
   * A releases command as an operator runs it (on PostgreSQL under the shared lock), once this instance
   * followed it: a copy begun on an earlier notification may land after it, until the next one.
   */
  const command = async <T>(change: () => T): Promise<T> => {
    const shared = server.app.clusterReleases;
    if (!shared) return change();
    const result = await shared.change(change);
    await shared.pull();
    return result;
  };
  /** A browser as the server named it: the cookie it sends back, and the id a rollout chooses by. */
  interface Browser {
    cookie: string;
    id: string;
  }
  const cookieIn = (headers: Headers) =>
    headers
      .getSetCookie()
      .map((line) => line.split(';')[0]!)
      .find((pair) => pair.startsWith(`${BROWSER_COOKIE}=`));
  const asBrowser = (cookie: string): Browser => ({
    cookie,
    id: cookie.slice(BROWSER_COOKIE.length + 1).split('.')[0]!,
  });
  /** A new browser: its first read of the map gives it its id. */
  const newBrowser = async (): Promise<Browser> =>
    asBrowser(cookieIn((await server.call('GET', '/remotes.json')).headers)!);
  /** Browsers the server named, in or out of the rollout at `share`. */
  const browsers = async (count: number, inside: boolean, share: number) => {
    const found: Browser[] = [];
    while (found.length < count) {
      const browser = await newBrowser();
      if (inRollout(browser.id, 'content', NEXT, share) === inside) found.push(browser);
    }
    return found;
  };
  let memberCount = 0;
  /** Sessions of new Guests, one each: members other than the Admin. */
  const members = async (count: number) => {
    const sessions: string[] = [];
    for (let n = 0; n < count; n += 1) {
      memberCount += 1;
      const id = await createAdmin(
        server.db,
        `guest-${memberCount}@example.com`,
        'guest password 12',
        server.config.passwordHashCost,
        { role: 'Guest User' },
      );
      sessions.push(await issueToken(server.db, id, 1));
    }
    return sessions;
  };
  /** The map as a signed-in browser reads it (the shell sends its session); only such browsers count. */
  const mapFor = (browser: Browser, as = token, headers: Record<string, string> = {}) =>
    server.call('GET', '/remotes.json', { token: as, headers: { cookie: browser.cookie, ...headers } });
  const releaseFor = async (browser: Browser, as = token) =>
    ((await mapFor(browser, as)).body as { remotes: { release: string }[] }).remotes[0]!.release;
  const report = (browser: Browser | undefined, body: unknown, as?: string) =>
    server.call('POST', '/api/v1/client-reports', {
      ...(browser ? { headers: { cookie: browser.cookie } } : {}),
      ...(as ? { token: as } : {}),
      json: body,
    });
  const failure = { remote: 'content', release: NEXT, kind: 'render' };
  const rollouts = async () =>
    (await server.call('GET', '/api/v1/rollouts', { token })).body.data as {
      release: string;
      rollout: { release: string; share: number; seen: number; failed: number } | null;
      rolledBack: { release: string; seen: number; failed: number } | null;
    }[];

  beforeAll(async () => {
    fixture = makeFrontEndFixture();
    server = await startServer(engine, { staticRoots: fixture.staticRoots, clientReportRateMax: 1000 });
    token = await server.login();
    await command(() => server.app.releases.adoptBuilds(fixture.staticRoots.remoteBuilds));
    const next = writeRemoteBuild(path.join(fixture.root, 'next'), { name: 'content', release: NEXT });
    await command(() => server.app.releases.publish(next));
    const other = writeRemoteBuild(path.join(fixture.root, 'other'), { name: 'content', release: OTHER });
    await command(() => server.app.releases.publish(other));
  });
  afterAll(async () => {
    await server.close();
    fs.rmSync(fixture.root, { recursive: true, force: true });
  });
  beforeEach(async () => {
    await command(() => server.app.releases.deploy('content', LIVE));
  });

  it('gives a browser with no id a signed one in a cookie (HttpOnly, SameSite=Lax, a year), and varies by it', async () => {
    const res = await server.call('GET', '/remotes.json');
    expect(res.status).toBe(200);
    const set = res.headers.get('set-cookie')!;
    expect(set).toMatch(new RegExp(`^${BROWSER_COOKIE}=[A-Za-z0-9_-]{22}\\.[A-Za-z0-9_-]{43}; `));
    expect(set.split('; ').slice(1).sort()).toEqual(['HttpOnly', 'Max-Age=31536000', 'Path=/', 'SameSite=Lax']);
    expect(res.headers.get('vary')).toMatch(/Cookie/);
    const browser = asBrowser(cookieIn(res.headers)!);
    expect((await mapFor(browser)).headers.get('set-cookie')).toBeNull();
  });

  it('ignores and replaces an id it did not sign: made up, tampered with, or signed for another id', async () => {
    await command(() => server.app.releases.deploy('content', NEXT, undefined, 100));
    const [given, other] = await browsers(2, true, 100);
    const signature = (browser: Browser) => browser.cookie.split('.')[1]!;
    const forged = [
      `${BROWSER_COOKIE}=test-browser-000000001`,
      `${BROWSER_COOKIE}=${given!.id}`,
      `${BROWSER_COOKIE}=${given!.id}.${signature(other!)}`,
      `${BROWSER_COOKIE}=${given!.id}.${'A'.repeat(43)}`,
      `${BROWSER_COOKIE}=${given!.id}.${signature(given!)}x`,
    ];
    for (const cookie of forged) {
      const res = await mapFor({ cookie, id: '' });
      // A new id in its place, and nothing recorded under the one sent.
      const replaced = cookieIn(res.headers);
      expect([cookie, replaced]).toEqual([cookie, expect.stringMatching(/^browser_id=[\w-]{22}\.[\w-]{43}$/)]);
      expect(asBrowser(replaced!).id).not.toBe(given!.id);
      expect((await report({ cookie, id: '' }, failure, token)).body.counted).toBe(false);
    }
    // Each forged read recorded only the browser it named anew.
    expect((await rollouts())[0]!.rollout).toMatchObject({ seen: 1, failed: 0 });
  });

  it('serves the rollout release to the browsers in the share, always the same to each; its ETag covers what that browser gets', async () => {
    await command(() => server.app.releases.deploy('content', NEXT, undefined, 50));
    const [inside] = await browsers(1, true, 50);
    const [outside] = await browsers(1, false, 50);
    const first = await mapFor(inside!);
    expect(first.body.remotes[0]).toMatchObject({
      release: NEXT,
      entry: `/remotes/content/${NEXT}/mf-manifest.json`,
    });
    for (let n = 0; n < 3; n += 1) expect(await releaseFor(inside!)).toBe(NEXT);
    const other = await mapFor(outside!);
    expect(other.body.remotes[0].release).toBe(LIVE);
    expect(other.headers.get('etag')).not.toBe(first.headers.get('etag'));
    // The ETag of the browser's own answer is a 304; another browser's is not.
    expect((await mapFor(inside!, token, { 'if-none-match': first.headers.get('etag')! })).status).toBe(304);
    expect((await mapFor(outside!, token, { 'if-none-match': first.headers.get('etag')! })).status).toBe(200);
    // Promoted: every browser gets it.
    await command(() => server.app.releases.promote('content'));
    expect(await releaseFor(outside!)).toBe(NEXT);
  });

  it('refuses reports that are oversize, malformed or for an unknown release, counting nothing', async () => {
    await command(() => server.app.releases.deploy('content', NEXT, undefined, 100));
    const [browser] = await browsers(1, true, 100);
    await mapFor(browser!);
    const cases: [unknown, number, RegExp][] = [
      [{ remote: 'content', release: NEXT, kind: 'render', message: 'x'.repeat(REPORT_MAX_BYTES) }, 413, /./],
      [{ remote: 'content', release: NEXT, kind: 'render', message: 'Cannot read properties' }, 400, /message/],
      [{ remote: 'content', release: NEXT, kind: 'crash' }, 400, /kind/],
      [{ remote: 'content', release: NEXT }, 400, /kind/],
      [{ remote: '../etc', release: NEXT, kind: 'load' }, 400, /remote/],
      [{ remote: 'content', release: '9.9.9-fffffff', kind: 'load' }, 400, /content has no release "9\.9\.9-fffffff"/],
      [{ remote: 'payroll', release: NEXT, kind: 'load' }, 400, /payroll has no release/],
    ];
    for (const [body, status, message] of cases) {
      const res = await report(browser, body);
      expect([res.status, res.body?.message]).toEqual([status, expect.stringMatching(message)]);
    }
    expect((await rollouts())[0]!.rollout).toMatchObject({ seen: 1, failed: 0 });
  });

  it('ignores a report from a browser the map did not give that release, or with no id', async () => {
    await command(() => server.app.releases.deploy('content', NEXT, undefined, 50));
    const [outside] = await browsers(1, false, 50);
    await mapFor(outside!);
    for (const browser of [outside, undefined]) {
      const res = await report(browser, failure);
      expect(res.status).toBe(202);
      expect(res.body).toEqual({
        message: 'Report ignored: this browser was not served that release in a rollout',
        counted: false,
      });
    }
    expect((await rollouts())[0]!.rollout).toMatchObject({ seen: 0, failed: 0 });
  });

  it('counts no browser that is not signed in: anyone may read the map, only members judge a rollout', async () => {
    await command(() => server.app.releases.deploy('content', NEXT, undefined, 100));
    const ids = await browsers(6, true, 100);
    for (const browser of ids) {
      // Served the rollout as anyone is, but neither seen nor heard: a stranger's browsers cannot take a
      // rollout back.
      const anonymous = await server.call('GET', '/remotes.json', { headers: { cookie: browser.cookie } });
      expect(anonymous.body.remotes[0].release).toBe(NEXT);
      const res = await report(browser, failure);
      expect(res.body.counted).toBe(false);
    }
    // A revoked or made-up session counts no more than none.
    await mapFor(ids[0]!, 'made-up');
    expect(await releaseFor(ids[5]!)).toBe(NEXT);
    expect((await rollouts())[0]!.rollout).toMatchObject({ release: NEXT, seen: 1, failed: 0 });
  });

  it("counts one member's browsers as one: a Guest's five failing browsers take nothing back", async () => {
    await command(() => server.app.releases.deploy('content', NEXT, undefined, 100));
    const [guest, other] = await members(2);
    const farmed = await browsers(5, true, 100);
    for (const browser of farmed) expect(await releaseFor(browser, guest)).toBe(NEXT);
    for (const browser of farmed) await report(browser, failure);
    expect((await rollouts())[0]!.rollout).toMatchObject({ release: NEXT, seen: 1, failed: 1 });
    // With a session, a report counts only under that session's member: not another's browser.
    const [theirs] = await browsers(1, true, 100);
    await mapFor(theirs!, other);
    expect((await report(theirs, failure, guest!)).body.counted).toBe(false);
    expect((await report(theirs, failure, other!)).body.counted).toBe(true);
    expect((await rollouts())[0]!.rollout).toMatchObject({ release: NEXT, seen: 2, failed: 2 });
  });

  it(`takes a rollout back when more than 5 % of at least 5 members failed, and ${ROLLBACK_MIN_MEMBERS} members at least`, async () => {
    await command(() => server.app.releases.deploy('content', NEXT, undefined, 100));
    const sessions = await members(5);
    const ids = await browsers(5, true, 100);
    for (let n = 0; n < 4; n += 1) await mapFor(ids[n]!, sessions[n]);
    // Four members seen, all four failing: too few to judge.
    for (let n = 0; n < 4; n += 1) expect((await report(ids[n], failure)).body.counted).toBe(true);
    expect(await releaseFor(ids[0]!, sessions[0])).toBe(NEXT);
    expect((await rollouts())[0]!.rollout).toMatchObject({ release: NEXT, share: 100, seen: 4, failed: 4 });
    // The fifth member is served it; the next report finds 4 of 5 failed.
    await mapFor(ids[4]!, sessions[4]);
    await report(ids[0], { remote: 'content', release: NEXT, kind: 'load' });
    expect(await releaseFor(ids[4]!, sessions[4])).toBe(LIVE);
    const [content] = await rollouts();
    expect(content).toMatchObject({ release: LIVE, rollout: null, rolledBack: { release: NEXT, seen: 5, failed: 4 } });
    const activity = await server.call('GET', '/api/v1/activity?kind=release', { token });
    expect(activity.body.data[0]).toMatchObject({
      member: 'The server (automatic rollback)',
      kind: 'release',
      summary: `Content ${NEXT} rolled back automatically: it failed for 4 of 5 members (more than 5 %)`,
    });
    // The notice stays until a later deploy.
    await command(() => server.app.releases.deploy('content', NEXT, undefined, 10));
    expect((await rollouts())[0]!.rolledBack).toBeNull();
  });

  it(`keeps a rollout where fewer than ${ROLLBACK_MIN_MEMBERS} members failed, or no more than 5 % of them`, async () => {
    await command(() => server.app.releases.deploy('content', NEXT, undefined, 100));
    const sessions = await members(60);
    const ids = await browsers(60, true, 100);
    for (let n = 0; n < 5; n += 1) await mapFor(ids[n]!, sessions[n]);
    // Two of five members: far more than 5 %, but too few members to decide it.
    for (let n = 0; n < ROLLBACK_MIN_MEMBERS - 1; n += 1) await report(ids[n], failure);
    expect((await rollouts())[0]!.rollout).toMatchObject({ seen: 5, failed: ROLLBACK_MIN_MEMBERS - 1 });
    for (let n = 5; n < 60; n += 1) await mapFor(ids[n]!, sessions[n]);
    // Three of sixty is 5 %: not more than it.
    await report(ids[ROLLBACK_MIN_MEMBERS - 1], failure);
    expect((await rollouts())[0]!.rollout).toMatchObject({ seen: 60, failed: ROLLBACK_MIN_MEMBERS });
    expect(await releaseFor(ids[0]!, sessions[0])).toBe(NEXT);
  });

  it("a browser previewing a release of a remote gets the preview, not that remote's rollout", async () => {
    await command(() => server.app.releases.deploy('content', NEXT, undefined, 100));
    const id = 'any-browser-id';
    const previewing = server.app.liveMap.forBrowser(id, { remote: 'content', release: OTHER });
    expect(previewing.served.remotes[0]!.release).toBe(OTHER);
    expect(previewing.preview).toMatchObject({ remote: 'content', release: OTHER });
    // Not served the rollout release: it does not count among its browsers.
    expect(previewing.rollouts).toEqual([]);
    expect(server.app.liveMap.forBrowser(id).served.remotes[0]!.release).toBe(NEXT);
  });

  it('forgets the browsers of a rollout once it ended, keeping those of the current one', async () => {
    const count = async () => (await server.db.kysely.selectFrom('rolloutBrowsers').selectAll().execute()).length;
    await command(() => server.app.releases.deploy('content', NEXT, undefined, 100));
    for (const browser of await browsers(3, true, 100)) await mapFor(browser);
    await forgetEndedRollouts(server.app);
    expect(await count()).toBe(3);
    await command(() => server.app.releases.rollback('content'));
    expect(await forgetEndedRollouts(server.app)).toBeGreaterThanOrEqual(3);
    expect(await count()).toBe(0);
  });

  it('shows the rollouts to an Admin only', async () => {
    expect((await server.call('GET', '/api/v1/rollouts')).status).toBe(401);
  });
});
