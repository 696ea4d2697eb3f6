import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { buildDirs, loadConfig } from '../config';
import { run } from '../releases/cli';
import { checkMap } from '../releases/map';
import { adoptBuilds, archiveOf } from '../testing/archives';
import { makeFrontEndFixture, startServer, writeRemoteBuild, type TestServer } from '../testing/harness';

// What an attacker who can ship a release (or plant a file) could do with it: serve any file the
// server can read through a link, or take over another remote's screens with a route table.

describe('a release holds plain files and folders only', () => {
  let dataDir: string;
  let builds: string;
  const env = () => ({ DATA_DIR: dataDir });
  beforeEach(() => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hardening-releases-'));
    builds = fs.mkdtempSync(path.join(os.tmpdir(), 'hardening-builds-'));
  });
  afterEach(() => {
    fs.rmSync(dataDir, { recursive: true, force: true });
    fs.rmSync(builds, { recursive: true, force: true });
  });

  it.each<[string, (dir: string, secret: string) => void, RegExp]>([
    ['a link to the database', (dir, secret) => fs.symlinkSync(secret, path.join(dir, 'db.js')), /db\.js is a link/],
    ['a link to a folder', (dir) => fs.symlinkSync('/etc', path.join(dir, 'assets')), /assets is a link/],
    [
      'a link deep inside a folder',
      (dir) => {
        fs.mkdirSync(path.join(dir, 'static', 'js'), { recursive: true });
        fs.symlinkSync('../../release.json', path.join(dir, 'static', 'js', 'same.js'));
      },
      /static\/js\/same\.js is a link/,
    ],
    [
      'a hard link to the database',
      (dir, secret) => fs.linkSync(secret, path.join(dir, 'db.js')),
      /db\.js has other names/,
    ],
    [
      'a named pipe',
      (dir) => execFileSync('mkfifo', [path.join(dir, 'pipe.js')]),
      /pipe\.js is not a plain file or folder/,
    ],
  ])('refuses %s at publish, in words, and publishes nothing', (_what, plant, words) => {
    const secret = path.join(dataDir, 'app.db');
    fs.writeFileSync(secret, 'password hashes');
    const dir = writeRemoteBuild(path.join(builds, 'content'), { name: 'content', release: '1.0.0-aaaaaaa' });
    plant(dir, secret);
    expect(() => run(['publish', 'content', dir], env())).toThrow(words);
    expect(() => run(['publish', 'content', dir], env())).toThrow(/a release holds plain files and folders only/);
    const published = path.join(dataDir, 'releases', 'content');
    expect(fs.existsSync(published) ? fs.readdirSync(published) : []).toEqual([]);
  });
});

describe('the server never follows a link out of what it serves', () => {
  let server: TestServer;
  let fixture: ReturnType<typeof makeFrontEndFixture>;
  let release: string;
  let secret: string;

  beforeAll(async () => {
    fixture = makeFrontEndFixture();
    server = await startServer({ engine: 'sqlite' }, { staticRoots: fixture.staticRoots });
    server.app.releases.adoptBuilds(buildDirs(fixture.staticRoots));
    release = server.app.releases.store.list('content')[0]!.dir;
    secret = path.join(server.config.dataDir, 'secret.db');
    fs.writeFileSync(secret, 'password hashes');
  });
  afterAll(async () => {
    await server.close();
    fs.rmSync(fixture.root, { recursive: true, force: true });
  });

  const plant = (target: string, link: string) => {
    fs.symlinkSync(target, link);
    return () => fs.rmSync(link);
  };

  it('answers 404 for a link planted in a release, never deployed or live, to a file or a folder', async () => {
    const name = path.basename(release);
    const removers = [
      plant(secret, path.join(release, 'db.js')),
      plant('/etc', path.join(release, 'etc')),
      plant(secret, path.join(path.dirname(release), 'never-deployed')),
    ];
    try {
      const db = await server.call('GET', `/remotes/content/${name}/db.js`);
      expect([db.status, db.text]).toEqual([404, expect.not.stringContaining('password')]);
      expect((await server.call('GET', `/remotes/content/${name}/etc/passwd`)).status).toBe(404);
      // The release's own files are still served.
      expect((await server.call('GET', `/remotes/content/${name}/remoteEntry.js`)).status).toBe(200);
    } finally {
      removers.forEach((remove) => remove());
    }
  });

  it('answers 404 for a compressed twin that is a link', async () => {
    const name = path.basename(release);
    fs.writeFileSync(path.join(release, 'plain.js'), 'export {}');
    const remove = plant(secret, path.join(release, 'plain.js.br'));
    try {
      const twin = await server.call('GET', `/remotes/content/${name}/plain.js`, {
        headers: { 'accept-encoding': 'br' },
      });
      expect(twin.text).not.toContain('password');
    } finally {
      remove();
      fs.rmSync(path.join(release, 'plain.js'));
    }
  });

  it("answers 404 for a link planted in the uploads folder or the shell's live release", async () => {
    const shell = server.app.releases.store.list('shell')[0]!.dir;
    const removers = [
      plant(secret, path.join(server.config.uploadsDir, 'stolen.png')),
      plant(secret, path.join(shell, 'stolen.js')),
      plant(secret, path.join(shell, 'stolen.0a1b2c3d.js')),
    ];
    try {
      expect((await server.call('GET', '/uploads/stolen.png')).status).toBe(404);
      expect((await server.call('GET', '/stolen.js')).status).toBe(404);
      expect((await server.call('GET', '/stolen.0a1b2c3d.js')).status).toBe(404);
    } finally {
      removers.forEach((remove) => remove());
    }
  });
});

