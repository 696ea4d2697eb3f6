import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app';
import { buildDirs, loadConfig } from '../config';
import { openDatabase, type Db } from '../db/database';
import { engines, makeFrontEndFixture, startServer, writeRemoteBuild, type TestServer } from '../testing/harness';
import { run, runShared } from './cli';
import {
  checkMap,
  deployRelease,
  emptyMap,
  promoteRollout,
  protectedReleases,
  rollBackRolloutAutomatically,
  rollbackRelease,
  type MapContext,
  type StoredMap,
} from './map';
import { ClusterReleases } from './cluster-sync';
import { lastGoodFile, Releases, releasesConfig } from './releases';

const context: MapContext = {
  knownRemotes: ['content', 'finance'],
  releaseExists: (remote, release) => ['1.0.0-aaaaaaa', '1.1.0-bbbbbbb'].includes(release) && remote !== 'nobody',
  allowedOrigins: ['https://cdn.example.org'],
};

const since = '2026-11-20T08:00:00.000Z';

const problemsOf = (input: unknown) => {
  const check = checkMap(input, context);
  return check.ok ? [] : check.problems;
};

describe('the live map refuses what cannot be served', () => {
  it('takes a valid map, with a CDN entry from an allowed origin', () => {
    const check = checkMap(
      JSON.stringify({
        apiBaseUrl: '/api/v1',
        remotes: {
          content: { release: '1.0.0-aaaaaaa' },
          finance: {
            release: '1.1.0-bbbbbbb',
            entry: 'https://cdn.example.org/finance/1.1.0-bbbbbbb/mf-manifest.json',
          },
        },
      }),
      context,
    );
    expect(check).toEqual({
      ok: true,
      map: {
        apiBaseUrl: '/api/v1',
        remotes: {
          content: { release: '1.0.0-aaaaaaa' },
          finance: {
            release: '1.1.0-bbbbbbb',
            entry: 'https://cdn.example.org/finance/1.1.0-bbbbbbb/mf-manifest.json',
          },
        },
        log: [],
      },
    });
  });

  it.each([
    ['text that is not JSON', '{"remotes": {', /not valid JSON/],
    ['a list instead of an object', '[]', /JSON object/],
    [
      'an unknown remote',
      { remotes: { payroll: { release: '1.0.0-aaaaaaa' } } },
      /"payroll" is not a remote with published releases \(known: content, finance\)/,
    ],
    [
      'a release that does not exist',
      { remotes: { content: { release: '9.9.9-fffffff' } } },
      /content: release "9.9.9-fffffff" does not exist/,
    ],
    ['a release name that climbs out', { remotes: { content: { release: '../../etc' } } }, /does not exist/],
    [
      'an origin outside the allow-list',
      { remotes: { content: { release: '1.0.0-aaaaaaa', entry: 'https://evil.example/x/mf-manifest.json' } } },
      /https:\/\/evil\.example is not in REMOTE_ORIGINS/,
    ],
    [
      'a relative entry',
      { remotes: { content: { release: '1.0.0-aaaaaaa', entry: '/elsewhere/mf-manifest.json' } } },
      /absolute http\(s\) address/,
    ],
    ['a release given as text only', { remotes: { content: '1.0.0-aaaaaaa' } }, /give the live release as/],
    ['an API base URL that is neither a path nor an address', { apiBaseUrl: 'api', remotes: {} }, /apiBaseUrl/],
    [
      'a rollout share above 100',
      { remotes: { content: { release: '1.0.0-aaaaaaa', rollout: { release: '1.1.0-bbbbbbb', share: 140, since } } } },
      /content: the rollout's share must be a whole number of percent from 0 to 100 \(got 140\)/,
    ],
    [
      'a rollout share that is not a whole number',
      { remotes: { content: { release: '1.0.0-aaaaaaa', rollout: { release: '1.1.0-bbbbbbb', share: 2.5, since } } } },
      /got 2\.5/,
    ],
    [
      'a rollout of a release that does not exist',
      { remotes: { content: { release: '1.0.0-aaaaaaa', rollout: { release: '9.9.9-fffffff', share: 10, since } } } },
      /content: the rollout's release "9\.9\.9-fffffff" does not exist/,
    ],
    [
      'a rollout of the release already live',
      { remotes: { content: { release: '1.0.0-aaaaaaa', rollout: { release: '1.0.0-aaaaaaa', share: 10, since } } } },
      /the rollout's release 1\.0\.0-aaaaaaa is already live/,
    ],
    [
      'a rollout with no start time',
      { remotes: { content: { release: '1.0.0-aaaaaaa', rollout: { release: '1.1.0-bbbbbbb', share: 10 } } } },
      /"since" must be an ISO time/,
    ],
  ])('refuses %s, saying why', (_case, input, message) => {
    const problems = problemsOf(typeof input === 'string' ? input : JSON.stringify(input));
    expect(problems.join('\n')).toMatch(message);
  });
});

