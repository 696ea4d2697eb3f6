import type { FastifyRequest, RouteOptions } from 'fastify';
import type { RateLimitOptions } from '@fastify/rate-limit';
import { sql } from 'kysely';
import type { Db } from '../db/database';
import { HttpError } from './errors';

export function wait(ms: number): string {
  // Past two minutes, seconds are more than anyone reads.
  if (ms >= 120_000) return `${Math.ceil(ms / 60_000)} minutes`;
  const seconds = Math.max(1, Math.ceil(ms / 1000));
  return seconds === 1 ? '1 second' : `${seconds} seconds`;
}

/**
 * Route `config` for a per-IP limit (the rate-limit plugin is registered with `global: false`).
 * Each route keeps its own counter. The 429 goes through the error handler like every error.
 */
export function rateLimited(max: number, timeWindow: number, what: string): { rateLimit: RateLimitOptions } {
  return {
    rateLimit: {
      max,
      timeWindow,
      errorResponseBuilder: (_request: FastifyRequest, context) =>
        new HttpError(429, `${what}. Please wait ${wait(context.ttl)} and try again.`),
    },
  };
}

/** Counts one attempt in the key's window (opening a new window once the last one ended). */
export async function countAttempt(db: Db, key: string, windowMs: number): Promise<{ current: number; ttl: number }> {
  const now = Date.now();
  const row = await db.kysely
    .insertInto('rateLimits')
    .values({ key, hits: 1, windowEnds: now + windowMs })
    .onConflict((conflict) =>
      conflict.column('key').doUpdateSet({
        hits: sql<number>`case when rate_limits.window_ends <= ${now} then 1 else rate_limits.hits + 1 end`,
        windowEnds: sql<number>`case when rate_limits.window_ends <= ${now} then ${now + windowMs} else rate_limits.window_ends end`,
      }),
    )
    .returning(['hits', 'windowEnds'])
    .executeTakeFirstOrThrow();
  return { current: Number(row.hits), ttl: Math.max(0, Number(row.windowEnds) - now) };
}

/** The attempts counted in the key's window that has not ended (0 when none), without counting one. */
export async function attemptsIn(db: Db, key: string): Promise<{ current: number; ttl: number }> {
  const now = Date.now();
  const row = await db.kysely
    .selectFrom('rateLimits')
    .select(['hits', 'windowEnds'])
    .where('key', '=', key)
    .where('windowEnds', '>', now)
    .executeTakeFirst();
  return row ? { current: Number(row.hits), ttl: Number(row.windowEnds) - now } : { current: 0, ttl: 0 };
}

/** Forgets windows that ended (the hourly chores). */
export async function forgetEndedWindows(db: Db): Promise<void> {
  await db.kysely.deleteFrom('rateLimits').where('windowEnds', '<', Date.now()).execute();
}

type Done = (error: Error | null, result?: { current: number; ttl: number }) => void;

/**
 * The rate-limit plugin's `store`: counters in the database, so that every server instance sharing
 * it counts the same attempts (N instances must not allow N times the attempts). One store per
 * route (the plugin asks for a child per route), keyed by the client address.
 */
export function databaseRateLimitStore(db: Db) {
  return class DatabaseRateLimitStore {
    private readonly route: string;

    // The plugin constructs the root store with its settings; children get their route.
    constructor(route?: unknown) {
      this.route = typeof route === 'string' ? route : '*';
    }

    // Typed as the route's options; at run time the plugin passes its settings with the route as `routeInfo`.
    child(options: RouteOptions) {
      const route = (options as unknown as { routeInfo?: RouteOptions }).routeInfo ?? options;
      return new DatabaseRateLimitStore(`${[route.method].flat().join(',')} ${route.url ?? ''}`);
    }

    incr(key: string, done: Done, timeWindow: number): void {
      countAttempt(db, `${this.route} ${key}`, timeWindow).then(
        (result) => done(null, result),
        (error: Error) => done(error),
      );
    }
  };
}
