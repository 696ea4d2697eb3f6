import type { FastifyRequest } from 'fastify';
import type { RateLimitOptions } from '@fastify/rate-limit';
import { HttpError } from './errors';

function wait(ms: number): string {
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