describe('deploy, rollback and what pruning spares', () => {
  const t0 = new Date('2026-11-20T08:00:00Z');
  const hours = (n: number) => new Date(t0.getTime() + n * 3_600_000);

  it('a deploy remembers the release it replaced; rollback goes back and then further back', () => {
    let map = deployRelease(emptyMap(), 'content', 'v1', { now: t0 });
    map = deployRelease(map, 'content', 'v2', { now: hours(1) });
    map = deployRelease(map, 'content', 'v3', { now: hours(2) });
    expect(map.remotes.content).toEqual({ release: 'v3', previous: ['v2', 'v1'] });
    const first = rollbackRelease(map, 'content', () => true, hours(3));
    expect([first.from, first.to]).toEqual(['v3', 'v2']);
    const second = rollbackRelease(first.map, 'content', () => true, hours(4));
    expect([second.from, second.to]).toEqual(['v2', 'v1']);
    expect(() => rollbackRelease(second.map, 'content', () => true)).toThrow(/no earlier release/);
  });

  it('rollback skips a release that was pruned', () => {
    let map = deployRelease(emptyMap(), 'content', 'v1', { now: t0 });
    map = deployRelease(map, 'content', 'v2', { now: t0 });
    map = deployRelease(map, 'content', 'v3', { now: t0 });
    expect(rollbackRelease(map, 'content', (id) => id !== 'v2').to).toBe('v1');
  });

  it('a rollout serves a share beside the live release; promote makes it whole; a deploy without a share ends it', () => {
    let map = deployRelease(emptyMap(), 'content', 'v1', { now: t0 });
    map = deployRelease(map, 'content', 'v2', { now: hours(1), share: 10 });
    expect(map.remotes.content).toEqual({
      release: 'v1',
      rollout: { release: 'v2', share: 10, since: hours(1).toISOString() },
    });
    // A new share of the same release keeps its start.
    map = deployRelease(map, 'content', 'v2', { now: hours(2), share: 50 });
    expect(map.remotes.content!.rollout).toEqual({ release: 'v2', share: 50, since: hours(1).toISOString() });
    const promoted = promoteRollout(map, 'content', hours(3));
    expect([promoted.from, promoted.to]).toEqual(['v1', 'v2']);
    expect(promoted.map.remotes.content).toEqual({ release: 'v2', previous: ['v1'] });
    const whole = deployRelease(map, 'content', 'v3', { now: hours(3) });
    expect(whole.remotes.content).toEqual({ release: 'v3', previous: ['v1'] });
  });

  it.each([
    ['a share above 100', 140, 'v2', /whole number of percent from 0 to 100 \(got 140\)/],
    ['a negative share', -1, 'v2', /from 0 to 100 \(got -1\)/],
    ['a share that is not whole', 12.5, 'v2', /\(got 12\.5\)/],
    ['a share for the release already live', 10, 'v1', /v1 is already live: there is nothing to roll out/],
  ])('refuses %s, saying why', (_case, share, release, message) => {
    const map = deployRelease(emptyMap(), 'content', 'v1', { now: t0 });
    expect(() => deployRelease(map, 'content', release, { share })).toThrow(message);
  });

  it('refuses a rollout of the shell: every browser loads the live shell before it reads the map', () => {
    const map = deployRelease(emptyMap(), 'shell', 'v1', { now: t0 });
    expect(() => deployRelease(map, 'shell', 'v2', { share: 10 })).toThrow(/the shell is not rolled out to a share/);
    const shellContext = { ...context, knownRemotes: ['shell'] };
    const edit = {
      remotes: { shell: { release: '1.0.0-aaaaaaa', rollout: { release: '1.1.0-bbbbbbb', share: 10, since } } },
    };
    const check = checkMap(edit, shellContext);
    expect(check.ok ? [] : check.problems).toEqual([expect.stringMatching(/^shell: the shell is not rolled out/)]);
  });

  it('refuses a rollout with no live release, and promote with no rollout', () => {
    expect(() => deployRelease(emptyMap(), 'content', 'v1', { share: 10 })).toThrow(/no live release yet/);
    const map = deployRelease(emptyMap(), 'content', 'v1', { now: t0 });
    expect(() => promoteRollout(map, 'content')).toThrow(/content has no rollout to promote/);
  });

  it('rollback during a rollout ends the rollout first; the live release stays', () => {
    let map = deployRelease(emptyMap(), 'content', 'v1', { now: t0 });
    map = deployRelease(map, 'content', 'v2', { now: hours(1) });
    map = deployRelease(map, 'content', 'v3', { now: hours(2), share: 10 });
    const ended = rollbackRelease(map, 'content', () => true, hours(3));
    expect(ended).toMatchObject({ from: 'v3', to: 'v2', endedRollout: true });
    expect(ended.map.remotes.content).toEqual({ release: 'v2', previous: ['v1'] });
    expect(rollbackRelease(ended.map, 'content', () => true).to).toBe('v1');
  });

  it('an automatic rollback takes the rollout back to 0 % and keeps its notice until a later deploy', () => {
    let map = deployRelease(emptyMap(), 'content', 'v1', { now: t0 });
    map = deployRelease(map, 'content', 'v2', { now: hours(1), share: 10 });
    const rollout = { release: 'v2', since: hours(1).toISOString() };
    const figures = { seen: 5, failed: 4 };
    expect(rollBackRolloutAutomatically(map, 'content', { ...rollout, release: 'v9' }, figures)).toBeUndefined();
    // A rollout of the same release begun again is judged afresh, not by the earlier one's reports.
    expect(
      rollBackRolloutAutomatically(map, 'content', { ...rollout, since: t0.toISOString() }, figures),
    ).toBeUndefined();
    const back = rollBackRolloutAutomatically(map, 'content', rollout, figures, hours(2))!;
    expect(back.remotes.content).toEqual({
      release: 'v1',
      rolledBack: { release: 'v2', at: hours(2).toISOString(), seen: 5, failed: 4 },
    });
    // Its release stays on disk a while: browsers were served it.
    expect(protectedReleases(back, 'content', 12, hours(3)).has('v2')).toBe(true);
    expect(rollBackRolloutAutomatically(back, 'content', rollout, figures)).toBeUndefined();
    expect(
      deployRelease(back, 'content', 'v3', { share: 10, now: hours(4) }).remotes.content!.rolledBack,
    ).toBeUndefined();
    expect(deployRelease(back, 'content', 'v3').remotes.content!.rolledBack).toBeUndefined();
  });

  it('spares the live release, the one before, and every release live within the session length', () => {
    let map = deployRelease(emptyMap(), 'content', 'v1', { now: t0 });
    map = deployRelease(map, 'content', 'v2', { now: hours(1) });
    map = deployRelease(map, 'content', 'v3', { now: hours(15) });
    map = deployRelease(map, 'content', 'v4', { now: hours(30) });
    // At hour 31 with 12-hour sessions: v4 live, v3 before it (and live until hour 30), v2 ended at hour 15.
    expect([...protectedReleases(map, 'content', 12, hours(31))].sort()).toEqual(['v3', 'v4']);
    // With 24-hour sessions, v2 was live until hour 15, within the last 24 hours; v1 ended at hour 1.
    expect([...protectedReleases(map, 'content', 24, hours(31))].sort()).toEqual(['v2', 'v3', 'v4']);
  });
});

