import Fastify, { LogController, type FastifyInstance } from 'fastify';
import fastifyCompress from '@fastify/compress';
import fastifyRateLimit from '@fastify/rate-limit';
import fastifySwagger from '@fastify/swagger';
import { ownsPath, requireAdmin } from './auth/guard';
import type { AppConfig } from './config';
import { openDatabase, type Db } from './db/database';
import { processCompilers } from './http/compilers';
import { httpUrlFormat } from './http/contract';
import { closeSlowBodies, serverFactory } from './http/connections';
import { logErrorsAndSlowRequests } from './http/request-log';
import { frameworkErrors, registerErrorHandler } from './http/errors';
import { databaseRateLimitStore } from './http/rate-limit';
import { registerSecurityHeaders } from './http/headers';
import { registerIdempotency } from './http/idempotency';
import { registerJsonBody } from './http/json-body';
import { registerLoadShedding } from './http/pressure';
import { reads } from './http/route-hooks';
import { registerMetrics } from './http/metrics';
import { registerRequestIdHeader, requestId } from './http/request-id';
import { lazyRequestLogger } from './http/request-logger';
import { ReadyAnswers } from './http/ready-answers';
import { healthRoutes } from './operations/health';
import { metricsRoute, registerFeatureFigures } from './operations/metrics';
import { registerStatic } from './serving';
import { LiveMap } from './releases/live-map';
import { Releases, releasesConfig } from './releases/releases';
import { liveMapRoute } from './releases/routes';
import { registerHeavyWork } from './exports/heavy-work';
import { recordActivity } from './activity/record';
import { servedHistories } from './history/routes';
import { followClusterReleases, ClusterReleases } from './releases/cluster-sync';
import { openUploadStorage } from './uploads/storage';
import type { UploadStorage } from './uploads/store';
import { referencedUploads, type ReferencedUploads } from './uploads/references';
import { REGISTRY, type Registry } from './registry';
import { registerBackups } from './backups/service';

declare module 'fastify' {
  interface FastifyInstance {
    /** The public lists answered from memory before Fastify's routing (http/ready-answers.ts). */
    readyAnswers: ReadyAnswers;
    db: Db;
    config: AppConfig;
    /** Hook: 401 unless a valid bearer token; sets request.admin. */
    requireAdmin: typeof requireAdmin;
    /** Hook after requireAdmin: 403 unless `:userId` is the token's admin. */
    ownsPath: typeof ownsPath;
    /** Where uploaded files are stored, named and deleted: the uploads folder or PostgreSQL (uploads/storage.ts). */
    uploads: UploadStorage;
    /** Which stored uploads a record names, by the columns the features declare: the sweeps keep these. */
    referencedUploads: ReferencedUploads;
    /** The remotes' releases and the live map (releases/). */
    releases: Releases;
    /** The live map as browsers get it at /remotes.json. */
    liveMap: LiveMap;
    /** PostgreSQL: the releases and the live map every instance shares (releases/cluster-sync.ts). */
    clusterReleases?: ClusterReleases;
  }
}

export const API_PREFIX = '/api/v1';

export interface AppDeps {
  /** An already migrated database owned by the caller; otherwise one is opened from config and closed with the app. */
  db?: Db;
  /** Where log lines go (tests read them); standard output otherwise. */
  logStream?: NodeJS.WritableStream;
  /** The features it serves (registry.ts); a test may bring its own. */
  registry?: Registry;
}

