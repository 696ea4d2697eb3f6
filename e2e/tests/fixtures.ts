import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { test as base, type BrowserContextOptions } from '@playwright/test';

// Specs import everything Playwright from here, so that `test` is the one with the spec file's server.
export * from '@playwright/test';

export const adminEmail = 'admin@example.com';
export const adminPassword = 'e2e-Password-1';
/**
 * The servers of the specs hash passwords at the lowest cost the API accepts (scrypt's N = 2^10,
 * PASSWORD_HASH_COST): the production cost (2^17, 128 MiB) takes ~0.3 s a hash on a free core and
 * seconds on a loaded 2-core CI machine, for every login. No spec asserts the cost itself: the API's
 * jest suites test hashing and its production cost.
 */
export const E2E_PASSWORD_HASH_COST = '10';

/**
 * How long an answer that hashes a password may take: cheap at the specs' cost, but a loaded CI
 * machine can still hold a click for seconds, and a password change hashes twice.
 */
export const HASHING = { timeout: 30_000 };

/**
 * The tag of tests that exercise only the browser and the federation runtime (the server just sends
 * files, or the browser's route stubs answer): CI runs them on its first Node only (.ci/run).
 */
export const SAME_ON_EVERY_NODE = { tag: '@same-on-every-node' };

/**
 * The tag of the smoke set: a handful of flows through the server (login and the foundation screens,
 * a book added with its cover, a donation file uploaded, a reflection written in the editor, a
 * password changed and reset). CI runs them, not every screen, on its second Node (.ci/run).
 */
export const SMOKE = { tag: '@smoke' };

/** A valid 2×2 PNG: covers, pictures and thumbnails of the specs. */
export const png = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAFklEQVR4nGNkYPj/n4GBgYGJgYGBgQEAGw0CAtQu/ZcAAAAASUVORK5CYII=',
  'base64',
);

/** The production server the tests of one spec file run against, on their worker. */
export interface WorkerServer {
  url: string;
  /** Its own data directory: its database, uploads, releases and live map. */
  dataDir: string;
  /** A second origin the releases tests serve releases from, as a CDN would (the server's CSP allows it). */
  cdnPort: number;
}

const basePort = Number(process.env.E2E_PORT ?? 4173);

async function answering(url: string, server: ChildProcess, log: () => string): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`The e2e server exited (${server.exitCode}):\n${log()}`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`The e2e server did not answer ${url} within a minute:\n${log()}`);
}

/** A production server of its own, on an empty data directory; `stop` ends it and removes the directory. */
export interface StartedServer {
  url: string;
  dataDir: string;
  stop: () => Promise<void>;
}

/** What a server's environment adds to the e2e one, given the server's address (for its PUBLIC_URL, say). */
export type ServerEnv = (url: string) => Record<string, string>;

/**
 * Starts the production server (`node api/dist/server.js`, as `npm start` runs it) on an empty data
 * directory and this port, with the e2e administrator, and waits until it answers. `cdnPort` is a
 * second origin the server's CSP allows (the releases tests serve releases from it); `env` adds to (or
 * overrides) its environment.
 */
export async function startServer(
  port: number,
  cdnPort = port + 1,
  env: ServerEnv = () => ({}),
): Promise<StartedServer> {
  const url = `http://127.0.0.1:${port}`;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'backoffice-e2e-'));
  let output = '';
  const server = spawn(process.execPath, [path.join(__dirname, '..', '..', 'api', 'dist', 'server.js')], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      ADMIN_EMAIL: adminEmail,
      ADMIN_PASSWORD: adminPassword,
      LOGIN_RATE_MAX: '50',
      PASSWORD_HASH_COST: E2E_PASSWORD_HASH_COST,
      REMOTE_ORIGINS: `http://127.0.0.1:${cdnPort}`,
      // Chromium shares the 2 cores: a busy moment must not shed the clicks under test (shedding is
      // tested in api/src/http/pressure.test.ts).
      EVENT_LOOP_LAG_LIMIT_MS: '0',
      ...env(url),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const keep = (chunk: Buffer) => (output = (output + chunk.toString()).slice(-20_000));
  server.stdout!.on('data', keep);
  server.stderr!.on('data', keep);
  const stop = async () => {
    if (server.exitCode === null && server.signalCode === null) {
      const exited = new Promise((resolve) => server.once('exit', resolve));
      server.kill('SIGTERM');
      await exited;
    }
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    await answering(`${url}/api/v1/openapi.json`, server, () => output);
  } catch (error) {
    await stop();
    throw error;
  }
  return { url, dataDir, stop };
}