describe('releases on disk and the commands', () => {
  let dataDir: string;
  let builds: string;
  const env = () => ({ DATA_DIR: dataDir });
  beforeEach(() => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'releases-'));
    builds = fs.mkdtempSync(path.join(os.tmpdir(), 'builds-'));
  });
  afterEach(() => {
    fs.rmSync(dataDir, { recursive: true, force: true });
    fs.rmSync(builds, { recursive: true, force: true });
  });
  const build = (release: string, builtAt: string, name = 'content') =>
    writeRemoteBuild(path.join(builds, `${name}-${release}`), { name, release, builtAt });

  it('publish copies a build into an immutable release folder and prints its id; twice is harmless', () => {
    const dir = build('1.0.0-aaaaaaa', '2026-11-20T08:00:00Z');
    const lines = run(['publish', 'content', dir], env());
    expect(lines.at(-1)).toBe('1.0.0-aaaaaaa');
    expect(lines[0]).toBe('Published content 1.0.0-aaaaaaa.');
    const released = path.join(dataDir, 'releases', 'content', '1.0.0-aaaaaaa');
    expect(fs.readFileSync(path.join(released, 'remoteEntry.js'), 'utf8')).toContain('1.0.0-aaaaaaa');
    expect(run(['publish', 'content', dir], env())[0]).toBe('content 1.0.0-aaaaaaa was already published.');
    // No temporary folder is left behind.
    expect(fs.readdirSync(path.join(dataDir, 'releases', 'content'))).toEqual(['1.0.0-aaaaaaa']);
  });

  it('refuses a route table that does not hold, saying what is wrong', () => {
    const dir = build('1.0.0-aaaaaaa', '2026-11-20T08:00:00Z');
    const table = (routes: unknown[]) =>
      fs.writeFileSync(path.join(dir, 'routes.json'), JSON.stringify({ label: 'Content', routes }));
    table([{ path: 'bookshelf', title: 'BookShelf' }]);
    expect(() => run(['publish', 'content', dir], env())).toThrow(/bookshelf: the path must start with \//);
    table([{ path: '/bookshelf' }]);
    expect(() => run(['publish', 'content', dir], env())).toThrow(/\/bookshelf: a title is required/);
    table([{ path: '/bookshelf', title: 'BookShelf', menu: { group: 'Media' } }]);
    expect(() => run(['publish', 'content', dir], env())).toThrow(/menu must be \{ group, label, order \}/);
    table([{ path: '/bookshelf', title: 'BookShelf', colour: 'red' }]);
    expect(() => run(['publish', 'content', dir], env())).toThrow(/"colour" is not a route field/);
    // A screen's early reads go to the API alone, with no query, and fill only what the screen knows.
    for (const reads of [['/uploads/secret'], ['/api/v1/all/books/?page=2'], ['/api/v1/../remotes.json']]) {
      table([{ path: '/bookshelf', title: 'BookShelf', reads }]);
      expect(() => run(['publish', 'content', dir], env())).toThrow(
        /\/bookshelf: reads must be at most 4 different paths of the API \(\/api\/v1\/…\), without a query/,
      );
    }
    table([{ path: '/bookshelf/:id', title: 'Book Details', reads: ['/api/v1/single/book/{bookId}'] }]);
    expect(() => run(['publish', 'content', dir], env())).toThrow(
      /\/bookshelf\/:id: \/api\/v1\/single\/book\/\{bookId\} names \{bookId\}, which is not a parameter of the path/,
    );
    table([
      { path: '/bookshelf', title: 'BookShelf' },
      { path: '/bookshelf', title: 'Again' },
    ]);
    expect(() => run(['publish', 'content', dir], env())).toThrow(/\/bookshelf is declared twice/);
    expect(fs.existsSync(path.join(dataDir, 'releases', 'content'))).toBe(false);
  });

  it('refuses a folder that is not a remote build, and a build of another remote', () => {
    const empty = fs.mkdtempSync(path.join(builds, 'empty-'));
    expect(() => run(['publish', 'content', empty], env())).toThrow(/release\.json could not be read/);
    const finance = build('1.0.0-aaaaaaa', '2026-11-20T08:00:00Z', 'finance');
    expect(() => run(['publish', 'content', finance], env())).toThrow(/a build of finance, not content/);
  });

  it('deploy puts the newest live by default, rollback goes back, releases marks the live one', () => {
    run(['publish', 'content', build('1.0.0-aaaaaaa', '2026-11-20T08:00:00Z')], env());
    run(['publish', 'content', build('1.1.0-bbbbbbb', '2026-11-21T08:00:00Z')], env());
    expect(run(['deploy', 'content', '1.0.0-aaaaaaa'], env())).toEqual(['content 1.0.0-aaaaaaa is live.']);
    expect(run(['deploy', 'content'], env())).toEqual(['content 1.1.0-bbbbbbb is live (was 1.0.0-aaaaaaa).']);
    const listing = run(['releases', 'content'], env()).join('\n');
    expect(listing).toMatch(/\* live\s+1\.1\.0-bbbbbbb/);
    expect(listing).toMatch(/previous 1\.0\.0-aaaaaaa/);
    expect(run(['rollback', 'content'], env())).toEqual(['content rolled back to 1.0.0-aaaaaaa (was 1.1.0-bbbbbbb).']);
    expect(() => run(['deploy', 'content', '9.9.9-fffffff'], env())).toThrow(/no release "9.9.9-fffffff"/);
    expect(() => run(['deploy', 'payroll'], env())).toThrow(/"payroll" has no published release/);
  });

  it('deploy --share rolls a release out, promote makes it whole, rollback ends a rollout; refusals change nothing', () => {
    run(['publish', 'content', build('1.0.0-aaaaaaa', '2026-11-20T08:00:00Z')], env());
    run(['publish', 'content', build('1.1.0-bbbbbbb', '2026-11-21T08:00:00Z')], env());
    run(['deploy', 'content', '1.0.0-aaaaaaa'], env());
    const mapText = () => fs.readFileSync(path.join(dataDir, 'remotes.json'), 'utf8');
    const before = mapText();
    for (const [args, message] of [
      [
        ['deploy', 'content', '1.1.0-bbbbbbb', '--share', '140'],
        /--share must be a whole number of percent from 0 to 100 \(got "140"\)/,
      ],
      [['deploy', 'content', '1.1.0-bbbbbbb', '--share', '2.5'], /\(got "2\.5"\)/],
      [['deploy', 'content', '1.1.0-bbbbbbb', '--share', 'ten'], /\(got "ten"\)/],
      [['deploy', 'content', '1.0.0-aaaaaaa', '--share', '10'], /1\.0\.0-aaaaaaa is already live/],
      [['deploy', 'content', '--share', '10'], /name the release to roll out/],
      [['promote', 'content'], /content has no rollout to promote/],
    ] as const) {
      expect(() => run([...args], env())).toThrow(message);
      expect(mapText()).toBe(before);
    }
    expect(run(['deploy', 'content', '1.1.0-bbbbbbb', '--share', '10'], env())).toEqual([
      'content 1.1.0-bbbbbbb is served to 10 % of the browsers; 1.0.0-aaaaaaa to the rest.',
      'Make it whole with: npm run promote -- content',
    ]);
    const listing = run(['releases', 'content'], env()).join('\n');
    expect(listing).toMatch(/\* live 90%\s+1\.0\.0-aaaaaaa/);
    expect(listing).toMatch(/> rollout 10%\s+1\.1\.0-bbbbbbb/);
    expect(run(['rollback', 'content'], env())).toEqual([
      'content rollout of 1.1.0-bbbbbbb ended: every browser gets 1.0.0-aaaaaaa again.',
    ]);
    run(['deploy', 'content', '1.1.0-bbbbbbb', '--share', '10'], env());
    expect(run(['promote', 'content'], env())).toEqual([
      'content 1.1.0-bbbbbbb is live for every browser (was 1.0.0-aaaaaaa).',
    ]);
    expect(run(['rollback', 'content'], env())).toEqual(['content rolled back to 1.0.0-aaaaaaa (was 1.1.0-bbbbbbb).']);
  });

  it('a hand edit with a share of 140 is refused, and pruning spares the release in rollout', () => {
    const keep = { ...env(), RELEASES_KEEP: '1' };
    run(['publish', 'content', build('1.0.0-aaaaaaa', '2026-11-01T08:00:00Z')], keep);
    run(['deploy', 'content'], keep);
    run(['publish', 'content', build('1.1.0-bbbbbbb', '2026-11-02T08:00:00Z')], keep);
    run(['deploy', 'content', '1.1.0-bbbbbbb', '--share', '10'], keep);
    run(['publish', 'content', build('1.2.0-ccccccc', '2026-11-03T08:00:00Z')], keep);
    run(['publish', 'content', build('1.3.0-ddddddd', '2026-11-04T08:00:00Z')], keep);
    expect(fs.readdirSync(path.join(dataDir, 'releases', 'content')).sort()).toEqual([
      '1.0.0-aaaaaaa',
      '1.1.0-bbbbbbb',
      '1.3.0-ddddddd',
    ]);
    const file = path.join(dataDir, 'remotes.json');
    const map = JSON.parse(fs.readFileSync(file, 'utf8')) as { remotes: { content: { rollout: { share: number } } } };
    map.remotes.content.rollout.share = 140;
    fs.writeFileSync(file, JSON.stringify(map));
    expect(() => run(['promote', 'content'], keep)).toThrow(
      /remotes\.json is refused: content: the rollout's share must/,
    );
  });

  it('deploy to another origin needs that origin in REMOTE_ORIGINS', () => {
    run(['publish', 'content', build('1.0.0-aaaaaaa', '2026-11-20T08:00:00Z')], env());
    const entry = 'https://cdn.example.org/content/1.0.0-aaaaaaa/mf-manifest.json';
    expect(() => run(['deploy', 'content', '1.0.0-aaaaaaa', '--entry', entry], env())).toThrow(/REMOTE_ORIGINS/);
    expect(
      run(['deploy', 'content', '1.0.0-aaaaaaa', '--entry', entry], {
        ...env(),
        REMOTE_ORIGINS: 'https://cdn.example.org',
      }),
    ).toEqual(['content 1.0.0-aaaaaaa is live.']);
  });

  it('a command refuses to build on a hand edit that does not hold, and the listing says so', () => {
    run(['publish', 'content', build('1.0.0-aaaaaaa', '2026-11-20T08:00:00Z')], env());
    run(['deploy', 'content'], env());
    fs.writeFileSync(path.join(dataDir, 'remotes.json'), '{ "remotes": { "content": { "release": "oops" } } }');
    expect(() => run(['deploy', 'content'], env())).toThrow(
      /remotes\.json is refused: content: release "oops" does not exist/,
    );
    expect(run(['releases'], env())[0]).toMatch(/^! .*remotes\.json is refused/);
  });

  it('publishing prunes the oldest releases beyond RELEASES_KEEP, never the live one or the one before', () => {
    const keep = { ...env(), RELEASES_KEEP: '2' };
    run(['publish', 'content', build('1.0.0-aaaaaaa', '2026-11-01T08:00:00Z')], keep);
    run(['deploy', 'content'], keep);
    run(['publish', 'content', build('1.1.0-bbbbbbb', '2026-11-02T08:00:00Z')], keep);
    run(['deploy', 'content'], keep);
    // 1.0.0 is the one before the live 1.1.0; three newer builds follow, none deployed.
    run(['publish', 'content', build('1.2.0-ccccccc', '2026-11-03T08:00:00Z')], keep);
    run(['publish', 'content', build('1.3.0-ddddddd', '2026-11-04T08:00:00Z')], keep);
    const lines = run(['publish', 'content', build('1.4.0-eeeeeee', '2026-11-05T08:00:00Z')], keep);
    expect(lines).toContain('Pruned old releases: 1.2.0-ccccccc');
    expect(fs.readdirSync(path.join(dataDir, 'releases', 'content')).sort()).toEqual([
      '1.0.0-aaaaaaa',
      '1.1.0-bbbbbbb',
      '1.3.0-ddddddd',
      '1.4.0-eeeeeee',
    ]);
  });
});

