import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { randomBytes } from 'node:crypto';
import net, { type AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { buildApp, type AppDeps } from '../app';
import { LISTEN_BACKLOG } from '../http/connections';
import { OWNER_LOCK } from '../uploads/database-store';
import { createAdmin } from '../auth/admins';
import { loadConfig, type AppConfig } from '../config';
import { dropSchema, migrateToLatest, openDatabase, type Db, type Engine } from '../db/database';
import type { RouteEntry } from '../releases/store';
import { fromTemplate } from './template-database';

// Test harness: a real server on 127.0.0.1:<random port>, a fresh database per suite, called over
// HTTP with fetch. SQLite always; PostgreSQL too when TEST_DATABASE_URL is set.

export interface EngineUnderTest {
  engine: Engine;
  databaseUrl?: string;
}

/** For `describe.each(engines())('%s', (_name, engine) => …)`. */
export function engines(): [string, EngineUnderTest][] {
  const list: [string, EngineUnderTest][] = [['sqlite', { engine: 'sqlite' }]];
  const url = process.env.TEST_DATABASE_URL;
  if (url) list.push(['postgres', { engine: 'postgres', databaseUrl: url }]);
  return list;
}

/** Database settings for an engine: on PostgreSQL a schema of its own, so suites never meet. */
export function databaseFor(target: EngineUnderTest): Pick<AppConfig, 'databaseUrl' | 'databaseSchema'> {
  if (target.engine !== 'postgres') return { databaseUrl: undefined, databaseSchema: undefined };
  return { databaseUrl: target.databaseUrl, databaseSchema: `t_${process.pid}_${randomBytes(4).toString('hex')}` };
}

/**
 * Opens and migrates a fresh database (SQLite file in dataDir, or a new PostgreSQL schema): a copy of
 * one migrated once (testing/template-database.ts), or, where something is there already, that.
 */
export async function openTestDatabase(
  config: Pick<AppConfig, 'dataDir' | 'databaseUrl' | 'databaseSchema'>,
): Promise<Db> {
  await fromTemplate(config);
  const db = openDatabase(config);
  await migrateToLatest(db);
  return db;
}

/** Closes it, dropping the PostgreSQL schema (the SQLite file goes with its temp folder). */
export async function closeTestDatabase(db: Db): Promise<void> {
  if (db.engine === 'postgres') await dropSchema(db);
  await db.close();
}

export const ADMIN = { email: 'admin@example.com', password: 'correct horse battery staple' };

export interface CallOptions {
  token?: string;
  /** Sent as JSON. */
  json?: unknown;
  /** Sent as is (e.g. malformed JSON), with the given headers. */
  body?: string | Buffer;
  /** Sent as multipart/form-data (fetch writes the boundary). */
  form?: FormData;
  headers?: Record<string, string>;
}

// Answers are checked by the tests' assertions, not by the type system.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyBody = any;

export interface CallResult<T = AnyBody> {
  status: number;
  headers: Headers;
  body: T;
  text: string;
}

export interface TestServer {
  url: string;
  config: AppConfig;
  db: Db;
  app: FastifyInstance;
  admin: { _id: string; email: string; password: string };
  call<T = AnyBody>(method: string, urlPath: string, options?: CallOptions): Promise<CallResult<T>>;
  /** Logs in as the suite's admin and returns the token. */
  login(): Promise<string>;
  /** Names of the stored uploads (the uploads folder's, the temp folder excluded, or PostgreSQL's), sorted. */
  storedUploads(): Promise<string[]>;
  /** Stores a file under a generated name (UploadStore.newName) as a form's upload would be. */
  storeUpload(name: string, content: string | Buffer): Promise<void>;
  /** Files waiting in the uploads temp folder (none once a request has been answered). */
  pendingUploads(): string[];
  close(): Promise<void>;
}

export async function startServer(
  target: EngineUnderTest,
  overrides: Partial<AppConfig> = {},
  /** Adds test-only routes before the server starts. */
  extend?: (app: FastifyInstance) => void,
  /** The features it serves, when a test brings its own. */
  deps: Pick<AppDeps, 'registry'> = {},
): Promise<TestServer> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'api-test-'));
  const base = loadConfig({ DATA_DIR: dataDir });
  const config: AppConfig = {
    ...base,
    port: 0,
    host: '127.0.0.1',
    logLevel: 'silent',
    // Generous limits so that suites are not throttled; rate-limit tests set low ones.
    loginRateMax: 1000,
    publicRateMax: 1000,
    // Suites share 2 cores and ts-jest compiles on the event loop: only the load-shedding test sheds.
    eventLoopLagLimitMs: 0,
    // 2^12 instead of 2^17: a test login takes milliseconds (the cost is tested on its own).
    passwordHashCost: 12,
    // No front end unless a test brings a fixture.
    staticRoots: { shell: path.join(dataDir, 'none'), remoteBuilds: [] },
    ...databaseFor(target),
    ...overrides,
  };

  const db = await openTestDatabase(config);
  let app: FastifyInstance | undefined;
  let adminId: string;
  try {
    adminId = await createAdmin(db, ADMIN.email, ADMIN.password, config.passwordHashCost);
    app = await buildApp(config, { ...deps, db });
    extend?.(app);
    await app.listen({ port: 0, host: '127.0.0.1', backlog: LISTEN_BACKLOG });
  } catch (error) {
    // Leave no schema, pool or folder behind when a suite cannot even start.
    await app?.close();
    await closeTestDatabase(db);
    fs.rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
  const url = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;

  const call: TestServer['call'] = async (method, urlPath, options = {}) => {
    const headers: Record<string, string> = { ...options.headers };
    if (options.token) headers.authorization = `Bearer ${options.token}`;
    let body: string | Buffer | FormData | undefined = options.body ?? options.form;
    if (options.json !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(options.json);
    }
    const response = await fetch(url + urlPath, { method, headers, body });
    const text = await response.text();
    let parsed: unknown = text;
    if ((response.headers.get('content-type') ?? '').includes('json') && text) parsed = JSON.parse(text);
    return { status: response.status, headers: response.headers, body: parsed as AnyBody, text };
  };

  const server = app;
  return {
    url,
    config,
    db,
    app: server,
    admin: { _id: adminId, email: ADMIN.email, password: ADMIN.password },
    call,
    async login() {
      const res = await call('POST', '/api/v1/admin/login', { json: { email: ADMIN.email, password: ADMIN.password } });
      if (res.status !== 200) throw new Error(`login failed in test setup: ${res.status} ${res.text}`);
      return res.body.token as string;
    },
    async storedUploads() {
      if (db.engine === 'postgres')
        return (await db.kysely.selectFrom('storedFiles').select('name').orderBy('name').execute()).map(
          (row) => row.name,
        );
      return fs
        .readdirSync(config.uploadsDir)
        .filter((name) => !name.startsWith('.'))
        .sort();
    },
    async storeUpload(name, content) {
      const tempPath = path.join(server.uploads.tempDir, `${name}.part`);
      fs.writeFileSync(tempPath, content);
      const file = { field: 'test', name, tempPath, size: Buffer.byteLength(content), mimeType: '', isImage: false };
      await server.uploads.commit(db, [{ ...file, originalName: name }], async () => undefined);
    },
    pendingUploads() {
      const tempDir = server.uploads.tempDir;
      // The instance's own lock (PostgreSQL) is not an upload.
      return fs.existsSync(tempDir) ? fs.readdirSync(tempDir).filter((name) => name !== OWNER_LOCK) : [];
    },
    async close() {
      await server.close();
      await closeTestDatabase(db);
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * A remote's production build as config/release.ts writes it: release.json, routes.json, the manifest,
 * the entry and a chunk (with a precompressed twin whose content tells it apart).
 */
export function writeRemoteBuild(
  dir: string,
  options: {
    name: string;
    release: string;
    builtAt?: string;
    label?: string;
    routes?: RouteEntry[];
    /** The range of `shared` the build declares needing. */
    sharedRange?: string;
  },
): string {
  const { name, release } = options;
  fs.mkdirSync(dir, { recursive: true });
  const write = (file: string, content: string | Buffer) => fs.writeFileSync(path.join(dir, file), content);
  write(
    'release.json',
    JSON.stringify({
      name,
      version: release.replace(/-[0-9a-f]{7}$/, ''),
      release,
      commit: 'abc123def456',
      builtAt: options.builtAt ?? new Date().toISOString(),
    }),
  );
  write(
    'routes.json',
    JSON.stringify({
      label: options.label ?? name[0].toUpperCase() + name.slice(1),
      routes: options.routes ?? [
        { path: `/${name}-home`, title: 'Home', menu: { group: 'Main', label: 'Home', order: 2 } },
      ],
    }),
  );
  write(
    'mf-manifest.json',
    JSON.stringify({
      id: name,
      name,
      metaData: { name, buildInfo: { buildVersion: release.split('-')[0], buildName: `remote-${name}` } },
      shared: [
        { name: 'react', version: '19.3.1', requiredVersion: '^19.3.1', singleton: true },
        ...(options.sharedRange
          ? [{ name: 'shared', version: '2.1.0', requiredVersion: options.sharedRange, singleton: true }]
          : []),
      ],
      remotes: [],
      exposes: [{ name: 'App', path: './App' }],
    }),
  );
  write('remoteEntry.js', `var ${name} = "${release}";`);
  write('chunk.9b8c7d6e.js', 'console.log("chunk");');
  write('chunk.9b8c7d6e.js.br', zlib.brotliCompressSync('console.log("br");'));
  return dir;
}

/** A minimal production build tree: the shell and the content remote's build. */
export function makeFrontEndFixture(): { root: string; staticRoots: AppConfig['staticRoots'] } {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'api-static-'));
  const write = (file: string, content: string) => {
    fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    fs.writeFileSync(path.join(root, file), content);
  };
  write('shell/dist/index.html', '<!doctype html><title>shell</title><div id="root"></div>');
  write('shell/dist/main.3f2a9c1b.js', 'console.log("shell");');
  write(
    'shell/dist/release.json',
    JSON.stringify({
      name: 'shell',
      version: '1.0.0',
      release: '1.0.0-5e11aaa',
      commit: 'abc123def456',
      builtAt: '2026-11-20T10:00:00.000Z',
    }),
  );
  writeRemoteBuild(path.join(root, 'remote-content/dist'), { name: 'content', release: '1.0.0-aaaaaaa' });
  return {
    root,
    staticRoots: { shell: path.join(root, 'shell/dist'), remoteBuilds: [path.join(root, 'remote-content/dist')] },
  };
}

/** A file to send in a multipart form. */
export interface FileSpec {
  content: Buffer | string;
  name: string;
  type: string;
}

/**
 * A multipart form: the text fields (undefined ones left out), then each file field as a file
 * (FileSpec) or as a text value (string, e.g. an existing URL); undefined ones left out.
 */
export function multipartForm(
  fields: Record<string, string | undefined>,
  files: Record<string, FileSpec | string | undefined> = {},
): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) if (value !== undefined) form.append(name, value);
  for (const [name, file] of Object.entries(files)) {
    if (typeof file === 'string') form.append(name, file);
    else if (file) {
      const content = typeof file.content === 'string' ? Buffer.from(file.content) : file.content;
      form.append(name, new Blob([new Uint8Array(content)], { type: file.type }), file.name);
    }
  }
  return form;
}

/** A reflection every field of which is valid (the date aside: each test gives its own). */
export const VALID_REFLECTION = {
  topic: 'Hope',
  reflection: '<p>Text</p>',
  bibleReading: 'Rom 5',
  devotionalContent: '<p>Points</p>',
  devotionalConfession: '<p>Exercise</p>',
  furtherReading: 'Ps 23',
  mass: 'Mk 1',
} as const;

/** A port no one listens on now, for a server a test starts in a process of its own. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}
