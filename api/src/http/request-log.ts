import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { AppConfig } from '../config';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** A probe or a scrape (/healthz, /readyz, /metrics): out of this log, which it would fill every few seconds. */
    probe?: boolean;
  }
}

/**
 * With LOG_REQUESTS=errors-and-slow (the default) Fastify's two lines per request are off, and one
 * line is written for what an operator needs to see: a request answered with a 5xx, or slower than
 * SLOW_REQUEST_MS. (Refusals, 4xx, are the clients' business; the error handler still logs bugs
 * with their stack.)
 */
export function logErrorsAndSlowRequests(app: FastifyInstance, config: AppConfig): void {
  if (config.requestLog === 'all') return;
  // A callback hook: no promise per request in the common case (neither failed nor slow).
  app.addHook('onResponse', (request, reply, done) => {
    const failed = reply.statusCode >= 500;
    const slow = reply.elapsedTime >= config.slowRequestMs;
    // A probe not ready answers 503 every few seconds: its route says so once, when it changes.
    if ((!failed && !slow) || request.routeOptions.config?.probe) return done();
    slowAnswerLine(request.log, request.method, request.url, reply.statusCode, reply.elapsedTime);
    done();
  });
}

/** The line of an answer with a server error (5xx) or slower than SLOW_REQUEST_MS. */
export function slowAnswerLine(
  log: FastifyBaseLogger,
  method: string,
  url: string,
  statusCode: number,
  elapsedMs: number,
): void {
  const line = { req: { method, url }, res: { statusCode }, responseTime: Math.round(elapsedMs) };
  if (statusCode >= 500) log.error(line, 'answered with a server error');
  else log.warn(line, 'slow request');
}