describe('the live map served at /remotes.json', () => {
  let server: TestServer;
  let fixture: ReturnType<typeof makeFrontEndFixture>;
  let releases: Releases;
  const mapFile = () => server.config.remotesMapFile;

  beforeAll(async () => {
    fixture = makeFrontEndFixture();
    server = await startServer(
      { engine: 'sqlite' },
      { staticRoots: fixture.staticRoots, remoteOrigins: ['http://127.0.0.1:9'] },
    );
    releases = server.app.releases;
    releases.adoptBuilds(buildDirs(fixture.staticRoots));
    releases.publish(
      writeRemoteBuild(path.join(fixture.root, 'next'), {
        name: 'content',
        release: '1.1.0-bbbbbbb',
        routes: [
          { path: '/content-home', title: 'Home', menu: { group: 'Main', label: 'Home', order: 2 } },
          { path: '/content-new', title: 'New screen', searchable: true, reads: ['/api/v1/all/books/'] },
        ],
      }),
    );
  });
  afterAll(async () => {
    await server.close();
    fs.rmSync(fixture.root, { recursive: true, force: true });
  });

  it("the first start's build is live: its manifest, label and routes, with no-cache and an ETag", async () => {
    const res = await server.call('GET', '/remotes.json');
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-cache');
    expect(res.body).toEqual({
      apiBaseUrl: '/api/v1',
      loadTimeoutMs: 3000,
      remotes: [
        {
          name: 'content',
          label: 'Content',
          release: '1.0.0-aaaaaaa',
          entry: '/remotes/content/1.0.0-aaaaaaa/mf-manifest.json',
          routes: [{ path: '/content-home', title: 'Home', menu: { group: 'Main', label: 'Home', order: 2 } }],
        },
      ],
    });
    const again = await server.call('GET', '/remotes.json', { headers: { 'if-none-match': res.headers.get('etag')! } });
    expect(again.status).toBe(304);
  });

  it('a deploy is served at the next request, with no restart; rollback too', async () => {
    releases.deploy('content', '1.1.0-bbbbbbb');
    const res = await server.call('GET', '/remotes.json');
    expect(res.body.remotes[0]).toMatchObject({
      release: '1.1.0-bbbbbbb',
      entry: '/remotes/content/1.1.0-bbbbbbb/mf-manifest.json',
      routes: [
        { path: '/content-home', title: 'Home', menu: { group: 'Main', label: 'Home', order: 2 } },
        // A screen's first reads reach the shell, which starts them with the screen's code.
        { path: '/content-new', title: 'New screen', searchable: true, reads: ['/api/v1/all/books/'] },
      ],
    });
    // The release that was live stays served: open browsers still load its chunks.
    expect((await server.call('GET', '/remotes/content/1.0.0-aaaaaaa/remoteEntry.js')).status).toBe(200);
    releases.rollback('content');
    expect((await server.call('GET', '/remotes.json')).body.remotes[0].release).toBe('1.0.0-aaaaaaa');
  });

  it('says which range of shared each live release needs, from its manifest', async () => {
    releases.publish(
      writeRemoteBuild(path.join(fixture.root, 'needs-newer'), {
        name: 'content',
        release: '1.2.0-ccccccc',
        sharedRange: '^2.2.0',
      }),
    );
    releases.deploy('content', '1.2.0-ccccccc');
    try {
      const res = await server.call('GET', '/remotes.json');
      expect(res.body.remotes[0]).toMatchObject({ release: '1.2.0-ccccccc', requires: { shared: '^2.2.0' } });
    } finally {
      releases.deploy('content', '1.0.0-aaaaaaa');
    }
  });

  it.each([
    ['text that is not JSON', '{ "remotes": '],
    ['an unknown remote', JSON.stringify({ remotes: { payroll: { release: '1.0.0-aaaaaaa' } } })],
    ['a release that does not exist', JSON.stringify({ remotes: { content: { release: '2.0.0-0000000' } } })],
    [
      'an origin outside the allow-list',
      JSON.stringify({
        remotes: { content: { release: '1.0.0-aaaaaaa', entry: 'https://evil.example/mf-manifest.json' } },
      }),
    ],
  ])(
    'a hand edit with %s is refused and logged; the last good map keeps being served, also after a restart',
    async (_case, edit) => {
      const good = (await server.call('GET', '/remotes.json')).text;
      const errors = jest.spyOn(server.app.log, 'error');
      fs.writeFileSync(mapFile(), edit);
      const res = await server.call('GET', '/remotes.json');
      expect(res.status).toBe(200);
      expect(res.text).toBe(good);
      expect(errors).toHaveBeenCalledWith(
        expect.stringMatching(/remotes\.json is refused: .+The last good map keeps being served/),
      );
      errors.mockRestore();
      // A restart on the broken file serves the good map kept beside it.
      expect(fs.existsSync(lastGoodFile(mapFile()))).toBe(true);
      const restarted = await startServer(
        { engine: 'sqlite' },
        { staticRoots: fixture.staticRoots, remotesMapFile: mapFile(), releasesDir: server.config.releasesDir },
      );
      try {
        expect((await restarted.call('GET', '/remotes.json')).text).toBe(good);
      } finally {
        await restarted.close();
      }
      // Fixing the file is picked up at once.
      fs.writeFileSync(mapFile(), JSON.stringify({ remotes: { content: { release: '1.1.0-bbbbbbb' } } }));
      expect((await server.call('GET', '/remotes.json')).body.remotes[0].release).toBe('1.1.0-bbbbbbb');
      releases.deploy('content', '1.0.0-aaaaaaa');
    },
  );

  it('serves a release from another origin when the map says so and the origin is allowed', async () => {
    const entry = 'http://127.0.0.1:9/content/1.0.0-aaaaaaa/mf-manifest.json';
    releases.deploy('content', '1.0.0-aaaaaaa', entry);
    expect((await server.call('GET', '/remotes.json')).body.remotes[0]).toMatchObject({
      release: '1.0.0-aaaaaaa',
      entry,
    });
    releases.deploy('content', '1.0.0-aaaaaaa');
  });

  it('never serves a release that is still being published', async () => {
    const hidden = path.join(server.config.releasesDir, 'content', '.publishing-1.2.0-ccccccc-0000');
    fs.mkdirSync(hidden, { recursive: true });
    fs.writeFileSync(path.join(hidden, 'remoteEntry.js'), 'half');
    expect((await server.call('GET', '/remotes/content/.publishing-1.2.0-ccccccc-0000/remoteEntry.js')).status).toBe(
      404,
    );
  });

  it('GET /api/v1/version says what runs: the API and its upload limits, the shell build and each live release with its manifest', async () => {
    const res = await server.call('GET', '/api/v1/version');
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Version fetched successfully');
    expect(res.body.data).toEqual({
      api: { version: '1.0.0' },
      uploads: { imageMaxBytes: 5 * 1024 * 1024, fileMaxBytes: 20 * 1024 * 1024 },
      shell: {
        version: '1.0.0',
        release: '1.0.0-5e11aaa',
        commit: 'abc123def456',
        builtAt: '2026-11-20T10:00:00.000Z',
      },
      remotes: [
        {
          name: 'content',
          label: 'Content',
          release: '1.0.0-aaaaaaa',
          entry: '/remotes/content/1.0.0-aaaaaaa/mf-manifest.json',
          build: { version: '1.0.0', release: '1.0.0-aaaaaaa', commit: 'abc123def456', builtAt: expect.any(String) },
          manifest: {
            name: 'content',
            buildVersion: '1.0.0',
            exposes: ['./App'],
            shared: [{ name: 'react', version: '19.3.1', requiredVersion: '^19.3.1', singleton: true }],
          },
        },
      ],
    });
  });
});

