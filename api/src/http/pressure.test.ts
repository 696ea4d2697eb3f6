import { engines, startServer, type TestServer } from '../testing/harness';
import { AdmissionGate, BUSY_MESSAGE } from './pressure';

// Load shedding: while the event loop lags, the administrator's calls get a 503 with Retry-After at
// once, and the mobile app's public reads are still served.

describe('load shedding', () => {
  let server: TestServer;
  let lagging: NodeJS.Timeout | undefined;
  beforeAll(async () => {
    server = await startServer(engines()[0]![1], { eventLoopLagLimitMs: 40, pressureSampleMs: 50 }, (app) => {
      // Test-only: keeps the event loop busy 95 ms out of every 100 ms, as a flood of heavy calls would.
      app.post('/api/v1/test/lag', async (request) => {
        clearInterval(lagging);
        if ((request.body as { on: boolean }).on) {
          lagging = setInterval(() => {
            const until = Date.now() + 95;
            while (Date.now() < until);
          }, 100);
        }
        return { ok: true };
      });
    });
  });
  afterAll(async () => {
    clearInterval(lagging);
    await server.close();
  });

  /** Asks until the answer has the wanted status (lag is measured every 50 ms, on a shared machine). */
  async function eventually(ask: () => Promise<{ status: number }>, status: number) {
    const until = Date.now() + 10_000;
    for (;;) {
      const answer = await ask();
      if (answer.status === status || Date.now() > until) return answer;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  it('sheds the administrator calls with a 503 and Retry-After, keeps the public reads, and recovers', async () => {
    const login = () =>
      server.call('POST', '/api/v1/admin/login', {
        json: { email: server.admin.email, password: server.admin.password },
      });
    const token = (await eventually(login, 200)) as { status: number; body: { token: string } };
    const adminList = () =>
      server.call('GET', `/api/v1/prayer/request/${server.admin._id}`, { token: token.body.token });
    expect((await eventually(adminList, 200)).status).toBe(200);

    await server.call('POST', '/api/v1/test/lag', { json: { on: true } });
    const shed = (await eventually(adminList, 503)) as Awaited<ReturnType<typeof adminList>>;
    expect(shed.status).toBe(503);
    expect(shed.headers.get('retry-after')).toBe('2');
    expect(shed.body).toEqual({ message: BUSY_MESSAGE });
    const submit = () => server.call('POST', '/api/v1/prayer/request', { json: { request: 'Pray for us' } });
    expect((await eventually(submit, 503)).status).toBe(503);
    // The public reads are never shed.
    for (let i = 0; i < 5; i++) {
      expect((await server.call('GET', '/api/v1/all/books/')).status).toBe(200);
      expect((await server.call('GET', '/api/v1/get/prayers')).status).toBe(200);
    }

    clearInterval(lagging);
    expect((await eventually(adminList, 200)).status).toBe(200);
  });
});

// Admission control: the administrators' reads are admitted a few at a time, the rest wait in order
// (or, past the queue, are refused at once), and the mobile app's reads never wait behind them.

describe('admission of the administrators’ reads', () => {
  let server: TestServer;
  let token: string;
  const held: (() => void)[] = [];
  const started: string[] = [];
  const arrived: string[] = [];
  beforeAll(async () => {
    server = await startServer(engines()[0]![1], { adminReadsAtOnce: 1, adminReadsQueue: 2 }, (app) => {
      // Test-only: which held reads have reached the server (their admission runs in the same turn).
      app.addHook('onRequest', (request, _reply, done) => {
        const name = /\/test\/held\/([^/?]+)/.exec(request.url)?.[1];
        if (name) arrived.push(name);
        done();
      });
      // Test-only: an administrators' read that stays in progress until the test lets it answer.
      app.get('/api/v1/test/held/:name', { schema: { security: [{ bearerAuth: [] }] } }, async (request) => {
        const { name } = request.params as { name: string };
        started.push(name);
        await new Promise<void>((resolve) => held.push(resolve));
        return { name };
      });
    });
    token = await server.login();
  });
  afterAll(async () => {
    for (const release of held) release();
    await server.close();
  });

  const heldRead = (name: string, signal?: AbortSignal) =>
    fetch(`${server.url}/api/v1/test/held/${name}`, { headers: { authorization: `Bearer ${token}` }, signal });

  async function until(condition: () => boolean) {
    for (let i = 0; i < 1000 && !condition(); i++) await new Promise((resolve) => setTimeout(resolve, 10));
    expect(condition()).toBe(true);
  }
  /** Waits until the named reads have reached the gate (queued or started). */
  const reached = (...names: string[]) => until(() => names.every((name) => arrived.includes(name)));

  it('admits one at a time, queues the next, refuses past the queue, and keeps serving public reads', async () => {
    const first = heldRead('first');
    await until(() => started.length === 1);
    const second = heldRead('second');
    const third = heldRead('third');
    await reached('second', 'third');
    // The queue (two places) is full: a fourth read is refused before its work starts.
    const fourth = await heldRead('fourth');
    expect(fourth.status).toBe(503);
    expect(fourth.headers.get('retry-after')).toBe('2');
    expect(await fourth.json()).toEqual({ message: BUSY_MESSAGE });
    // The mobile app's reads do not wait behind them.
    expect((await server.call('GET', '/api/v1/all/books/')).status).toBe(200);
    expect(started).toEqual(['first']);

    for (const [index, answer] of [first, second, third].entries()) {
      await until(() => started.length === index + 1);
      held.shift()!();
      expect((await answer).status).toBe(200);
    }
    expect(started).toEqual(['first', 'second', 'third']);
  });

  it('gives the place of a client that went away, queued or in progress, to the next', async () => {
    started.length = 0;
    const inProgress = new AbortController();
    const first = heldRead('gone-in-progress', inProgress.signal).catch(() => 'aborted');
    await until(() => started.length === 1);
    const queued = new AbortController();
    const second = heldRead('gone-while-queued', queued.signal).catch(() => 'aborted');
    await reached('gone-while-queued');
    queued.abort();
    inProgress.abort();
    expect(await first).toBe('aborted');
    expect(await second).toBe('aborted');
    // Both places are free once the server hears of it: the next read starts, and the one that left the
    // queue never did.
    const next = heldRead('next');
    await until(() => started.includes('next'));
    expect(started).toEqual(['gone-in-progress', 'next']);
    held.splice(0).forEach((release) => release());
    expect((await next).status).toBe(200);
  });
});

describe('AdmissionGate', () => {
  const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

  it('starts at most `limit` calls in one turn of the event loop, even when each ends at once', async () => {
    const gate = new AdmissionGate(2, 10);
    const turns: number[] = [];
    let turn = 0;
    const leaves: (() => void)[] = [];
    for (let i = 0; i < 5; i++) {
      // Each call's work ends within the turn it started in, as a cached answer's does.
      leaves[i] = gate.enter(() => {
        turns.push(turn);
        queueMicrotask(() => leaves[i]!());
      })!;
    }
    await Promise.resolve();
    expect(turns).toEqual([0, 0]);
    turn = 1;
    await nextTurn();
    expect(turns).toEqual([0, 0, 1, 1]);
    turn = 2;
    await nextTurn();
    expect(turns).toEqual([0, 0, 1, 1, 2]);
    expect(gate.queued).toBe(0);
  });

  it('refuses past the queue and skips the calls that left it', async () => {
    const gate = new AdmissionGate(1, 2);
    const admitted: string[] = [];
    const leaveA = gate.enter(() => admitted.push('a'))!;
    const leaveB = gate.enter(() => admitted.push('b'))!;
    gate.enter(() => admitted.push('c'));
    expect(gate.enter(() => admitted.push('d'))).toBeUndefined();
    leaveB();
    leaveA();
    await new Promise((resolve) => setImmediate(resolve));
    expect(admitted).toEqual(['a', 'c']);
  });
});
