import type { IncomingMessage, ServerResponse } from 'node:http';
import { performance } from 'node:perf_hooks';
import type { FastifyBaseLogger } from 'fastify';
import type { Metrics } from './metrics';
import { chooseEncoding, COMPRESS_FROM_BYTES, type JsonRepresentation } from './public-cache';
import { slowAnswerLine } from './request-log';
import { requestId } from './request-id';

// The mobile app's public lists, answered from memory before Fastify's routing when the answer is
// ready: the bytes and the headers a cached read sends are known, and Fastify's work for one (its
// request and reply objects, a dozen hooks, the garbage they leave) cost such a read about a fifth of
// its throughput beside a bare Node server sending the same bytes (docs/load.md). Anything unusual is
// left to Fastify, which answers it as it always did: another method, a query string, a body, a
// conditional request, an answer not built or not compressed yet, a counter check due, a restore of
// a backup under way, a server closing, or LOG_REQUESTS=all (a line for every request).

/** A GET answered here when its representation is ready (PublicListCache.ready). */
export interface ReadyRoute {
  /** The route's pattern: the answer-time metric's `route` label, as Fastify's route would give. */
  route: string;
  ready: () => JsonRepresentation | undefined;
}

/** What the server must still do for an answer given here, as its hooks would. */
export interface ReadyAnswersApp {
  log: FastifyBaseLogger;
  metrics: Metrics;
  /** Helmet's headers (http/headers.ts), on every answer. */
  securityHeaders: Record<string, string>;
  /** While a backup is restored every call answers 503: Fastify's hooks say so. */
  isRestoring: () => boolean;
  slowRequestMs: number;
}

export class ReadyAnswers {
  private readonly routes = new Map<string, ReadyRoute>();
  private app: ReadyAnswersApp | undefined;
  private open = false;
  /** How many answers were given here (the tests check that they are). */
  answered = 0;

  /** Serves `url` (the whole path, without a query) from `route` once the server listens. */
  add(url: string, route: ReadyRoute): void {
    this.routes.set(url, route);
  }

  /** From the moment the app is built (`undefined`: never, as with LOG_REQUESTS=all). */
  attach(app: ReadyAnswersApp | undefined): void {
    this.app = app;
    this.open = app !== undefined;
  }

  /** The server closes: every request goes to Fastify, which answers as a closing server does. */
  close(): void {
    this.open = false;
  }

  /** The HTTP server's handler calls this first: true when it answered the request. */
  answer(request: IncomingMessage, response: ServerResponse): boolean {
    if (!this.open || request.method !== 'GET') return false;
    const route = this.routes.get(request.url!);
    if (route === undefined) return false;
    const { headers } = request;
    if (
      headers['if-none-match'] !== undefined ||
      headers['content-length'] !== undefined ||
      headers['transfer-encoding'] !== undefined
    ) {
      return false;
    }
    const app = this.app!;
    const representation = route.ready();
    if (representation === undefined || app.isRestoring()) return false;
    const encoding =
      representation.body.length >= COMPRESS_FROM_BYTES ? chooseEncoding(headers['accept-encoding']) : undefined;
    const body = encoding === undefined ? representation.body : representation.encodedNow(encoding);
    if (body === undefined) return false;

    const started = performance.now();
    const id = requestId(request);
    const wire = representation.wireHeaders(encoding, app.securityHeaders).slice();
    wire[1] = id;
    this.answered++;
    response.writeHead(200, wire);
    response.end(body, () => {
      const ms = performance.now() - started;
      app.metrics.requestAnswered('GET', route.route, 200, ms / 1000);
      if (ms >= app.slowRequestMs) slowAnswerLine(app.log.child({ reqId: id }), 'GET', request.url!, 200, ms);
    });
    return true;
  }
}