// With PostgreSQL the releases and the live map are shared (shared.ts): a command run on any machine
// reaches every instance, each with a DATA_DIR of its own. Only there: where TEST_DATABASE_URL is set.
const postgres = engines().filter(([name]) => name === 'postgres');

if (postgres.length)
  describe('releases and the live map shared by instances on several machines (PostgreSQL)', () => {
    let a: TestServer;
    let b: { url: string; app: FastifyInstance; db: Db; dataDir: string };
    let fixture: ReturnType<typeof makeFrontEndFixture>;
    let operatorDir: string;
    const operator = () => ({
      DATA_DIR: operatorDir,
      DATABASE_URL: a.config.databaseUrl,
      DATABASE_SCHEMA: a.config.databaseSchema,
    });
    /** Polls until `done` holds; answers how long it took (gives up after 5 s). */
    const within = async (done: () => Promise<boolean>) => {
      const started = Date.now();
      while (!(await done()) && Date.now() - started < 5000) await new Promise((resolve) => setTimeout(resolve, 20));
      return Date.now() - started;
    };
    const get = (server: { url: string }, urlPath: string) => fetch(`${server.url}${urlPath}`);
    const liveOn = async (server: { url: string }) =>
      ((await (await get(server, '/remotes.json')).json()) as { remotes: { release: string }[] }).remotes[0]?.release;

    beforeAll(async () => {
      fixture = makeFrontEndFixture();
      operatorDir = fs.mkdtempSync(path.join(os.tmpdir(), 'api-operator-'));
      a = await startServer(postgres[0]![1], { staticRoots: fixture.staticRoots });
      // B: another machine on the same database (a DATA_DIR of its own), with no builds of its own.
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'api-instance-b-'));
      const db = openDatabase({ dataDir, databaseUrl: a.config.databaseUrl, databaseSchema: a.db.schema });
      const config = loadConfig({ DATA_DIR: dataDir });
      const app = await buildApp(
        {
          ...a.config,
          dataDir,
          uploadsDir: config.uploadsDir,
          releasesDir: config.releasesDir,
          remotesMapFile: config.remotesMapFile,
          staticRoots: { shell: path.join(dataDir, 'none'), remoteBuilds: [] },
        },
        { db },
      );
      await app.listen({ port: 0, host: '127.0.0.1' });
      b = { url: `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`, app, db, dataDir };
      // B hears of A's first release by notification, not by its next poll of the counter.
      await db.changes!.listening();
      await a.app.clusterReleases!.change(() => a.app.releases.adoptBuilds(buildDirs(fixture.staticRoots)));
    });
    afterAll(async () => {
      await b?.app.close();
      await b?.db.close();
      if (b) fs.rmSync(b.dataDir, { recursive: true, force: true });
      await a?.close();
      fs.rmSync(fixture.root, { recursive: true, force: true });
      fs.rmSync(operatorDir, { recursive: true, force: true });
    });

    it("serves the first start's release on a machine that never had the build", async () => {
      expect(await within(async () => (await liveOn(b)) === '1.0.0-aaaaaaa')).toBeLessThan(1000);
      expect((await get(b, '/remotes/content/1.0.0-aaaaaaa/remoteEntry.js')).status).toBe(200);
      expect(fs.existsSync(path.join(b.app.config.releasesDir, 'content', '1.0.0-aaaaaaa', 'routes.json'))).toBe(true);
    });

    it('a release published and deployed from a third machine is live on both within a second; rollback too', async () => {
      const build = writeRemoteBuild(path.join(fixture.root, 'shared-next'), {
        name: 'content',
        release: '1.1.0-bbbbbbb',
      });
      expect(await runShared(['publish', 'content', build], operator())).toContain('Published content 1.1.0-bbbbbbb.');
      expect(await runShared(['deploy', 'content', '1.1.0-bbbbbbb'], operator())).toEqual([
        'content 1.1.0-bbbbbbb is live (was 1.0.0-aaaaaaa).',
      ]);
      for (const server of [a, b]) {
        expect(await within(async () => (await liveOn(server)) === '1.1.0-bbbbbbb')).toBeLessThan(1000);
        expect((await get(server, '/remotes/content/1.1.0-bbbbbbb/chunk.9b8c7d6e.js')).status).toBe(200);
      }
      expect(await runShared(['rollback', 'content'], operator())).toEqual([
        'content rolled back to 1.0.0-aaaaaaa (was 1.1.0-bbbbbbb).',
      ]);
      for (const server of [a, b]) {
        expect(await within(async () => (await liveOn(server)) === '1.0.0-aaaaaaa')).toBeLessThan(1000);
      }
      const listing = await runShared(['releases', 'content'], operator());
      expect(listing.join('\n')).toMatch(/\* live\s+1\.0\.0-aaaaaaa/);
    });

    it('serves a release the map names before this machine has copied it', async () => {
      const build = writeRemoteBuild(path.join(fixture.root, 'shared-third'), {
        name: 'content',
        release: '1.2.0-ccccccc',
      });
      await runShared(['publish', 'content', build], operator());
      // Asked for at once, before any notification or check could have copied it.
      expect((await get(b, '/remotes/content/1.2.0-ccccccc/remoteEntry.js')).status).toBe(200);
      expect((await get(b, '/remotes/content/9.9.9-fffffff/remoteEntry.js')).status).toBe(404);
    });

    it('a release pruned by another machine leaves this one too, and is not stored again by its next command', async () => {
      const pruned = '1.2.0-ccccccc';
      const onB = () => b.app.releases.store.exists('content', pruned);
      expect(onB()).toBe(true);
      const build = writeRemoteBuild(path.join(fixture.root, 'shared-fourth'), {
        name: 'content',
        release: '1.3.0-ddddddd',
      });
      // Keeping one: 1.2.0 was never live, so it goes (the live release and the one before stay).
      const published = await runShared(['publish', 'content', build], { ...operator(), RELEASES_KEEP: '1' });
      expect(published.join('\n')).toContain(pruned);
      expect(await b.app.clusterReleases!.has('content', pruned)).toBe(false);

      // B follows: its copy goes.
      expect(await within(async () => !onB())).toBeLessThan(5000);
      expect(onB()).toBe(false);
      // A command on B (as its restart's adoption of builds) shares what B has, and 1.2.0 is not among it.
      await b.app.clusterReleases!.change(() => b.app.releases.adoptBuilds([]));
      expect(await b.app.clusterReleases!.has('content', pruned)).toBe(false);
      expect((await runShared(['releases', 'content'], operator())).join('\n')).not.toContain(pruned);
    });

    it("a copy begun before this machine's own deploy never writes the older map over the deploy's", async () => {
      // Machine C: a DATA_DIR of its own, following nothing, so that its copies run only when told.
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'api-instance-c-'));
      const config = loadConfig({ DATA_DIR: dataDir });
      const releases = new Releases({
        ...releasesConfig(a.config),
        releasesDir: config.releasesDir,
        mapFile: config.remotesMapFile,
      });
      const c = new ClusterReleases(b.db, releases);
      const liveOnC = () =>
        (JSON.parse(fs.readFileSync(config.remotesMapFile, 'utf8')) as StoredMap).remotes.content?.release;
      try {
        await c.pull();
        const before = liveOnC();
        const next = '1.3.0-ddddddd';
        expect(before).not.toBe(next);
        // Another machine publishes, so C's next copy has a release to fetch, and is held while fetching it.
        const build = writeRemoteBuild(path.join(fixture.root, 'shared-fifth'), {
          name: 'content',
          release: '1.4.0-eeeeeee',
        });
        await runShared(['publish', 'content', build], operator());
        let release!: () => void;
        const held = new Promise<void>((resolve) => (release = resolve));
        let fetching!: () => void;
        const fetchingStarted = new Promise<void>((resolve) => (fetching = resolve));
        const download = (
          c as unknown as { download: (remote: string, release: string) => Promise<void> }
        ).download.bind(c);
        let calls = 0;
        Object.assign(c, {
          download: async (remote: string, id: string) => {
            if (++calls === 1) {
              fetching();
              await held;
            }
            await download(remote, id);
          },
        });
        // The copy has read the map (the old one) and is fetching when C's own deploy runs whole.
        const copying = (c as unknown as { pullNow: () => Promise<void> }).pullNow();
        await fetchingStarted;
        await c.change(() => releases.deploy('content', next));
        expect(liveOnC()).toBe(next);
        release();
        await copying;
        expect(liveOnC()).toBe(next);
      } finally {
        fs.rmSync(dataDir, { recursive: true, force: true });
      }
    });
  });

