import type { FastifyInstance, FastifyRequest } from 'fastify';
import fastifyUnderPressure from '@fastify/under-pressure';
import type { AppConfig } from '../config';
import { HttpError } from './errors';

/** Seconds a shed call is told to wait (the front end's data layer retries a 503 after it). */
export const SHED_RETRY_AFTER_SECONDS = 2;

export const BUSY_MESSAGE = 'The server is busy. Please try again in a moment.';

/** The mobile app's reads (and the pages' files): public GETs, never shed. */
function isPublicRead(request: FastifyRequest): boolean {
  if (request.method !== 'GET' && request.method !== 'HEAD') return false;
  const schema = request.routeOptions.schema as { security?: unknown[] } | undefined;
  return !schema?.security?.length;
}

/**
 * Load shedding: while the event loop lags past EVENT_LOOP_LAG_LIMIT_MS, every call but the public
 * reads is answered 503 with Retry-After at once, instead of queueing behind the work that lags it
 * (heavy administrator lists), so that the mobile app keeps being served.
 */
export async function registerLoadShedding(app: FastifyInstance, config: AppConfig): Promise<void> {
  if (config.eventLoopLagLimitMs === 0) return;
  await app.register(fastifyUnderPressure, {
    maxEventLoopDelay: config.eventLoopLagLimitMs,
    sampleInterval: config.pressureSampleMs,
    pressureHandler: async (request, reply, type, value) => {
      if (isPublicRead(request)) return;
      request.log.warn({ type, value }, 'under pressure: call shed');
      reply.header('Retry-After', String(SHED_RETRY_AFTER_SECONDS));
      throw new HttpError(503, BUSY_MESSAGE);
    },
  });
}
