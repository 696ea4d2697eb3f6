import http from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyInstance, FastifyReply, FastifyRequest, FastifyServerFactory } from 'fastify';
import { requestDeadlineMs, type AppConfig } from '../config';

// Slow and hostile clients (README, "Security"): a connection costs a file descriptor and memory
// for as long as it stays open, so none may stay open on the client's terms.
// - headers must arrive within HEADERS_TIMEOUT_MS (Node closes the connection);
// - a body must keep arriving at BODY_MIN_BYTES_PER_SECOND (checked here, per window), and the
//   whole request ends by a deadline scaled to the largest upload (Node's requestTimeout);
// - idle keep-alive connections close, and the server holds at most MAX_CONNECTIONS.
// Node looks for connections past their deadlines every CONNECTIONS_CHECK_MS (its own default is
// 30 s), and its requestTimeout only applies when headersTimeout is not larger.

/** The HTTP server with the deadlines set where Node reads them (some only at creation). */
export function serverFactory(config: AppConfig): FastifyServerFactory {
  const limits = config.connections;
  return (handler) => {
    const server = http.createServer(
      {
        headersTimeout: limits.headersTimeoutMs,
        requestTimeout: requestDeadlineMs(config),
        keepAliveTimeout: limits.keepAliveTimeoutMs,
        connectionsCheckingInterval: limits.checkEveryMs,
      },
      handler,
    );
    server.maxConnections = limits.maxConnections;
    server.maxRequestsPerSocket = limits.maxRequestsPerSocket;
    return server;
  };
}

/** True when the request announces a body (a length above zero, or chunks). */
function hasBody(request: http.IncomingMessage): boolean {
  const length = request.headers['content-length'];
  return (length !== undefined && length !== '0') || request.headers['transfer-encoding'] !== undefined;
}

/**
 * Cuts the connection of a request whose body arrives slower than the minimum rate, on every route
 * (a 404 and a refused token included: their bodies are still read off the connection).
 */
export function closeSlowBodies(app: FastifyInstance, config: AppConfig): void {
  const { bodyMinBytesPerSecond, bodyRateWindowMs } = config.connections;
  const minimumPerWindow = (bodyMinBytesPerSecond * bodyRateWindowMs) / 1000;
  app.addHook('onRequest', (request, _reply, done) => {
    const raw = request.raw;
    if (!hasBody(raw) || raw.complete) return done();
    const socket = raw.socket;
    let seen = socket.bytesRead;
    const stop = () => clearInterval(timer);
    const timer = setInterval(() => {
      if (raw.complete || socket.destroyed) return stop();
      const received = socket.bytesRead - seen;
      seen = socket.bytesRead;
      if (received >= minimumPerWindow) return;
      stop();
      request.log.warn({ received, windowMs: bodyRateWindowMs }, 'request body too slow: connection closed');
      socket.destroy();
    }, bodyRateWindowMs);
    timer.unref();
    // The request closes once its body is read to the end (or dropped) or its connection closes.
    raw.once('close', stop);
    done();
  });
}

/** How long the rest of a refused body is read and dropped before its connection closes. */
const LINGER_MS = 1000;

/**
 * Sends the answer with `Connection: close` without reading the rest of the body (a 413). Closing
 * a connection that still has unread data resets it, and the client can lose the answer with it;
 * so once the answer is out, what still arrives is dropped for at most LINGER_MS, then the
 * connection closes (what web servers call a lingering close).
 */
export function closeAfterAnswer(request: FastifyRequest, reply: FastifyReply): void {
  reply.header('connection', 'close');
  const raw = request.raw;
  const socket = raw.socket as Socket & { destroySoon?: () => void };
  // Node closes a `Connection: close` socket with destroySoon() once the answer is written.
  socket.destroySoon = () => {
    socket.end();
    setTimeout(() => socket.destroy(), LINGER_MS).unref();
  };
  raw.unpipe();
  raw.resume();
}
