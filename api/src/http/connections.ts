import http from 'node:http';
import net, { type Socket } from 'node:net';
import type { FastifyInstance, FastifyReply, FastifyRequest, FastifyServerFactory } from 'fastify';
import { requestDeadlineMs, type AppConfig } from '../config';

// Slow and hostile clients (docs/security.md): a connection costs a file descriptor and memory
// for as long as it stays open, so none may stay open on the client's terms.
// - headers must arrive within HEADERS_TIMEOUT_MS (Node closes the connection);
// - a body must keep arriving at BODY_MIN_BYTES_PER_SECOND (checked here, per window), and the
//   whole request ends by a deadline scaled to the largest upload (Node's requestTimeout);
// - idle keep-alive connections close, and the server holds at most MAX_CONNECTIONS, of which one
//   client address holds at most MAX_CONNECTIONS_PER_ADDRESS; near the cap the oldest idle connection
//   makes room for a new one (connectionGuard).
// Node looks for connections past their deadlines every CONNECTIONS_CHECK_MS (its own default is
// 30 s), and its requestTimeout only applies when headersTimeout is not larger.

/**
 * Connections the system may queue before the server accepts them. Node's default (511) overflows
 * under a burst of connections from one client, and then a second client's handshake waits for a
 * retransmission (a second or more) even though the server closes the burst at once.
 */
export const LISTEN_BACKLOG = 4096;

/**
 * The HTTP server with the deadlines set where Node reads them (some only at creation). `first`, when
 * given, sees each request before Fastify and answers it itself by returning true (ready-answers.ts).
 */
export function serverFactory(
  config: AppConfig,
  first?: (request: http.IncomingMessage, response: http.ServerResponse) => boolean,
): FastifyServerFactory {
  const limits = config.connections;
  return (handler) => {
    const server = http.createServer(
      {
        headersTimeout: limits.headersTimeoutMs,
        requestTimeout: requestDeadlineMs(config),
        keepAliveTimeout: limits.keepAliveTimeoutMs,
        connectionsCheckingInterval: limits.checkEveryMs,
      },
      first
        ? (request, response) => {
            if (!first(request, response)) handler(request, response);
          }
        : handler,
    );
    server.maxConnections = limits.maxConnections;
    server.maxRequestsPerSocket = limits.maxRequestsPerSocket;
    guardConnections(server, limits, proxyMatcher(config.trustProxy));
    return server;
  };
}

/** The named groups TRUST_PROXY accepts, as the subnets they stand for. */
const NAMED_RANGES: Record<string, [string, number, 'ipv4' | 'ipv6'][]> = {
  loopback: [
    ['127.0.0.0', 8, 'ipv4'],
    ['::1', 128, 'ipv6'],
  ],
  linklocal: [
    ['169.254.0.0', 16, 'ipv4'],
    ['fe80::', 10, 'ipv6'],
  ],
  uniquelocal: [
    ['10.0.0.0', 8, 'ipv4'],
    ['172.16.0.0', 12, 'ipv4'],
    ['192.168.0.0', 16, 'ipv4'],
    ['fc00::', 7, 'ipv6'],
  ],
};

/** True for an address of one of the trusted proxies (TRUST_PROXY). */
export function proxyMatcher(trustProxy: false | string[]): (address: string) => boolean {
  if (!trustProxy) return () => false;
  const proxies = new net.BlockList();
  for (const item of trustProxy) {
    const [address, bits] = item.split('/');
    for (const [network, prefix, type] of NAMED_RANGES[item] ?? []) proxies.addSubnet(network, prefix, type);
    if (NAMED_RANGES[item] || !address) continue;
    const type = net.isIPv6(address) ? 'ipv6' : 'ipv4';
    if (bits === undefined) proxies.addAddress(address, type);
    else proxies.addSubnet(address, Number(bits), type);
  }
  return (address) => proxies.check(address, net.isIPv6(address) ? 'ipv6' : 'ipv4');
}

/** An IPv4 client on a dual-stack socket is one client whichever way it is written. */
const clientAddress = (socket: Socket) => (socket.remoteAddress ?? '').replace(/^::ffff:(?=\d+\.)/, '');

/**
 * Keeps one client from holding the server's connections. A client address holds at most its share
 * (a reverse proxy named in TRUST_PROXY speaks for many clients and is not counted); past it a new
 * connection is closed at once. When the server nears its cap, each new connection closes the idle
 * connection (no answer in progress: waiting for a head, or kept alive between requests) unused
 * longest, so room stays for a new client while idle ones go first.
 */
export function guardConnections(
  server: http.Server,
  limits: Pick<AppConfig['connections'], 'maxConnections' | 'maxConnectionsPerAddress'>,
  isProxy: (address: string) => boolean,
): void {
  const perAddress = new Map<string, number>();
  // In the order each was last used (opened, or sent a request): the first is the one unused longest.
  // A request moves its socket to the end, and nothing more is done per request (a listener on each
  // answer cost a cached public read a fortieth of its time): whether a socket is idle is asked only
  // when one must close, of Node's own link from a socket to the answer in progress on it.
  const byLastUse = new Set<Socket>();
  const answering = (socket: Socket) => Boolean((socket as Socket & { _httpMessage?: unknown })._httpMessage);
  const idleLongest = () => {
    for (const socket of byLastUse) if (!answering(socket)) return socket;
    return undefined;
  };
  let open = 0;
  const roomAt = limits.maxConnections - Math.max(1, Math.floor(limits.maxConnections / 20));

  server.on('connection', (socket: Socket) => {
    const address = clientAddress(socket);
    const counted = !isProxy(address);
    const held = perAddress.get(address) ?? 0;
    if (counted && held >= limits.maxConnectionsPerAddress) {
      socket.destroy();
      return;
    }
    if (open >= roomAt) idleLongest()?.destroy();
    open += 1;
    if (counted) perAddress.set(address, held + 1);
    byLastUse.add(socket);
    socket.once('close', () => {
      open -= 1;
      byLastUse.delete(socket);
      if (!counted) return;
      const left = (perAddress.get(address) ?? 1) - 1;
      if (left > 0) perAddress.set(address, left);
      else perAddress.delete(address);
    });
  });
  server.on('request', (request: http.IncomingMessage) => {
    const socket = request.socket;
    byLastUse.delete(socket);
    if (!socket.destroyed) byLastUse.add(socket);
  });
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
