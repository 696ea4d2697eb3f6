import { sql } from 'kysely';
import type { FastifyInstance } from 'fastify';
import { pendingMigrations } from '../db/database';
import { isDatabaseUnavailable } from '../db/unavailable';
import { SHELL } from '../releases/store';

// The probes of an orchestrator or a load balancer (docs/operations.md): /healthz, the process answers
// (restart it when not); /readyz, it can serve (send it no calls while not). Outside /api/v1 like the
// front end, out of the contract, never shed nor rate-limited: load shedding and the limits concern
// the routes that need a session or write (http/pressure.ts), and these do neither.

/** How long the database has to answer the readiness check's `select 1`. */
const DATABASE_ANSWER_MS = 3000;

export const HEALTHY = 'The server is running.';
export const READY = 'Ready: the database answers, its migrations are done and the releases are in place.';
export const NOT_READY_RESTORING =
  'Not ready: a backup is being restored (Settings → Backups). The server serves again once it is done.';

/** `reason` is answered to anyone; `cause` (the driver's words, which name the database's host) only logged. */
export type Readiness = { ready: true } | { ready: false; reason: string; cause?: string };

function withinTime<T>(work: Promise<T>, ms: number, late: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(late)), ms);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

/** Whether the database answers, in words when it does not. */
export async function databaseAnswers(app: FastifyInstance): Promise<Readiness> {
  try {
    await withinTime(
      sql`select 1`.execute(app.db.kysely),
      DATABASE_ANSWER_MS,
      `no answer within ${DATABASE_ANSWER_MS / 1000} s`,
    );
    return { ready: true };
  } catch (error) {
    const cause = (error as Error).message || (error as { code?: string }).code || String(error);
    const words = isDatabaseUnavailable(error) ? 'cannot be reached' : 'does not answer';
    return { ready: false, reason: `Not ready: the database ${words}.`, cause };
  }
}

/** The readiness checks, first failing one's reason; the migrations are asked until they are done once. */
function readinessOf(app: FastifyInstance): () => Promise<Readiness> {
  let migrated = false;
  return async () => {
    // Every other call answers 503 until the restore is done (backups/service.ts).
    if (app.backups.isRestoring || app.backups.restoringElsewhere) return { ready: false, reason: NOT_READY_RESTORING };
    const database = await databaseAnswers(app);
    if (!database.ready) return database;
    if (!migrated) {
      const pending = await pendingMigrations(app.db);
      if (pending.length) {
        return {
          ready: false,
          reason: `Not ready: the database's migrations are not done (${pending.length} to run, from ${pending[0]}).`,
        };
      }
      migrated = true;
    }
    // Every release the live map names must be on this machine (on PostgreSQL an instance copies them
    // from the database: cluster-sync.ts); otherwise a browser would be sent to files it cannot get.
    for (const [remote, live] of Object.entries(app.liveMap.current().map.remotes)) {
      for (const release of [live.release, live.rollout?.release]) {
        if (release && !app.releases.store.exists(remote, release)) {
          const name = remote === SHELL ? 'the shell' : `the ${remote} remote`;
          return { ready: false, reason: `Not ready: the live release ${release} of ${name} is not on this machine.` };
        }
      }
    }
    return { ready: true };
  };
}

export async function healthRoutes(app: FastifyInstance): Promise<void> {
  const readiness = readinessOf(app);
  let said: string | undefined;
  // `warn`: with LOG_REQUESTS=all, Fastify's two info lines per request are not written for a probe.
  const options = { schema: { hide: true }, config: { probe: true }, logLevel: 'warn' } as const;

  app.get('/healthz', options, async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    return { message: HEALTHY };
  });

  app.get('/readyz', options, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    const verdict = await readiness();
    // Said once when it changes, not at every probe.
    const now = verdict.ready ? READY : verdict.reason;
    if (now !== said) {
      if (!verdict.ready) request.log.error({ cause: verdict.cause }, verdict.reason);
      else if (said !== undefined) request.log.warn('ready again');
      said = now;
    }
    if (verdict.ready) return { message: READY };
    return reply.code(503).send({ message: verdict.reason });
  });
}
