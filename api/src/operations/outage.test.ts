import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { repoRoot } from '../config';
import { DATABASE_UNAVAILABLE } from '../http/errors';
import { engines, freePort } from '../testing/harness';
import { spawnedServer, type SpawnedServer } from '../testing/spawned';

// PostgreSQL stopped under a running server (a restart for an upgrade, a crash): the server stays up,
// answers 503 in words meanwhile, says why at /readyz, and serves again once the database is back,
// without a restart, with every write acknowledged before the outage still there. The suite runs its
// own cluster, since it stops it; it runs where the PostgreSQL suites do (TEST_DATABASE_URL set).

jest.setTimeout(180_000);

const ADMIN = { email: 'outage@example.com', password: 'outage test password' };
const cluster = (...args: string[]) =>
  execFileSync('bash', [path.join(repoRoot, 'scripts/pg-test-cluster.sh'), ...args], { encoding: 'utf8' }).trim();

const postgres = engines().filter(([name]) => name === 'postgres');

describe.each(postgres)('a database outage on %s', () => {
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
  });
  afterAll(async () => {
    if (!up) cluster('start', clusterDir, String(port));
    await spawned?.close();
    cluster('stop', clusterDir);
    fs.rmSync(clusterDir, { recursive: true, force: true });
  });

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
  });
});