describe('the shell is released like the remotes', () => {
  let server: TestServer;
  let fixture: ReturnType<typeof makeFrontEndFixture>;
  let releases: Releases;

  /** A later shell build: another index and main chunk, built after the fixture's. */
  const writeNextShell = (dir: string, files: Record<string, string>) => {
    fs.mkdirSync(dir, { recursive: true });
    for (const [name, content] of Object.entries(files)) fs.writeFileSync(path.join(dir, name), content);
    return dir;
  };
  const nextShellInfo = JSON.stringify({
    name: 'shell',
    version: '1.1.0',
    release: '1.1.0-5e11bbb',
    commit: 'def456abc123',
    builtAt: '2026-11-21T10:00:00.000Z',
  });

  beforeAll(async () => {
    fixture = makeFrontEndFixture();
    server = await startServer({ engine: 'sqlite' }, { staticRoots: fixture.staticRoots });
    releases = server.app.releases;
    releases.adoptBuilds(buildDirs(fixture.staticRoots));
  });
  afterAll(async () => {
    await server.close();
    fs.rmSync(fixture.root, { recursive: true, force: true });
  });

  it('keeps serving the live shell while a build empties shell/dist, and never lists it as a remote', async () => {
    fs.rmSync(fixture.staticRoots.shell, { recursive: true, force: true });
    fs.mkdirSync(fixture.staticRoots.shell);
    const index = await server.call('GET', '/dashboard');
    expect(index.status).toBe(200);
    expect(index.text).toContain('<title>shell</title>');
    expect((await server.call('GET', '/main.3f2a9c1b.js')).status).toBe(200);
    const map = (await server.call('GET', '/remotes.json')).body as { remotes: { name: string }[] };
    expect(map.remotes.map((remote) => remote.name)).toEqual(['content']);
  });

  it('puts the next shell live with deploy; a page opened before still finds its chunks; rollback goes back', async () => {
    const next = writeNextShell(path.join(fixture.root, 'shell-next'), {
      'index.html': '<!doctype html><title>shell 2</title><div id="root"></div>',
      'main.4b5c6d7e.js': 'console.log("shell 2");',
      'release.json': nextShellInfo,
    });
    expect(run(['publish', 'shell', next], {}, releases)[0]).toBe('Published shell 1.1.0-5e11bbb.');
    // Published is not live: a restart or a publish never switches the shell.
    expect((await server.call('GET', '/')).text).toContain('<title>shell</title>');

    expect(run(['deploy', 'shell'], {}, releases)).toEqual(['shell 1.1.0-5e11bbb is live (was 1.0.0-5e11aaa).']);
    expect((await server.call('GET', '/bookshelf')).text).toContain('<title>shell 2</title>');
    expect((await server.call('GET', '/main.4b5c6d7e.js')).text).toBe('console.log("shell 2");');
    const old = await server.call('GET', '/main.3f2a9c1b.js');
    expect(old.status).toBe(200);
    expect(old.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    // Files named the same in every build come from the live release only.
    expect((await server.call('GET', '/release.json')).body).toMatchObject({ release: '1.1.0-5e11bbb' });
    expect((await server.call('GET', '/api/v1/version')).body.data.shell).toMatchObject({ release: '1.1.0-5e11bbb' });

    expect(run(['rollback', 'shell'], {}, releases)).toEqual([
      'shell rolled back to 1.0.0-5e11aaa (was 1.1.0-5e11bbb).',
    ]);
    expect((await server.call('GET', '/')).text).toContain('<title>shell</title>');
    expect((await server.call('GET', '/main.4b5c6d7e.js')).status).toBe(200);
    expect((await server.call('GET', '/missing.0a0a0a0a.js')).status).toBe(404);
  });

  it('refuses a shell build without its index page, saying why', () => {
    const broken = writeNextShell(path.join(fixture.root, 'shell-broken'), {
      'main.5c6d7e8f.js': '',
      'release.json': nextShellInfo.replace('5e11bbb', '5e11ccc'),
    });
    expect(() => run(['publish', 'shell', broken], {}, releases)).toThrow(
      /has no index\.html: it is not the shell's build/,
    );
    expect(releases.store.exists('shell', '1.1.0-5e11ccc')).toBe(false);
  });
});
