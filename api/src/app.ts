import Fastify, { LogController, type FastifyInstance } from 'fastify';
import fastifyCompress from '@fastify/compress';
import fastifyRateLimit from '@fastify/rate-limit';
import fastifySwagger from '@fastify/swagger';
import { analyticsRoutes } from './analytics/routes';
import { bookResource } from './books/resource';
import { ownsPath, requireAdmin } from './auth/guard';
import { authRoutes } from './auth/routes';
import type { AppConfig } from './config';
import { openDatabase, type Db } from './db/database';
import { httpUrlFormat } from './http/contract';
import { closeSlowBodies, serverFactory } from './http/connections';
import { logErrorsAndSlowRequests } from './http/request-log';
import { frameworkErrors, registerErrorHandler } from './http/errors';
import { databaseRateLimitStore } from './http/rate-limit';
import { registerSecurityHeaders } from './http/headers';
import { registerIdempotency } from './http/idempotency';
import { registerJsonBody } from './http/json-body';
import { registerLoadShedding } from './http/pressure';
import { registerStatic } from './serving';
import { massIntentionRoutes } from './mass-intentions/routes';
import { LiveMap } from './releases/live-map';
import { Releases, releasesConfig } from './releases/releases';
import { liveMapRoute, versionRoutes } from './releases/routes';
import { clientReportRoutes } from './releases/client-reports';
import { previewRoutes } from './releases/preview';
import { releaseRoutes } from './releases/upload-routes';
import { deployTokenRoutes } from './deploy-tokens/routes';
import { accountRoutes } from './account/routes';
import { twoFactorRoutes } from './two-factor/routes';
import { teamRoutes } from './team/routes';
import { activityRoutes } from './activity/routes';
import { exportRoutes } from './exports/routes';
import { registerHeavyWork } from './exports/heavy-work';
import { recordActivity } from './activity/record';
import { followClusterReleases, ClusterReleases } from './releases/cluster-sync';
import { openUploadStorage } from './uploads/storage';
import type { UploadStorage } from './uploads/store';
// finance (donations, bank accounts, Section A prayers, About Us)
import { aboutRoutes } from './about/routes';
import { bankAccountResource } from './bank-accounts/resource';
import { donationResource } from './donations/resource';
import { prayerResource } from './prayers/resource';
import { trashRoutes } from './trash/routes';
// content (Bible plan, live streams, reflections)
import { readingRoutes } from './readings/routes';
import { reflectionRoutes } from './reflections/routes';
import { streamResource } from './streams/resource';
// groups and prayer requests
import { groupResource } from './groups/resource';
import { prayerRequestRoutes } from './prayer-requests/routes';
import { resourceRoutes } from './resources/routes';
import { parishRoutes } from './parish/routes';

declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
    config: AppConfig;
    /** Hook: 401 unless a valid bearer token; sets request.admin. */
    requireAdmin: typeof requireAdmin;
    /** Hook after requireAdmin: 403 unless `:userId` is the token's admin. */
    ownsPath: typeof ownsPath;
    /** Where uploaded files are stored, named and deleted: the uploads folder or PostgreSQL (uploads/storage.ts). */
    uploads: UploadStorage;
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
}

/** Builds the whole server (API + static front end) without listening; the caller migrates first. */
export async function buildApp(config: AppConfig, deps: AppDeps = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger:
      config.logLevel === 'silent'
        ? false
        : { level: config.logLevel, ...(deps.logStream ? { stream: deps.logStream } : {}) },
    logController: new LogController({ disableRequestLogging: config.requestLog !== 'all' }),
    trustProxy: config.trustProxy,
    frameworkErrors,
    serverFactory: serverFactory(config),
    // Strict from the start: a value of the wrong type is refused, never converted ("12345" for
    // 12345), and an unknown property is refused, never silently dropped (http/contract.ts).
    // verbose: errors carry their schema, whose title names the field in words.
    ajv: { customOptions: { coerceTypes: false, removeAdditional: false, verbose: true }, plugins: [httpUrlFormat] },
  });

  const db = deps.db ?? openDatabase(config);
  if (!deps.db) app.addHook('onClose', async () => await db.close());
  app.decorate('db', db);
  app.decorate('config', config);
  app.decorate('requireAdmin', requireAdmin);
  app.decorate('ownsPath', ownsPath);
  const uploads = openUploadStorage(config, db, app.log);
  app.decorate('uploads', uploads);
  app.addHook('onClose', async () => uploads.close());
  const releases = new Releases(releasesConfig(config));
  app.decorate('releases', releases);
  app.decorate('liveMap', new LiveMap(releases, { loadTimeoutMs: config.remoteLoadTimeoutMs }, app.log));
  if (db.engine === 'postgres') followClusterReleases(app, new ClusterReleases(db, releases, app.log));
  app.decorateRequest('admin', undefined);

  registerErrorHandler(app);
  registerJsonBody(app);
  recordActivity(app);
  registerIdempotency(app, API_PREFIX);
  logErrorsAndSlowRequests(app, config);
  closeSlowBodies(app, config);
  registerSecurityHeaders(app, config);
  await registerLoadShedding(app, config);
  registerHeavyWork(app, config);
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
      await api.register(authRoutes);
      await api.register(accountRoutes);
      await api.register(twoFactorRoutes);
      await api.register(teamRoutes);
      await api.register(activityRoutes);
      await api.register(parishRoutes);
      await api.register(analyticsRoutes);
      await api.register(massIntentionRoutes);
      await api.register(resourceRoutes(bookResource));
      // groups and prayer requests
      await api.register(resourceRoutes(groupResource));
      await api.register(prayerRequestRoutes);
      // content
      await api.register(readingRoutes);
      await api.register(resourceRoutes(streamResource));
      await api.register(reflectionRoutes);
      // finance
      await api.register(resourceRoutes(donationResource));
      await api.register(resourceRoutes(bankAccountResource));
      await api.register(resourceRoutes(prayerResource));
      await api.register(aboutRoutes);
      await api.register(trashRoutes);
      await api.register(exportRoutes);
      await api.register(versionRoutes);
      await api.register(clientReportRoutes);
      await api.register(previewRoutes);
      // the remote teams' releases over HTTPS, and their deploy tokens
      await api.register(releaseRoutes);
      await api.register(deployTokenRoutes);
      api.get('/openapi.json', { schema: { hide: true } }, async () => app.swagger());
    },
    { prefix: API_PREFIX },
  );

  await registerStatic(app, config);
  await app.register(liveMapRoute);
  return app;
}
