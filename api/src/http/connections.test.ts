import http from 'node:http';
import net from 'node:net';
import { loadConfig } from '../config';
import { proxyMatcher } from '../http/connections';
import { engines, startServer, type TestServer } from '../testing/harness';

// One client must not be able to hold the server's connections: idle sockets from one address, or
// many idle ones from many, leave room for everyone else. Loopback has a whole /8 of addresses, so a
// second client is 127.0.0.2.

/** Opens `count` connections from `localAddress` that send nothing; resolves once each is open or refused. */
async function idleSockets(url: string, count: number, localAddress: string | ((index: number) => string)) {
  const { port } = new URL(url);
  const sockets = await Promise.all(
    Array.from(
      { length: count },
      (_, index) =>
        new Promise<net.Socket>((resolve) => {
          const from = typeof localAddress === 'string' ? localAddress : localAddress(index);
          const socket = net.connect({ port: Number(port), host: '127.0.0.1', localAddress: from });
          // Read, so that the server's close arrives as one.
          socket.resume();
          socket.on('error', () => resolve(socket));
          socket.on('connect', () => resolve(socket));
        }),
    ),
  );
  const open = () => sockets.filter((socket) => !socket.destroyed && !socket.readableEnded).length;
  return {
    sockets,
    open,
    /** Waits (up to 10 s) for the server to have closed all but `count`, as it accepts them. */
    settled: async (count: number) => {
      for (const started = Date.now(); open() > count && Date.now() - started < 10_000;) {
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      return open();
    },
    close: () => sockets.forEach((socket) => socket.destroy()),
  };
}

/** A GET on a new connection from `localAddress`: its status and time in ms. */
function timedGet(url: string, localAddress: string): Promise<{ status: number; ms: number }> {
  const started = performance.now();
  return new Promise((resolve) => {
    const request = http.get(`${url}/api/v1/all/books/`, { localAddress, agent: false }, (response) => {
      response.resume();
      response.on('end', () => resolve({ status: response.statusCode ?? 0, ms: performance.now() - started }));
    });
    request.on('error', () => resolve({ status: 0, ms: performance.now() - started }));
  });
}

describe('one client cannot take the connections', () => {
  let server: TestServer;
  beforeAll(async () => {
    // The production limits: 2,000 connections, a tenth of them per address.
    server = await startServer(engines()[0]![1], { connections: loadConfig({}).connections });
  });
  afterAll(() => server.close());

  it('5,000 idle sockets from one address: it keeps its share, and a second address is answered every time', async () => {
    const flood = await idleSockets(server.url, 5000, '127.0.0.1');
    try {
      const share = server.config.connections.maxConnectionsPerAddress;
      expect(await flood.settled(share)).toBe(share);
      // Its time is measured by npm run bench (p99 against 50 ms), not asserted here.
      const answers: number[] = [];
      for (let request = 0; request < 200; request++) answers.push((await timedGet(server.url, '127.0.0.2')).status);
      expect(answers.filter((status) => status !== 200)).toEqual([]);
    } finally {
      flood.close();
    }
  }, 30_000);
});

describe('room for a new client when the cap is near', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer(engines()[0]![1], {
      connections: { ...loadConfig({}).connections, maxConnections: 60, maxConnectionsPerAddress: 60 },
    });
  });
  afterAll(() => server.close());

  it('closes the connection idle longest to let a new client in, oldest first', async () => {
    // 60 idle clients, each on an address of its own: the cap is full, and no address is over its share.
    const idle = await idleSockets(server.url, 60, (index) => `127.0.1.${index + 1}`);
    try {
      const first = idle.sockets[0]!;
      const answer = await timedGet(server.url, '127.0.0.2');
      expect(answer.status).toBe(200);
      expect(first.destroyed || first.readableEnded).toBe(true);
      // The newest idle ones are still open.
      expect(idle.sockets.at(-1)!.destroyed).toBe(false);
    } finally {
      idle.close();
    }
  });

  it('never closes a connection whose answer is still to come, though it is the one unused longest', async () => {
    // A submit whose body is still on its way: its request is in progress, with no answer yet.
    const busy = net.connect({ port: Number(new URL(server.url).port), host: '127.0.0.1', localAddress: '127.0.2.1' });
    busy.resume();
    await new Promise((resolve) => busy.once('connect', resolve));
    const before = server.app.backups.inFlight;
    busy.write(
      'POST /api/v1/prayer/request HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"request"',
    );
    while (server.app.backups.inFlight === before) await new Promise((resolve) => setImmediate(resolve));
    const idle = await idleSockets(server.url, 59, (index) => `127.0.3.${index + 1}`);
    try {
      expect((await timedGet(server.url, '127.0.0.2')).status).toBe(200);
      expect(idle.sockets[0]!.destroyed || idle.sockets[0]!.readableEnded).toBe(true);
      expect(busy.destroyed || busy.readableEnded).toBe(false);
    } finally {
      idle.close();
      busy.destroy();
    }
  });
});

describe('a connection that never sends its request head', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer(engines()[0]![1], {
      connections: { ...loadConfig({}).connections, headersTimeoutMs: 1000, checkEveryMs: 100 },
    });
  });
  afterAll(() => server.close());

  it('is closed once the head timeout passes (10 s by default)', async () => {
    expect(loadConfig({}).connections.headersTimeoutMs).toBeLessThanOrEqual(10_000);
    const [socket] = (await idleSockets(server.url, 1, '127.0.0.1')).sockets;
    const started = Date.now();
    await new Promise((resolve) => socket!.once('close', resolve));
    expect(Date.now() - started).toBeLessThan(4000);
  });
});

describe('the trusted proxies', () => {
  it('are matched by address, CIDR range and name, and a proxy is not held to one address share', () => {
    const isProxy = proxyMatcher(['10.0.0.1', '10.1.0.0/16', 'loopback']);
    expect(['10.0.0.1', '10.1.200.3', '127.0.0.1', '::1'].map(isProxy)).toEqual([true, true, true, true]);
    expect(['10.0.0.2', '10.2.0.1', '192.168.1.1'].map(isProxy)).toEqual([false, false, false]);
    expect(proxyMatcher(false)('127.0.0.1')).toBe(false);
  });
});