describe("a remote cannot take another's screens", () => {
  let dataDir: string;
  let builds: string;
  const env = () => ({ DATA_DIR: dataDir });
  const build = (name: string, release: string, paths: string[]) =>
    writeRemoteBuild(path.join(builds, `${name}-${release}`), {
      name,
      release,
      routes: paths.map((pattern) => ({ path: pattern, title: pattern })),
    });
  const publish = (dir: string) => run(['publish', path.basename(dir).split('-')[0]!, dir], env());

  beforeEach(() => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hardening-claims-'));
    builds = fs.mkdtempSync(path.join(os.tmpdir(), 'hardening-builds-'));
    publish(build('content', '1.0.0-aaaaaaa', ['/bookshelf', '/bookshelf/:id']));
    run(['deploy', 'content'], env());
  });
  afterEach(() => {
    fs.rmSync(dataDir, { recursive: true, force: true });
    fs.rmSync(builds, { recursive: true, force: true });
  });

  it.each([['/login'], ['/dashboard'], ['/set-password'], ['/']])(
    "refuses a release declaring the shell's %s",
    (pattern) => {
      expect(() => publish(build('aaa', '1.0.0-aaaaaaa', ['/aaa-home', pattern]))).toThrow(
        new RegExp(`${pattern.replace(/\//g, '\\/')} is the shell's own page`),
      );
    },
  );

  it('refuses a catch-all path that would match every screen', () => {
    expect(() => publish(build('aaa', '1.0.0-aaaaaaa', ['/:page']))).toThrow(/must start with a fixed word/);
    expect(() => publish(build('aaa', '1.0.0-bbbbbbb', ['/aaa/*']))).toThrow(/\* is not allowed/);
  });

  it("refuses another remote's path at publish, with its parameters named otherwise too", () => {
    expect(() => publish(build('aaa', '1.0.0-aaaaaaa', ['/aaa-home', '/bookshelf']))).toThrow(
      /\/bookshelf belongs to content; to move it to aaa, an operator runs: npm run move-path -- \/bookshelf aaa/,
    );
    expect(() => publish(build('aaa', '1.0.0-bbbbbbb', ['/bookshelf/:bookId']))).toThrow(/belongs to content/);
    expect(fs.existsSync(path.join(dataDir, 'releases', 'aaa'))).toBe(false);
  });

  it('refuses at deploy a release that claims a path taken since it was published', () => {
    publish(build('aaa', '1.0.0-aaaaaaa', ['/aaa-home', '/shelf']));
    publish(build('content', '1.1.0-bbbbbbb', ['/bookshelf', '/shelf']));
    run(['deploy', 'content', '1.1.0-bbbbbbb'], env());
    expect(() => run(['deploy', 'aaa', '1.0.0-aaaaaaa'], env())).toThrow(/\/shelf belongs to content/);
    expect(JSON.parse(fs.readFileSync(path.join(dataDir, 'remotes.json'), 'utf8')).remotes.aaa).toBeUndefined();
  });

  it('moves a path only by the operator step; the old owner can no longer claim it', () => {
    expect(run(['move-path', '/bookshelf', 'aaa'], env())).toEqual([
      "/bookshelf now belongs to aaa (was content): its releases may declare it; other remotes' may not.",
    ]);
    publish(build('aaa', '1.0.0-aaaaaaa', ['/bookshelf']));
    expect(run(['deploy', 'aaa'], env())).toEqual(['aaa 1.0.0-aaaaaaa is live.']);
    expect(() => publish(build('content', '1.1.0-bbbbbbb', ['/bookshelf']))).toThrow(/\/bookshelf belongs to aaa/);
    expect(() => run(['move-path', '/login', 'aaa'], env())).toThrow(/the shell's own page/);
  });

  it('serves each path from its owner only, whatever a hand edit of the map says', async () => {
    const { releasesDir, remotesMapFile } = loadConfig(env());
    const server = await startServer({ engine: 'sqlite' }, { releasesDir, remotesMapFile });
    try {
      expect((await server.call('GET', '/remotes.json')).body.remotes[0].routes).toHaveLength(2);
      run(['move-path', '/bookshelf', 'aaa'], env());
      const served = (await server.call('GET', '/remotes.json')).body as {
        remotes: { name: string; routes: { path: string }[] }[];
      };
      const content = served.remotes.find((remote) => remote.name === 'content')!;
      expect(content.routes.map((route) => route.path)).toEqual(['/bookshelf/:id']);
    } finally {
      await server.close();
    }
  });
});

