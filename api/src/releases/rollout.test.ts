import fs from 'node:fs';
import path from 'node:path';
import { engines, makeFrontEndFixture, startServer, writeRemoteBuild, type TestServer } from '../testing/harness';
import { BROWSER_COOKIE, forgetEndedRollouts, REPORT_MAX_BYTES } from './client-reports';
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
  const cookie = (id: string) => ({ cookie: `${BROWSER_COOKIE}=${id}` });
  /** The map as a signed-in browser reads it (the shell sends its session); only such browsers count. */
  const mapFor = (id: string, headers: Record<string, string> = {}) =>
    server.call('GET', '/remotes.json', { token, headers: { ...cookie(id), ...headers } });
  const releaseFor = async (id: string) =>
    ((await mapFor(id)).body as { remotes: { release: string }[] }).remotes[0]!.release;
  const report = (id: string | undefined, body: unknown) =>
    server.call('POST', '/api/v1/client-reports', {
      ...(id ? { headers: cookie(id) } : {}),
      json: body,
    });
  /** Browser ids (22 characters, as the server makes them) in or out of the rollout at `share`. */
  const browsers = (count: number, inside: boolean, share: number, from = 0) => {
    const found: string[] = [];
    for (let n = from; found.length < count; n += 1) {
      const id = `test-browser-${n.toString().padStart(9, '0')}`;
      if (inRollout(id, 'content', NEXT, share) === inside) found.push(id);
    }
    return found;
  };
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

  it('gives a browser with no id one in a cookie (HttpOnly, SameSite=Lax, a year), and varies by it', async () => {
    const res = await server.call('GET', '/remotes.json');
    expect(res.status).toBe(200);
    const set = res.headers.get('set-cookie')!;
    expect(set).toMatch(new RegExp(`^${BROWSER_COOKIE}=[A-Za-z0-9_-]{22}; `));
    expect(set.split('; ').slice(1).sort()).toEqual(['HttpOnly', 'Max-Age=31536000', 'Path=/', 'SameSite=Lax']);
    expect(res.headers.get('vary')).toMatch(/Cookie/);
    const [id] = browsers(1, true, 50);
    expect((await mapFor(id!)).headers.get('set-cookie')).toBeNull();
  });

  it('serves the rollout release to the browsers in the share, always the same to each; its ETag covers what that browser gets', async () => {
    await command(() => server.app.releases.deploy('content', NEXT, undefined, 50));
    const [inside] = browsers(1, true, 50);
    const [outside] = browsers(1, false, 50);
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
    expect((await mapFor(inside!, { 'if-none-match': first.headers.get('etag')! })).status).toBe(304);
    expect((await mapFor(outside!, { 'if-none-match': first.headers.get('etag')! })).status).toBe(200);
    // Promoted: every browser gets it.
    await command(() => server.app.releases.promote('content'));
    expect(await releaseFor(outside!)).toBe(NEXT);
  });

  it('refuses reports that are oversize, malformed or for an unknown release, counting nothing', async () => {
    await command(() => server.app.releases.deploy('content', NEXT, undefined, 100));
    const [id] = browsers(1, true, 100);
    await mapFor(id!);
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
      const res = await report(id, body);
      expect([res.status, res.body?.message]).toEqual([status, expect.stringMatching(message)]);
    }
    expect((await rollouts())[0]!.rollout).toMatchObject({ seen: 1, failed: 0 });
  });

  it('ignores a report from a browser the map did not give that release, or with no id', async () => {
    await command(() => server.app.releases.deploy('content', NEXT, undefined, 50));
    const [outside] = browsers(1, false, 50);
    await mapFor(outside!);
    for (const id of [outside, undefined]) {
      const res = await report(id, { remote: 'content', release: NEXT, kind: 'render' });
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
    const ids = browsers(6, true, 100, 5000);
    for (const id of ids) {
      // Served the rollout as anyone is, but neither seen nor heard: a stranger's made-up browsers
      // cannot take a rollout back.
      const anonymous = await server.call('GET', '/remotes.json', { headers: cookie(id) });
      expect(anonymous.body.remotes[0].release).toBe(NEXT);
      const res = await report(id, { remote: 'content', release: NEXT, kind: 'render' });
      expect(res.body.counted).toBe(false);
    }
    // A revoked or made-up session counts no more than none.
    await server.call('GET', '/remotes.json', { headers: { ...cookie(ids[0]!), authorization: 'Bearer made-up' } });
    expect(await releaseFor(ids[5]!)).toBe(NEXT);
    expect((await rollouts())[0]!.rollout).toMatchObject({ release: NEXT, seen: 1, failed: 0 });
  });

  it('limits the reports per address', async () => {
    const limited = await startServer(engine, { clientReportRateMax: 2 });
    try {
      const body = { json: { remote: 'content', release: NEXT, kind: 'load' } };
      const statuses = [];
      for (let n = 0; n < 3; n += 1) statuses.push((await limited.call('POST', '/api/v1/client-reports', body)).status);
      // No releases on that server: 400 while allowed, then 429.
      expect(statuses).toEqual([400, 400, 429]);
    } finally {
      await limited.close();
    }
  });

  it('takes a rollout back to 0 % when more than 5 % of at least 5 browsers failed: 4 of 5 go back', async () => {
    await command(() => server.app.releases.deploy('content', NEXT, undefined, 100));
    const ids = browsers(5, true, 100);
    for (const id of ids.slice(0, 4)) await mapFor(id);
    // Four browsers seen, all four failing: too few to judge.
    for (const id of ids.slice(0, 4)) {
      expect((await report(id, { remote: 'content', release: NEXT, kind: 'render' })).body.counted).toBe(true);
    }
    expect(await releaseFor(ids[0]!)).toBe(NEXT);
    expect((await rollouts())[0]!.rollout).toMatchObject({ release: NEXT, share: 100, seen: 4, failed: 4 });
    // The fifth browser is served it; the next report finds 4 of 5 failed.
    await mapFor(ids[4]!);
    await report(ids[0], { remote: 'content', release: NEXT, kind: 'load' });
    expect(await releaseFor(ids[4]!)).toBe(LIVE);
    const [content] = await rollouts();
    expect(content).toMatchObject({ release: LIVE, rollout: null, rolledBack: { release: NEXT, seen: 5, failed: 4 } });
    const activity = await server.call('GET', '/api/v1/activity?kind=release', { token });
    expect(activity.body.data[0]).toMatchObject({
      member: 'The server (automatic rollback)',
      kind: 'release',
      summary: `Content ${NEXT} rolled back automatically: 4 of 5 browsers failed (more than 5 %)`,
    });
    // The notice stays until a later deploy.
    await command(() => server.app.releases.deploy('content', NEXT, undefined, 10));
    expect((await rollouts())[0]!.rolledBack).toBeNull();
  });

  it('keeps a rollout where 1 of 30 browsers failed', async () => {
    await command(() => server.app.releases.deploy('content', NEXT, undefined, 100));
    const ids = browsers(30, true, 100);
    for (const id of ids) await mapFor(id);
    expect((await report(ids[7], { remote: 'content', release: NEXT, kind: 'render' })).body.counted).toBe(true);
    expect((await rollouts())[0]!.rollout).toMatchObject({ seen: 30, failed: 1 });
    expect(await releaseFor(ids[0]!)).toBe(NEXT);
  });

  it("a browser previewing a release of a remote gets the preview, not that remote's rollout", async () => {
    await command(() => server.app.releases.deploy('content', NEXT, undefined, 100));
    const [id] = browsers(1, true, 100);
    const previewing = server.app.liveMap.forBrowser(id!, { remote: 'content', release: OTHER });
    expect(previewing.served.remotes[0]!.release).toBe(OTHER);
    expect(previewing.preview).toMatchObject({ remote: 'content', release: OTHER });
    // Not served the rollout release: it does not count among its browsers.
    expect(previewing.rollouts).toEqual([]);
    expect(server.app.liveMap.forBrowser(id!).served.remotes[0]!.release).toBe(NEXT);
  });

  it('forgets the browsers of a rollout once it ended, keeping those of the current one', async () => {
    const count = async () => (await server.db.kysely.selectFrom('rollout_browsers').selectAll().execute()).length;
    await command(() => server.app.releases.deploy('content', NEXT, undefined, 100));
    for (const id of browsers(3, true, 100)) await mapFor(id);
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