/** Builds the whole server (API + static front end) without listening; the caller migrates first. */
export async function buildApp(config: AppConfig, deps: AppDeps = {}): Promise<FastifyInstance> {
  const readyAnswers = new ReadyAnswers();
  const app = Fastify({
    logger:
      config.logLevel === 'silent'
        ? false
        : { level: config.logLevel, ...(deps.logStream ? { stream: deps.logStream } : {}) },
    logController: new LogController({ disableRequestLogging: config.requestLog !== 'all' }),
    // Each request's logger (its id on each line) is made when it first writes: most never do.
    childLoggerFactory: lazyRequestLogger,
    trustProxy: config.trustProxy,
    frameworkErrors,
    // Each request's id is on each of its log lines (reqId) and in its answer's X-Request-Id.
    genReqId: requestId,
    serverFactory: serverFactory(config, (request, response) => readyAnswers.answer(request, response)),
    // Strict from the start: a value of the wrong type is refused, never converted ("12345" for
    // 12345), and an unknown property is refused, never silently dropped (http/contract.ts).
    // verbose: errors carry their schema, whose title names the field in words.
    ajv: { customOptions: { coerceTypes: false, removeAdditional: false, verbose: true }, plugins: [httpUrlFormat] },
    schemaController: processCompilers,
  });

  const registry = deps.registry ?? REGISTRY;
  const db = deps.db ?? openDatabase(config);
  if (!deps.db) app.addHook('onClose', async () => await db.close());
  app.decorate('db', db);
  app.decorate('config', config);
  app.decorate('requireAdmin', requireAdmin);
  app.decorate('ownsPath', ownsPath);
  const uploads = openUploadStorage(config, db, app.log);
  app.decorate('uploads', uploads);
  app.decorate('referencedUploads', referencedUploads(db, registry.files));
  app.addHook('onClose', async () => uploads.close());
  const releases = new Releases(releasesConfig(config));
  app.decorate('releases', releases);
  app.decorate('liveMap', new LiveMap(releases, { loadTimeoutMs: config.remoteLoadTimeoutMs }, app.log));
  if (db.engine === 'postgres') followClusterReleases(app, new ClusterReleases(db, releases, app.log));
  app.decorateRequest('admin', undefined);
  app.decorate('readyAnswers', readyAnswers);

  registerRequestIdHeader(app);
  // First of the hooks: while a backup is restored, every other call answers 503.
  registerBackups(app);
  registerErrorHandler(app);
  registerMetrics(app);
  registerJsonBody(app);
  recordActivity(app, registry.kinds);
  servedHistories(app, registry.history);
  registerIdempotency(app, API_PREFIX);
  logErrorsAndSlowRequests(app, config);
  closeSlowBodies(app, config);
  const securityHeaders = registerSecurityHeaders(app, config);
  await registerLoadShedding(app, config);
  registerHeavyWork(app, config);
  registerFeatureFigures(app, API_PREFIX);
  // A read has no body to decompress: its routes skip the plugin's hook that would look for one.
  app.addHook('onRoute', (route) => {
    if (reads(route) && route.decompress === undefined) route.decompress = false;
  });
  await app.register(fastifyCompress, { global: true });
  // Limits are declared per route (login, public submissions), never globally. Counted in the
  // database, so that instances sharing it share the limits.
  await app.register(fastifyRateLimit, { global: false, store: databaseRateLimitStore(db) });
  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.0.3',
      info: {
        title: 'Back-office API',
        version: '1.0.0',
        description: 'The calls of the back-office and the mobile app. Errors answer { message }.',
      },
      servers: [{ url: '/' }],
      components: { securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer' } } },
    },
    // Named schemas keep their names as components (the generated clients' types are called so).
    refResolver: {
      buildLocalReference: (json, _baseUri, _fragment, i) => (typeof json.$id === 'string' ? json.$id : `def-${i}`),
    },
  });

  await app.register(
    async (api) => {
      for (const routes of registry.routes) await api.register(routes);
      api.get('/openapi.json', { schema: { hide: true } }, async () => app.swagger());
    },
    { prefix: API_PREFIX },
  );

  // With LOG_REQUESTS=all every request has its lines, which only Fastify's path writes.
  if (config.requestLog !== 'all') {
    readyAnswers.attach({
      log: app.log,
      metrics: app.metrics,
      securityHeaders,
      isRestoring: () => app.backups.isRestoring,
      slowRequestMs: config.slowRequestMs,
    });
  }
  app.addHook('preClose', (done) => {
    readyAnswers.close();
    done();
  });

  // Before the front end's catch-all; outside /api/v1, out of the contract (operations/).
  await app.register(healthRoutes);
  await app.register(metricsRoute);
  await registerStatic(app, config);
  await app.register(liveMapRoute);
  return app;
}