describe("the live map points the browser's calls at this server or an allowed origin only", () => {
  const context = { knownRemotes: [], releaseExists: () => false, allowedOrigins: ['https://api.example.org'] };
  it.each([
    ['another origin', 'https://evil.example/api', /the origin https:\/\/evil\.example is not in REMOTE_ORIGINS/],
    ['a protocol-relative address', '//evil.example/api', /must be a path such as \/api\/v1/],
    ['a backslash address', '/\\evil.example/api', /must be a path such as \/api\/v1/],
    ['a script address', 'javascript:alert(1)', /must be a path such as \/api\/v1/],
  ])('refuses %s as apiBaseUrl', (_what, apiBaseUrl, words) => {
    const check = checkMap({ apiBaseUrl, remotes: {} }, context);
    expect(check.ok ? [] : check.problems).toEqual([expect.stringMatching(words)]);
  });

  it('takes a path, or an origin the operator allowed', () => {
    expect(checkMap({ apiBaseUrl: '/api/v1', remotes: {} }, context).ok).toBe(true);
    expect(checkMap({ apiBaseUrl: 'https://api.example.org/api/v1', remotes: {} }, context).ok).toBe(true);
  });
});

describe('an archive cannot hold the server', () => {
  let server: TestServer;
  let fixture: ReturnType<typeof makeFrontEndFixture>;
  let token: string;
  const limit = 64 * 1024 * 1024;

  beforeAll(async () => {
    fixture = makeFrontEndFixture();
    server = await startServer({ engine: 'sqlite' }, { staticRoots: fixture.staticRoots, releaseMaxBytes: limit });
    await adoptBuilds(server);
    token = await server.login();
  });
  afterAll(async () => {
    await server.close();
    fs.rmSync(fixture.root, { recursive: true, force: true });
  });

  // Decompressing and parsing 640 MB of padding on the event loop held every other call for minutes.
  jest.setTimeout(30_000);

  it('refuses 640 MB of zeros after a small archive as too large while public reads are answered', async () => {
    const build = writeRemoteBuild(path.join(fixture.root, 'padded'), { name: 'content', release: '1.1.0-bbbbbbb' });
    // gzip members one after the other are one stream to gunzip: 16 MB of zeros each, some 900 times smaller.
    const zeros = Buffer.alloc(16 * 1024 * 1024);
    for (let at = 0; at < zeros.length; at += 16 * 1024) zeros[at] = 1;
    const member = zlib.gzipSync(zeros);
    const archive = Buffer.concat([archiveOf(build), ...Array.from({ length: 40 }, () => member)]);
    expect(archive.length).toBeLessThan(1024 * 1024);

    let uploading = true;
    const upload = server
      .call('POST', '/api/v1/releases/content', {
        token,
        body: archive,
        headers: { 'content-type': 'application/gzip' },
      })
      .finally(() => (uploading = false));
    const waits: number[] = [];
    while (uploading) {
      const started = performance.now();
      const read = await server.call('GET', '/api/v1/version');
      expect(read.status).toBe(200);
      waits.push(performance.now() - started);
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    const refused = await upload;
    expect(refused.status).toBe(413);
    expect(refused.body.message).toBe('a release holds at most 64 MB (RELEASE_MAX_BYTES)');
    // Held by the upload, reads waited for tens of seconds. On two cores busy with other suites and a
    // build, one read waited 1.1 s for the CPU alone: the bound is what tells the two apart.
    expect(Math.max(...waits)).toBeLessThan(5000);
    expect(server.app.releases.store.list('content').map((release) => release.release)).toEqual(['1.0.0-aaaaaaa']);
  });

  it("removes at a start what the uploads of a process that died left, never another's under way", async () => {
    const uploads = path.join(server.config.releasesDir, '.uploads');
    const dead = execFileSync(process.execPath, ['-p', 'process.pid']).toString().trim();
    const left = path.join(uploads, `${dead}-0123456789abcdef`, 'assets');
    const underWay = path.join(uploads, `${process.ppid}-fedcba9876543210`);
    fs.mkdirSync(left, { recursive: true });
    fs.mkdirSync(underWay, { recursive: true });
    const again = await startServer({ engine: 'sqlite' }, { releasesDir: server.config.releasesDir });
    try {
      expect(fs.readdirSync(uploads)).toEqual([path.basename(underWay)]);
    } finally {
      await again.close();
      fs.rmSync(underWay, { recursive: true });
    }
  });
});

describe("a release's files are inert until someone puts it live", () => {
  let server: TestServer;
  let fixture: ReturnType<typeof makeFrontEndFixture>;
  let publishOnly: string;

  beforeAll(async () => {
    fixture = makeFrontEndFixture();
    server = await startServer({ engine: 'sqlite' }, { staticRoots: fixture.staticRoots });
    await adoptBuilds(server);
    const admin = await server.login();
    const made = await server.call('POST', '/api/v1/deploy-tokens', {
      token: admin,
      json: {
        name: 'content CI',
        remote: 'content',
        scope: 'publish',
        expiresAt: new Date(Date.now() + 86_400_000).toISOString(),
      },
    });
    publishOnly = made.body.data.secret as string;
    const build = writeRemoteBuild(path.join(fixture.root, 'planted'), { name: 'content', release: '6.6.6-0bad0bad' });
    const planted: [string, string][] = [
      ['index.html', '<!doctype html><script src="same.js"></script>'],
      ['same.js', 'fetch("/steal?" + localStorage.token)'],
      ['assets/logo.svg', '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'],
      ['page.xhtml', '<html xmlns="http://www.w3.org/1999/xhtml"><script>alert(1)</script></html>'],
      ['data.unknown', '<script>alert(1)</script>'],
    ];
    for (const [file, text] of planted) {
      fs.mkdirSync(path.dirname(path.join(build, file)), { recursive: true });
      fs.writeFileSync(path.join(build, file), text);
    }
    const published = await server.call('POST', '/api/v1/releases/content', {
      token: publishOnly,
      body: archiveOf(build),
      headers: { 'content-type': 'application/gzip' },
    });
    expect(published.status).toBe(201);
  });
  afterAll(async () => {
    await server.close();
    fs.rmSync(fixture.root, { recursive: true, force: true });
  });

  it.each(['index.html', 'same.js', 'assets/logo.svg', 'page.xhtml', 'data.unknown', 'remoteEntry.js'])(
    'serves %s of a release published with a publish-only token so that nothing in it runs at our origin',
    async (file) => {
      const res = await server.call('GET', `/remotes/content/6.6.6-0bad0bad/${file}`);
      expect(res.status).toBe(200);
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      // Opened as a page, it is a sandbox of its own origin with no script; a script tag ignores this.
      expect(res.headers.get('content-security-policy')).toMatch(/(^|;\s*)sandbox(;|$)/);
      expect(res.headers.get('content-security-policy')).toContain("default-src 'none'");
    },
  );

  it.each(['index.html', 'assets/logo.svg', 'page.xhtml', 'data.unknown'])(
    'sends %s, a document a browser would render, as a download',
    async (file) => {
      const res = await server.call('GET', `/remotes/content/6.6.6-0bad0bad/${file}`);
      expect(res.headers.get('content-disposition')).toMatch(/^attachment/);
    },
  );

  it('serves the live shell at / as the page it is', async () => {
    const res = await server.call('GET', '/');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toBeNull();
    expect(res.headers.get('content-security-policy')).not.toMatch(/(^|;\s*)sandbox(;|$)/);
  });
});
