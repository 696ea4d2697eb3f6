import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { createBackup } from '../backups/create';
import { repoRoot } from '../config';
import { DATABASE_UNAVAILABLE } from '../http/errors';
import {
  engines,
  freePort,
  makeFrontEndFixture,
  startServer,
  writeRemoteBuild,
  type CallOptions,
  type TestServer,
} from '../testing/harness';
import { BUSY_MESSAGE } from '../http/pressure';
import { HEALTHY, READY } from './health';
import { METRICS_REFUSED } from './metrics';
import { spawnedServer, type SpawnedServer } from '../testing/spawned';

// The operator's view (docs/operations.md): /healthz and /readyz for the probes, /metrics for
// Prometheus, over HTTP against each engine.

const LIVE = '1.0.0-aaaaaaa';
const NEXT = '1.1.0-bbbbbbb';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** The value of one series in Prometheus' text format, or undefined when the answer has no such line. */
function sample(text: string, series: string): number | undefined {
  const line = text.split('\n').find((candidate) => candidate.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

describe.each(engines())('the operator’s view on %s', (_name, engine) => {
  let server: TestServer;
  let fixture: ReturnType<typeof makeFrontEndFixture>;
  let token: string;

  /** A releases command as an operator runs it (on PostgreSQL under the shared lock, then followed). */
  const command = async <T>(change: () => T): Promise<T> => {
    const shared = server.app.clusterReleases;
    if (!shared) return change();
    const result = await shared.change(change);
    await shared.pull();
    return result;
  };
  const metrics = async (options: CallOptions = {}) => {
    const res = await server.call('GET', '/metrics', options);
    expect(res.status).toBe(200);
    return res.text;
  };

  beforeAll(async () => {
    fixture = makeFrontEndFixture();
    server = await startServer(engine, {
      staticRoots: fixture.staticRoots,
      // Load shedding on, its own sampling an hour away: the test gives the lag (see pressure.test.ts).
      eventLoopLagLimitMs: 500,
      eventLoopLagHardLimitMs: 2000,
      pressureWindowMs: 2000,
      pressureSampleMs: 3_600_000,
    });
    token = await server.login();
    await command(() => server.app.releases.adoptBuilds(fixture.staticRoots.remoteBuilds));
    await command(() => server.app.releases.deploy('content', LIVE));
  });
  afterAll(async () => {
    await server.close();
    fs.rmSync(fixture.root, { recursive: true, force: true });
  });

  it('answers /healthz and /readyz with 200 in words, outside the API and its contract', async () => {
    const health = await server.call('GET', '/healthz');
    expect([health.status, health.body]).toEqual([200, { message: HEALTHY }]);
    const ready = await server.call('GET', '/readyz');
    expect([ready.status, ready.body]).toEqual([200, { message: READY }]);
    const contract = (await server.call('GET', '/api/v1/openapi.json')).body as { paths: Record<string, unknown> };
    expect(Object.keys(contract.paths).filter((url) => /healthz|readyz|metrics/.test(url))).toEqual([]);
  });

  it('gives every answer an X-Request-Id: a sane one sent is kept, anything else replaced', async () => {
    const made = await server.call('GET', '/healthz');
    expect(made.headers.get('x-request-id')).toMatch(UUID);
    const kept = await server.call('GET', '/healthz', { headers: { 'x-request-id': 'lb-7f3a:42.x_y' } });
    expect(kept.headers.get('x-request-id')).toBe('lb-7f3a:42.x_y');
    for (const insane of ['x'.repeat(129), 'a b', 'id\u00e9', 'a"b', 'id;rm']) {
      const replaced = await server.call('GET', '/healthz', { headers: { 'x-request-id': insane } });
      expect(replaced.headers.get('x-request-id')).toMatch(UUID);
    }
    // A refusal, a call that is not there, a body that is not JSON: each carries it too.
    const refusals = [
      await server.call('GET', `/api/v1/prayer/request/${server.admin._id}`),
      await server.call('GET', '/api/v1/no-such-call'),
      await server.call('POST', '/api/v1/prayer/request', {
        body: '{"request":',
        headers: { 'content-type': 'application/json', 'x-request-id': 'broken-json-1' },
      }),
      // The router's own refusals: an address wrongly encoded, a part of it too long.
      await server.call('GET', '/api/v1/books/%E0%A4%A', { headers: { 'x-request-id': 'bad-url-1' } }),
      await server.call('GET', `/api/v1/books/${'a'.repeat(600)}`),
    ];
    expect(refusals.map((res) => res.status)).toEqual([401, 404, 400, 400, 414]);
    expect(refusals.map((res) => res.headers.get('x-request-id'))).toEqual([
      expect.stringMatching(UUID),
      expect.stringMatching(UUID),
      'broken-json-1',
      'bad-url-1',
      expect.stringMatching(UUID),
    ]);
  });

  it('serves the figures in Prometheus’ text format: answers by route pattern and status, queries, logins failed', async () => {
    const before = await metrics();
    expect(sample(before, 'backoffice_logins_failed_total{reason="password"}') ?? 0).toBe(0);
    await server.call('GET', `/api/v1/prayer/request/${server.admin._id}`, { token });
    await server.call('POST', '/api/v1/admin/login', { json: { email: server.admin.email, password: 'wrong' } });
    const text = await metrics();

    const route = `method="GET",route="/api/v1/prayer/request/:userId",status_code="200"`;
    expect(sample(text, `http_request_duration_seconds_count{${route}}`)).toBeGreaterThanOrEqual(1);
    expect(sample(text, `http_request_duration_seconds_bucket{le="+Inf",${route}}`)).toBeGreaterThanOrEqual(1);
    // The pattern, never the address asked (an id in a label would make a series per record).
    expect(text).not.toContain(server.admin._id);
    expect(sample(text, 'backoffice_logins_failed_total{reason="password"}')).toBe(1);
    expect(sample(text, 'backoffice_db_query_duration_seconds_count{outcome="ok"}')).toBeGreaterThan(0);
    expect(sample(text, 'backoffice_database_up')).toBe(1);
    expect(sample(text, 'backoffice_exports{state="running"}')).toBe(0);
    expect(sample(text, 'backoffice_exports{state="queued"}')).toBe(0);
    expect(sample(text, 'backoffice_load_level')).toBe(0);
    // The event loop's lag and the process's own figures come with the app's.
    expect(text).toMatch(/^nodejs_eventloop_lag_seconds \d/m);
    expect(text).toMatch(/^process_resident_memory_bytes \d/m);
    // PostgreSQL's pool (SQLite has none).
    if (engine.engine === 'postgres') {
      expect(sample(text, 'backoffice_db_pool_connections{state="max"}')).toBe(10);
      expect(sample(text, 'backoffice_db_pool_connections{state="total"}')).toBeGreaterThanOrEqual(1);
      expect(sample(text, 'backoffice_db_pool_connections{state="waiting"}')).toBe(0);
    } else {
      expect(text).not.toContain('backoffice_db_pool_connections');
    }
  });

  it('names each live release and a rollout’s figures, and the last backup once reported', async () => {
    const next = writeRemoteBuild(path.join(fixture.root, 'next'), { name: 'content', release: NEXT });
    await command(() => server.app.releases.publish(next));
    await command(() => server.app.releases.deploy('content', NEXT, undefined, 25));
    let text = await metrics();
    expect(sample(text, `backoffice_release_live{app="content",release="${LIVE}"}`)).toBe(1);
    expect(sample(text, `backoffice_rollout_share_percent{app="content",release="${NEXT}"}`)).toBe(25);
    expect(sample(text, `backoffice_rollout_members{app="content",release="${NEXT}",state="seen"}`)).toBe(0);
    expect(sample(text, `backoffice_rollout_members{app="content",release="${NEXT}",state="failed"}`)).toBe(0);

    expect(sample(text, 'backoffice_backup_last_timestamp_seconds')).toBe(0);
    // Made as `npm run backup` makes it, in its own process: nothing of this server's memory knows of it.
    const older = await createBackup({
      config: server.config,
      db: server.db,
      madeBy: 'npm run backup',
      now: new Date('2026-12-06T02:30:00.000Z'),
    });
    const newest = await createBackup({
      config: server.config,
      db: server.db,
      madeBy: 'npm run backup',
      now: new Date('2026-12-07T02:30:00.000Z'),
    });
    expect(path.dirname(newest.file)).toBe(server.config.backupDir);
    text = await metrics();
    expect(sample(text, 'backoffice_backup_last_timestamp_seconds')).toBe(
      Date.parse('2026-12-07T02:30:00.000Z') / 1000,
    );
    expect(sample(text, 'backoffice_backup_last_size_bytes')).toBe(newest.bytes);
    fs.rmSync(newest.file);
    text = await metrics();
    expect(sample(text, 'backoffice_backup_last_size_bytes')).toBe(older.bytes);
    fs.rmSync(older.file);

    // Promoted: the rollout's series go, the live one is the new release.
    await command(() => server.app.releases.promote('content'));
    text = await metrics();
    expect(sample(text, `backoffice_release_live{app="content",release="${NEXT}"}`)).toBe(1);
    expect(text).not.toContain(`release="${LIVE}"`);
    expect(text).not.toContain('backoffice_rollout_share_percent{');
  });

  it('keeps a server’s figures its own: a second server in the process counts from zero', async () => {
    const other = await startServer(engine);
    try {
      const text = (await other.call('GET', '/metrics')).text;
      expect(sample(text, 'backoffice_logins_failed_total{reason="password"}')).toBeUndefined();
      expect(text).not.toContain('route="/api/v1/prayer/request/:userId"');
    } finally {
      await other.close();
    }
  });

  it('never sheds the probes nor the scrape, and counts what it sheds', async () => {
    const gauge = server.app.loadGauge!;
    for (let clock = 0; clock <= 2500; clock += 250) gauge.record(5000, 1_000_000 + clock);
    expect(gauge.level).toBe(2);
    try {
      const shed = await server.call('GET', `/api/v1/prayer/request/${server.admin._id}`, { token });
      expect([shed.status, shed.body]).toEqual([503, { message: BUSY_MESSAGE }]);
      expect((await server.call('GET', '/healthz')).status).toBe(200);
      expect((await server.call('GET', '/readyz')).status).toBe(200);
      const text = await metrics();
      expect(sample(text, 'http_requests_shed_total{reason="critical"}')).toBe(1);
      expect(sample(text, 'backoffice_load_level')).toBe(2);
    } finally {
      for (let clock = 0; clock <= 2500; clock += 250) gauge.record(0, 2_000_000 + clock);
    }
    expect(gauge.level).toBe(0);
  });

  it('is not ready while a live release is missing from this machine, and says which', async () => {
    const folder = server.app.releases.store.dirOf('content', NEXT);
    const kept = `${folder}.aside`;
    fs.renameSync(folder, kept);
    try {
      const ready = await server.call('GET', '/readyz');
      expect([ready.status, ready.body]).toEqual([
        503,
        { message: `Not ready: the live release ${NEXT} of the content remote is not on this machine.` },
      ]);
      expect((await server.call('GET', '/healthz')).status).toBe(200);
    } finally {
      fs.renameSync(kept, folder);
    }
    expect((await server.call('GET', '/readyz')).status).toBe(200);
  });
});

describe.each(engines())('readiness before the migrations are done, on %s', (_name, engine) => {
  it('answers 503 naming the migrations to run, then 200 once they are done', async () => {
    const server = await startServer(engine);
    try {
      const raw = server.db.kysely.withoutPlugins();
      const { rows } = await sql<{
        name: string;
        timestamp: string;
      }>`select name, timestamp from kysely_migration order by name desc limit 1`.execute(raw);
      const last = rows[0]!;
      await sql`delete from kysely_migration where name = ${last.name}`.execute(raw);
      const waiting = await server.call('GET', '/readyz');
      expect([waiting.status, waiting.body]).toEqual([
        503,
        { message: `Not ready: the database's migrations are not done (1 to run, from ${last.name}).` },
      ]);
      await sql`insert into kysely_migration (name, timestamp) values (${last.name}, ${last.timestamp})`.execute(raw);
      expect((await server.call('GET', '/readyz')).status).toBe(200);
    } finally {
      await server.close();
    }
  });
});

describe('failed logins in the metrics', () => {
  it('counts each refusal of a login by its reason, and no successful one', async () => {
    const server = await startServer(engines()[0]![1], { loginRateMax: 3 });
    try {
      const login = (password: string) =>
        server.call('POST', '/api/v1/admin/login', { json: { email: server.admin.email, password } });
      expect((await login(server.admin.password)).status).toBe(200);
      expect((await login('wrong')).status).toBe(401);
      expect((await login('wrong again')).status).toBe(401);
      // The login's rate limit (3 a window) refuses the fourth before any password is checked.
      expect((await login(server.admin.password)).status).toBe(429);
      const code = await server.call('POST', '/api/v1/admin/login/two-factor', {
        json: { challenge: 'a'.repeat(43), code: '123456' },
      });
      expect(code.status).toBe(401);
      const text = (await server.call('GET', '/metrics')).text;
      expect(sample(text, 'backoffice_logins_failed_total{reason="password"}')).toBe(2);
      expect(sample(text, 'backoffice_logins_failed_total{reason="refused"}')).toBe(1);
      expect(sample(text, 'backoffice_logins_failed_total{reason="code"}')).toBe(1);
      expect(text).not.toContain('reason="deactivated"');
    } finally {
      await server.close();
    }
  });
});

describe('who may read the metrics', () => {
  const target = engines()[0]![1];

  it('refuses, in words, an address METRICS_ALLOW does not name, whatever X-Forwarded-For says', async () => {
    const server = await startServer(target, { metricsAllow: ['10.0.0.0/8', '::ffff:192.168.0.1'] });
    try {
      for (const headers of [{}, { 'x-forwarded-for': '10.1.2.3' }] as Record<string, string>[]) {
        const res = await server.call('GET', '/metrics', { headers });
        expect([res.status, res.body]).toEqual([403, { message: METRICS_REFUSED }]);
      }
      // The probes are anyone's.
      expect((await server.call('GET', '/healthz')).status).toBe(200);
    } finally {
      await server.close();
    }
  });

  it('serves the bearer of METRICS_TOKEN from any address, and refuses a wrong token', async () => {
    const secret = 'a-long-enough-metrics-token-0123';
    const server = await startServer(target, { metricsAllow: ['192.0.2.0/24'], metricsToken: secret });
    try {
      const right = await server.call('GET', '/metrics', { token: secret });
      expect(right.status).toBe(200);
      expect(right.headers.get('content-type')).toBe('text/plain; version=0.0.4; charset=utf-8');
      expect(right.text).toContain('# TYPE http_request_duration_seconds histogram');
      for (const wrong of [`${secret}x`, 'short', '']) {
        const res = await server.call('GET', '/metrics', { headers: { authorization: `Bearer ${wrong}` } });
        expect([res.status, res.body]).toEqual([403, { message: METRICS_REFUSED }]);
      }
    } finally {
      await server.close();
    }
  });

  it('serves this machine by default (loopback)', async () => {
    const server = await startServer(target);
    try {
      expect(server.config.metricsAllow).toEqual(['loopback']);
      expect((await server.call('GET', '/metrics')).status).toBe(200);
    } finally {
      await server.close();
    }
  });
});

// PostgreSQL stopped under a running server (a restart for an upgrade, a crash): the server stays up,
// answers 503 in words meanwhile, says why at /readyz, and serves again once the database is back,
// without a restart, with every write acknowledged before the outage still there. The suite runs its
// own cluster, since it stops it; it runs where the PostgreSQL suites do (TEST_DATABASE_URL set).

const ADMIN = { email: 'outage@example.com', password: 'outage test password' };
const cluster = (...args: string[]) =>
  execFileSync('bash', [path.join(repoRoot, 'scripts/pg-test-cluster.sh'), ...args], { encoding: 'utf8' }).trim();

const postgres = engines().filter(([name]) => name === 'postgres');

if (postgres.length)
  describe('a database outage on postgres', () => {
    let clusterDir: string;
    let port: number;
    let spawned: SpawnedServer;
    let up = false;

    beforeAll(async () => {
      clusterDir = fs.mkdtempSync(path.join(os.tmpdir(), 'api-outage-pg-'));
      port = await freePort();
      const databaseUrl = cluster('start', clusterDir, String(port)).split('\n').pop()!;
      up = true;
      spawned = await spawnedServer({ engine: 'postgres', databaseUrl }, ADMIN);
      await spawned.start();
    }, 120_000);
    afterAll(async () => {
      if (!up) cluster('start', clusterDir, String(port));
      await spawned?.close();
      cluster('stop', clusterDir);
      fs.rmSync(clusterDir, { recursive: true, force: true });
    }, 60_000);

    /** A call that must be answered within 10 s: a hang fails the test as surely as a dead server. */
    async function call(method: string, urlPath: string, options: { token?: string; json?: unknown } = {}) {
      const headers: Record<string, string> = {};
      if (options.token) headers.authorization = `Bearer ${options.token}`;
      if (options.json !== undefined) headers['content-type'] = 'application/json';
      const res = await fetch(spawned.url + urlPath, {
        method,
        headers,
        body: options.json === undefined ? undefined : JSON.stringify(options.json),
        signal: AbortSignal.timeout(10_000),
      });
      const text = await res.text();
      return {
        status: res.status,
        headers: res.headers,
        body: text ? (JSON.parse(text) as Record<string, unknown>) : {},
      };
    }

    const submit = (request: string) => call('POST', '/api/v1/prayer/request', { json: { request } });

    async function until(check: () => Promise<boolean>, what: string, timeoutMs = 30_000): Promise<void> {
      const deadline = Date.now() + timeoutMs;
      while (Date.now() < deadline) {
        if (await check().catch(() => false)) return;
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
      throw new Error(`${what} did not happen within ${timeoutMs / 1000} s`);
    }

    it('stays up, answers 503 in words while PostgreSQL is stopped, and serves again once it is back', async () => {
      const { token, userId } = await spawned.login();
      const acknowledged: string[] = [];
      for (let i = 0; i < 20; i++) {
        const res = await submit(`Before the outage ${i}`);
        expect(res.status).toBe(201);
        acknowledged.push((res.body.data as { _id: string })._id);
      }
      expect((await call('GET', '/readyz')).status).toBe(200);

      // A fast shutdown: every connection is cut, the idle ones of the pool too.
      cluster('stop', clusterDir);
      up = false;
      // The pool's idle clients learn of it on their own; give them the moment it takes.
      await new Promise((resolve) => setTimeout(resolve, 1500));

      expect(await call('GET', '/healthz')).toMatchObject({ status: 200 });
      // In words, without the driver's (which name the database's host): those are for the log.
      const ready = await call('GET', '/readyz');
      expect([ready.status, ready.body]).toEqual([503, { message: 'Not ready: the database cannot be reached.' }]);
      for (const attempt of [
        () => call('GET', `/api/v1/prayer/request/${userId}`, { token }),
        () => submit('During the outage'),
        () => call('POST', '/api/v1/admin/login', { json: ADMIN }),
      ]) {
        const res = await attempt();
        expect([res.status, res.body]).toEqual([503, { message: DATABASE_UNAVAILABLE }]);
        expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
      }
      expect(await call('GET', '/healthz')).toMatchObject({ status: 200 });

      cluster('start', clusterDir, String(port));
      up = true;
      await until(async () => (await call('GET', '/readyz')).status === 200, 'ready again');

      // The same session still holds (it is in the database), and nothing acknowledged was lost.
      const list = await call('GET', `/api/v1/prayer/request/${userId}`, { token });
      expect(list.status).toBe(200);
      const ids = (list.body.data as { _id: string }[]).map((row) => row._id);
      expect(ids).toEqual(expect.arrayContaining(acknowledged));
      expect(ids).toHaveLength(acknowledged.length);
      const after = await submit('After the outage');
      expect(after.status).toBe(201);
    }, 180_000);
  });
