import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { FastifyInstance } from 'fastify';

// Every request has an id: Fastify puts it on each of the request's log lines (`reqId`), and the answer
// carries it as X-Request-Id, so that a member's report ("it failed at 10:02") or a proxy's log line
// leads to the server's lines. A proxy's or a client's own id is kept when it is a sane one.

export const REQUEST_ID_HEADER = 'x-request-id';

/** Letters, digits and - _ . : only, at most 128 of them: nothing that could forge or break a log line. */
const SANE_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/** Fastify's `genReqId`: the incoming X-Request-Id when sane, else a new UUID. */
export function requestId(request: IncomingMessage): string {
  const incoming = request.headers[REQUEST_ID_HEADER];
  return typeof incoming === 'string' && SANE_ID.test(incoming) ? incoming : randomUUID();
}

/** Sends the id back on every answer, a refusal or an error included. */
export function registerRequestIdHeader(app: FastifyInstance): void {
  app.addHook('onRequest', (request, reply, done) => {
    reply.header(REQUEST_ID_HEADER, request.id);
    done();
  });
}