/** The server a worker runs for the spec file it is on; the next file gets a fresh one. */
interface FileServers {
  /** With the administrator's signed-in browser state on it, once a test of the file asked for it. */
  current?: { file: string; server: StartedServer; admin?: Promise<AdminState> };
}

/** A browser's storage as Playwright saves and restores it (`storageState`). */
export type AdminState = Exclude<BrowserContextOptions['storageState'], string | undefined>;

/**
 * Signs the e2e administrator in over the API, as the login screen does (POST /admin/login), and
 * returns the browser state that screen leaves: the token and the user in the origin's localStorage
 * (the keys the mobile team's tooling reads, spec §9).
 */
export async function signInState(url: string, email = adminEmail, password = adminPassword): Promise<AdminState> {
  const answer = await fetch(`${url}/api/v1/admin/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  if (!answer.ok) throw new Error(`Signing in over the API answered ${answer.status}: ${await answer.text()}`);
  const { token, doesUserEmailExist } = (await answer.json()) as { token: string; doesUserEmailExist: unknown };
  return {
    cookies: [],
    origins: [
      {
        origin: url,
        localStorage: [
          { name: 'token', value: token },
          { name: 'user', value: JSON.stringify(doesUserEmailExist) },
        ],
      },
    ],
  };
}

/**
 * Each spec file runs on a production server of its own (startServer), on an empty data directory: a
 * worker starts one, on its own port, when it comes to a file, and ends it when it moves on to the
 * next. Workers run side by side without seeing each other's records, and no file sees what another
 * left (nor cleans up for one); the tests of one file share its server, in order. A replacement worker
 * (after a failure) starts afresh.
 */
export const test = base.extend<
  { server: WorkerServer; signedIn: boolean; serverEnv: ServerEnv },
  { fileServers: FileServers }
>({
  /**
   * `test.use({ signedIn: true })`: the test's browser starts signed in as the e2e administrator, by a
   * session made once per spec file over the API (signInState), instead of going through the login
   * screen in every test. The specs about signing in (login, two-factor, session end, password,
   * account, the login toast) keep logging in through the screen. A test that logs out revokes the
   * session it is in: it signs in through the screen, so that the file's session lives on.
   */
  signedIn: [false, { option: true }],
  /**
   * `test.use({ serverEnv: async ({}, use) => await use((url) => ({ … })) })`: what the spec file's own
   * server adds to its environment (a mail server, say), read when it starts. A fixture that hands
   * over the function, since test.use takes a bare function for a fixture.
   */
  serverEnv: [async ({}, use) => await use(() => ({})), { option: true }],
  storageState: async ({ storageState, signedIn, server, fileServers }, use) => {
    if (!signedIn) return await use(storageState);
    const current = fileServers.current;
    if (!current) return await use(await signInState(server.url)); // a server started elsewhere
    current.admin ??= signInState(server.url);
    await use(await current.admin);
  },
  fileServers: [
    async ({}, use) => {
      const servers: FileServers = {};
      try {
        await use(servers);
      } finally {
        await servers.current?.server.stop();
      }
    },
    { scope: 'worker' },
  ],
  server: [
    async ({ fileServers, serverEnv }, use, testInfo) => {
      if (process.env.E2E_BASE_URL) {
        // A server started elsewhere (e.g. `npm run cluster` with ADMIN_EMAIL/ADMIN_PASSWORD as above):
        // one worker then, since every test sees the same data.
        const dataDir = process.env.E2E_DATA_DIR ?? '';
        await use({ url: process.env.E2E_BASE_URL.replace(/\/$/, ''), dataDir, cdnPort: basePort + 1 });
        return;
      }
      const port = basePort + 2 * testInfo.parallelIndex;
      const cdnPort = port + 1;
      if (fileServers.current?.file !== testInfo.file) {
        const previous = fileServers.current;
        fileServers.current = undefined;
        await previous?.server.stop();
        fileServers.current = { file: testInfo.file, server: await startServer(port, cdnPort, serverEnv) };
      }
      const { url, dataDir } = fileServers.current.server;
      await use({ url, dataDir, cdnPort });
    },
    { timeout: 90_000 },
  ],
  baseURL: async ({ server }, use) => await use(server.url),
});
