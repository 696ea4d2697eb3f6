import fs from 'node:fs';
import path from 'node:path';
import { engines, makeFrontEndFixture, startServer, writeRemoteBuild, type TestServer } from '../testing/harness';
import { adoptBuilds, archiveOf, tarGz } from '../testing/archives';
import { timestamp } from '../db/ids';

// Releases over HTTPS: a remote team's CI publishes, deploys and rolls back with a deploy token (or an
// Admin with a session), and everything a release may not be is refused in words, the live map untouched.

/** Zeros with a byte set every kilobyte: they compress some 300 times, under tar's own ratio check. */
const sparseZeros = (bytes: number) => {
  const padding = Buffer.alloc(bytes);
  for (let at = 0; at < bytes; at += 1024) padding[at] = 1;
  return padding;
};

/** What a failed call leaves behind: the live map as browsers get it, and the releases on disk. */
async function liveState(server: TestServer) {
  const map = await server.call('GET', '/remotes.json');
  const releasesDir = server.config.releasesDir;
  const folders = fs
    .readdirSync(releasesDir, { recursive: true })
    .map(String)
    .filter((name) => !name.startsWith('.uploads/'))
    .sort();
  return { map: map.text, folders };
}

describe.each(engines())('releases over HTTPS on %s', (_name, engine) => {
  let server: TestServer;
  let token: string;
  let fixture: ReturnType<typeof makeFrontEndFixture>;
  let builds = 0;
  /** A build of a remote in a folder of its own, as `npm run build` leaves it. */
  const build = (name: string, release: string, options: Partial<Parameters<typeof writeRemoteBuild>[1]> = {}) =>
    writeRemoteBuild(path.join(fixture.root, `build-${(builds += 1)}`), { name, release, ...options });
  const upload = (remote: string, body: Buffer, as = token) =>
    server.call('POST', `/api/v1/releases/${remote}`, {
      token: as,
      body,
      headers: { 'content-type': 'application/gzip' },
    });
  const newToken = async (remote: string, scope: 'publish' | 'deploy', name = `${remote} CI`) => {
    const res = await server.call('POST', '/api/v1/deploy-tokens', {
      token,
      json: { name, remote, scope, expiresAt: new Date(Date.now() + 30 * 86_400_000).toISOString() },
    });
    expect(res.status).toBe(201);
    return { id: res.body.data.token._id as string, secret: res.body.data.secret as string };
  };
  /** Reads the activity record (each line is written before its answer). */
  const activityHas = async (summary: string) => {
    const started = Date.now();
    for (;;) {
      const list = (await server.call('GET', '/api/v1/activity', { token })).body.data as {
        member: string;
        summary: string;
      }[];
      const found = list.find((entry) => entry.summary === summary);
      if (found || Date.now() - started > 3000) return found;
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
  };

  beforeAll(async () => {
    fixture = makeFrontEndFixture();
    const finance = writeRemoteBuild(path.join(fixture.root, 'remote-finance/dist'), {
      name: 'finance',
      release: '1.0.0-fffffff',
    });
    server = await startServer(engine, {
      staticRoots: { ...fixture.staticRoots, remoteBuilds: [...fixture.staticRoots.remoteBuilds, finance] },
      // Small enough for a test to pass them; a fixture build (6 files, a few hundred bytes) holds.
      releaseMaxFiles: 8,
      releaseMaxBytes: 64 * 1024,
    });
    await adoptBuilds(server);
    token = await server.login();
  });
  afterAll(async () => {
    await server.close();
    fs.rmSync(fixture.root, { recursive: true, force: true });
  });

  it('an Admin publishes an archive, lists it, puts it live and rolls back; the map follows', async () => {
    const archive = archiveOf(build('content', '1.1.0-bbbbbbb'));
    const published = await upload('content', archive);
    expect(published.status).toBe(201);
    expect(published.body.data).toEqual({ remote: 'content', release: '1.1.0-bbbbbbb', created: true, pruned: [] });
    const again = await upload('content', archive);
    expect([again.status, again.body.data.created]).toEqual([200, false]);

    const listed = await server.call('GET', '/api/v1/releases/content', { token });
    expect(listed.body.data.map((r: { release: string; live: boolean }) => [r.release, r.live])).toEqual([
      ['1.1.0-bbbbbbb', false],
      ['1.0.0-aaaaaaa', true],
    ]);

    const deployed = await server.call('POST', '/api/v1/releases/content/deploy', {
      token,
      json: { release: '1.1.0-bbbbbbb' },
    });
    expect(deployed.body.data).toEqual({ remote: 'content', release: '1.1.0-bbbbbbb', from: '1.0.0-aaaaaaa' });
    const live = await server.call('GET', '/remotes.json');
    expect(live.body.remotes.find((r: { name: string }) => r.name === 'content').release).toBe('1.1.0-bbbbbbb');
    const marked = (await server.call('GET', '/api/v1/releases/content', { token })).body.data;
    expect(marked.map((r: { live: boolean; previous: boolean }) => [r.live, r.previous])).toEqual([
      [true, false],
      [false, true],
    ]);

    const back = await server.call('POST', '/api/v1/releases/content/rollback', { token });
    expect(back.body.data).toEqual({ remote: 'content', release: '1.0.0-aaaaaaa', from: '1.1.0-bbbbbbb' });
    expect(await activityHas('Published content 1.1.0-bbbbbbb')).toBeDefined();
    expect(await activityHas('Rolled content back to 1.0.0-aaaaaaa (was 1.1.0-bbbbbbb)')).toBeDefined();
  });

  it('a rollback with nothing to roll back to is refused in words', async () => {
    const before = await liveState(server);
    const res = await server.call('POST', '/api/v1/releases/finance/rollback', { token });
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/no earlier release/);
    expect(await liveState(server)).toEqual(before);
  });

  it('a deploy token publishes and deploys its own remote, named in the activity record, and opens nothing else', async () => {
    const finance = await newToken('finance', 'deploy', 'Finance CI');
    const published = await upload('finance', archiveOf(build('finance', '1.1.0-ccccccc')), finance.secret);
    expect(published.status).toBe(201);
    const deployed = await server.call('POST', '/api/v1/releases/finance/deploy', {
      token: finance.secret,
      json: { release: '1.1.0-ccccccc' },
    });
    expect(deployed.status).toBe(200);
    const live = await server.call('GET', '/remotes.json');
    expect(live.body.remotes.find((r: { name: string }) => r.name === 'finance').release).toBe('1.1.0-ccccccc');
    expect((await activityHas('Put finance 1.1.0-ccccccc live (was 1.0.0-fffffff)'))?.member).toBe(
      'Deploy token “Finance CI”',
    );
    expect((await activityHas('Published finance 1.1.0-ccccccc'))?.member).toBe('Deploy token “Finance CI”');
    const tokens = (await server.call('GET', '/api/v1/deploy-tokens', { token })).body.data;
    expect(tokens.find((t: { _id: string }) => t._id === finance.id).lastUsedAt).toEqual(expect.any(String));

    // Not a session: every other call refuses it.
    for (const [method, url] of [
      ['GET', '/api/v1/account'],
      ['GET', `/api/v1/prayer/request/${server.admin._id}`],
      ['GET', '/api/v1/deploy-tokens'],
      ['GET', '/api/v1/activity'],
    ] as const) {
      const res = await server.call(method, url, { token: finance.secret });
      expect([url, res.status]).toEqual([url, 401]);
      expect(typeof res.body.message).toBe('string');
    }
  });

  it('refuses in words, changing nothing: another remote (403), publish-only deploying (403), revoked and expired (401)', async () => {
    const finance = await newToken('finance', 'deploy');
    const publishOnly = await newToken('content', 'publish', 'Content CI');
    const revoked = await newToken('content', 'deploy', 'Old content CI');
    const expired = await newToken('content', 'deploy', 'Expired content CI');
    await server.call('POST', `/api/v1/deploy-tokens/${revoked.id}/revoke`, { token });
    await server.db.kysely
      .updateTable('deployTokens')
      .set({ expiresAt: timestamp(new Date(Date.now() - 60_000)) })
      .where('_id', '=', expired.id)
      .execute();
    const archive = archiveOf(build('content', '1.2.0-ddddddd'));
    const before = await liveState(server);

    const other = await upload('content', archive, finance.secret);
    expect(other.status).toBe(403);
    expect(other.body.message).toBe('The deploy token “finance CI” is for finance; it cannot touch content');
    const otherDeploy = await server.call('POST', '/api/v1/releases/content/deploy', {
      token: finance.secret,
      json: { release: '1.0.0-aaaaaaa' },
    });
    expect(otherDeploy.status).toBe(403);

    const published = await upload('content', archive, publishOnly.secret);
    expect(published.status).toBe(201);
    const afterPublish = await liveState(server);
    expect(afterPublish.map).toBe(before.map);
    const deploy = await server.call('POST', '/api/v1/releases/content/deploy', {
      token: publishOnly.secret,
      json: { release: '1.2.0-ddddddd' },
    });
    expect(deploy.status).toBe(403);
    expect(deploy.body.message).toMatch(/“Content CI” may publish releases only/);
    const rollback = await server.call('POST', '/api/v1/releases/content/rollback', { token: publishOnly.secret });
    expect(rollback.status).toBe(403);

    for (const [secret, message] of [
      [revoked.secret, /“Old content CI” was revoked/],
      [expired.secret, /“Expired content CI” expired on \d{4}-\d\d-\d\d \d\d:\d\d UTC/],
      [`bo_deploy_${'A'.repeat(43)}`, /not valid/],
    ] as const) {
      const res = await server.call('POST', '/api/v1/releases/content/deploy', {
        token: secret,
        json: { release: '1.2.0-ddddddd' },
      });
      expect(res.status).toBe(401);
      expect(res.body.message).toMatch(message);
    }
    expect(await liveState(server)).toEqual(afterPublish);
  });

  const refusals: [string, () => Buffer, number, RegExp][] = [
    [
      'a name with ../',
      () => archiveOf(build('content', '2.0.0-eeeeee1'), [{ path: '../escape.js', data: 'x' }]),
      400,
      /\.\.\/escape\.js climbs out of the release/,
    ],
    [
      'an absolute path',
      () => archiveOf(build('content', '2.0.0-eeeeee2'), [{ path: '/etc/cron.d/x', data: 'x' }]),
      400,
      /\/etc\/cron\.d\/x is an absolute path/,
    ],
    [
      'a symbolic link',
      () =>
        archiveOf(build('content', '2.0.0-eeeeee3'), [
          { path: 'secrets.js', type: 'SymbolicLink', linkpath: '/data/database.sqlite' },
        ]),
      400,
      /secrets\.js is a link: a release holds plain files and folders only/,
    ],
    [
      'a hard link',
      () => archiveOf(build('content', '2.0.0-eeeeee4'), [{ path: 'db.js', type: 'Link', linkpath: 'release.json' }]),
      400,
      /db\.js is a hard link/,
    ],
    [
      'a device',
      () => archiveOf(build('content', '2.0.0-eeeeee5'), [{ path: 'null', type: 'CharacterDevice' }]),
      400,
      /null is a device/,
    ],
    [
      'more files than RELEASE_MAX_FILES',
      () =>
        archiveOf(
          build('content', '2.0.0-eeeeee6'),
          ['a', 'b', 'c'].map((name) => ({ path: `${name}.js`, data: name })),
        ),
      400,
      /a release holds at most 8 files \(RELEASE_MAX_FILES\)/,
    ],
    [
      'an archive larger than RELEASE_MAX_BYTES',
      () =>
        archiveOf(build('content', '2.0.0-eeeeee7'), [
          { path: 'big.js', data: Buffer.from(Array.from({ length: 80 * 1024 }, (_, i) => (i * 7919) % 251)) },
        ]),
      413,
      /a release holds at most 64 KB \(RELEASE_MAX_BYTES\)/,
    ],
    [
      'a small archive unpacking beyond RELEASE_MAX_BYTES',
      () => archiveOf(build('content', '2.0.0-eeeeee8'), [{ path: 'zeros.js', data: Buffer.alloc(1024 * 1024) }]),
      413,
      /a release holds at most 64 KB/,
    ],
    [
      'zeros after the end of the archive unpacking beyond RELEASE_MAX_BYTES',
      () => archiveOf(build('content', '2.0.0-eeeeef1'), [], sparseZeros(1024 * 1024)),
      413,
      /a release holds at most 64 KB \(RELEASE_MAX_BYTES\)/,
    ],
    [
      'a path 2,000 folders deep',
      () => archiveOf(build('content', '2.0.0-eeeeef2'), [{ path: `${'d/'.repeat(2000)}deep.js`, data: 'x' }]),
      400,
      /^d\/d\/.*… is 2001 folders deep: a release's files are at most 32$/,
    ],
    [
      'a name longer than 255 bytes',
      () => archiveOf(build('content', '2.0.0-eeeeef3'), [{ path: `assets/${'n'.repeat(300)}.js`, data: 'x' }]),
      400,
      /has a name longer than 255 bytes/,
    ],
    [
      'a release of another remote than the address names',
      () => archiveOf(build('finance', '2.0.0-eeeeee9')),
      400,
      /This archive is a release of finance, not of content/,
    ],
    ['a body that is not an archive', () => Buffer.from('hello'), 400, /not a \.tar\.gz archive of a build/],
    [
      'a build without its release description',
      () => tarGz([{ path: 'remoteEntry.js', data: 'x' }]),
      400,
      /^release\.json could not be read/,
    ],
    [
      'a build without its manifest',
      () => {
        const dir = build('content', '2.0.0-eeeeeea');
        fs.rmSync(path.join(dir, 'mf-manifest.json'));
        return archiveOf(dir);
      },
      400,
      /has no mf-manifest\.json: it is not a remote's build/,
    ],
    [
      'a route table claiming a path another remote owns',
      () => archiveOf(build('content', '2.0.0-eeeeeeb', { routes: [{ path: '/finance-home', title: 'Mine' }] })),
      400,
      /\/finance-home belongs to finance/,
    ],
  ];

  it.each(refusals)(
    'refuses %s in words, the live map and the releases untouched',
    async (_case, archive, status, message) => {
      const before = await liveState(server);
      const res = await upload('content', archive());
      expect(res.status).toBe(status);
      expect(res.body.message).toMatch(message);
      expect(res.body.message).not.toContain(server.config.releasesDir);
      expect(await liveState(server)).toEqual(before);
      expect(fs.readdirSync(path.join(server.config.releasesDir, '.uploads'))).toEqual([]);
    },
  );

  it('refuses a body that is no archive at all (none, JSON) with a 415 in words', async () => {
    const before = await liveState(server);
    const none = await server.call('POST', '/api/v1/releases/content', { token });
    expect([none.status, none.body.message]).toEqual([
      415,
      'Send the build as one .tar.gz archive (Content-Type: application/gzip)',
    ]);
    const json = await server.call('POST', '/api/v1/releases/content', { token, json: { release: 'x' } });
    expect(json.status).toBe(415);
    expect(await liveState(server)).toEqual(before);
  });

  it("orders and prunes by the server's publish time: a build's claimed time decides nothing", async () => {
    const ci = await newToken('finance', 'publish', 'finance CI from the future');
    for (const n of [1, 2, 3, 4, 5, 6]) {
      const future = build('finance', `9.0.${n}-0000aa${n}`, { builtAt: `2099-01-0${n}T00:00:00.000Z` });
      expect((await upload('finance', archiveOf(future), ci.secret)).status).toBe(201);
    }
    const previewed = await server.call('POST', '/api/v1/releases/finance/preview', {
      token,
      json: { release: '9.0.2-0000aa2' },
    });
    expect(previewed.status).toBe(200);
    const listFinance = async () =>
      (await server.call('GET', '/api/v1/releases/finance', { token })).body.data as {
        release: string;
        live: boolean;
      }[];
    const liveBefore = (await listFinance()).find((r) => r.live)!.release;
    const legit = await upload('finance', archiveOf(build('finance', '1.1.0-1e917aa')));
    expect(legit.status).toBe(201);
    expect(legit.body.message).toBe('Release published');
    expect(legit.body.data.pruned).not.toContain('1.1.0-1e917aa');
    const listed = await listFinance();
    expect(listed[0]!.release).toBe('1.1.0-1e917aa');
    // The live one and the one in preview stay, whatever RELEASES_KEEP.
    expect(listed.filter((r) => r.live).map((r) => r.release)).toEqual([liveBefore]);
    expect(listed.map((r) => r.release)).toContain('9.0.2-0000aa2');
    // A deploy without a release id takes the newest published, not the one claiming the latest build.
    const deployed = await server.call('POST', '/api/v1/releases/finance/deploy', {
      token,
      json: { release: '1.1.0-1e917aa' },
    });
    expect(deployed.status).toBe(200);
    expect(server.app.releases.deploy('finance').to).toBe('1.1.0-1e917aa');
  });

  it('refuses an unknown remote (404) and a release that does not exist (400), in words', async () => {
    const unknown = await upload('payroll', archiveOf(build('payroll', '1.0.0-aaaaaaa')));
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toMatch(
      /There is no remote "payroll" with published releases \(known: content, finance, shell\)/,
    );
    const missing = await server.call('POST', '/api/v1/releases/content/deploy', {
      token,
      json: { release: '9.9.9-fffffff' },
    });
    expect(missing.status).toBe(400);
    expect(missing.body.message).toMatch(/content has no release "9\.9\.9-fffffff"/);
  });
});

describe('failed deploy token attempts are limited like logins', () => {
  it('answers 429 in words after LOGIN_RATE_MAX bad tokens from one address', async () => {
    const fixture = makeFrontEndFixture();
    const server = await startServer(engines()[0]![1], { staticRoots: fixture.staticRoots, loginRateMax: 3 });
    try {
      const statuses: number[] = [];
      let last = '';
      for (let i = 0; i < 4; i += 1) {
        const res = await server.call('GET', '/api/v1/releases/content', { token: `bo_deploy_wrong${i}` });
        statuses.push(res.status);
        last = res.body.message as string;
      }
      expect(statuses).toEqual([401, 401, 401, 429]);
      expect(last).toMatch(/Too many attempts with deploy tokens that are not valid\. Please wait \d+ seconds?/);
    } finally {
      await server.close();
      fs.rmSync(fixture.root, { recursive: true, force: true });
    }
  });
});
