import type { FastifyInstance } from 'fastify';
import { engines, startServer, type TestServer } from '../testing/harness';
import { AdmissionGate, BUSY_MESSAGE, LagGauge } from './pressure';

/** Keeps the event loop busy for `ms`, as a synchronous write stalled by the disk does. */
function stall(ms: number): void {
  const until = Date.now() + ms;
  while (Date.now() < until);
}

const loginOf = (server: TestServer) => () =>
  server.call('POST', '/api/v1/admin/login', { json: { email: server.admin.email, password: server.admin.password } });
const submitOf = (server: TestServer) => () =>
  server.call('POST', '/api/v1/prayer/request', { json: { request: 'Pray for us' } });

// One slow turn of the event loop is not overload: neither the lag of a start nor a single stalled
// write may refuse the calls that follow it. The limit here is far below the stall, so the stall is
// all that is tested; lag is measured every 50 ms.

describe('a passing stall', () => {
  let server: TestServer;
  const limits = { eventLoopLagLimitMs: 100, pressureSampleMs: 50 };

  afterEach(async () => {
    await server.close();
  });

  it('at start: the first login and prayer request after listening are answered', async () => {
    // The start's own work (migrations, adopting the remotes' builds, the first sweep) holds the loop.
    server = await startServer(engines()[0]![1], limits, () => stall(800));
    const [login, submit] = await Promise.all([loginOf(server)(), submitOf(server)()]);
    expect(login.status).toBe(200);
    expect(submit.status).toBe(201);
  }, 60_000);

  it('later: a single 800 ms stall does not make the next logins and submits answer 503', async () => {
    server = await startServer(engines()[0]![1], limits, (app) => {
      // Test-only: a call whose synchronous work stalls the event loop once.
      app.post('/api/v1/test/stall', async () => {
        stall(800);
        return { ok: true };
      });
    });
    // Past the start (tested above): only the stall is tested here.
    let signedIn = await loginOf(server)();
    for (let tries = 0; signedIn.status !== 200 && tries < 100; tries++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      signedIn = await loginOf(server)();
    }
    const token = (signedIn.body as { token: string }).token;
    const adminList = () => server.call('GET', `/api/v1/prayer/request/${server.admin._id}`, { token });
    for (let round = 0; round < 3; round++) {
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect((await server.call('POST', '/api/v1/test/stall', { json: {} })).status).toBe(200);
      const [login, submit, list] = await Promise.all([loginOf(server)(), submitOf(server)(), adminList()]);
      expect([login.status, submit.status, list.status]).toEqual([200, 201, 200]);
    }
  }, 60_000);
});

describe('LagGauge', () => {
  const limits = { limitMs: 500, hardLimitMs: 2000, windowMs: 2000 };
  /** Samples of `lag` every 250 ms from `from` to `to` (ms, inclusive); returns the level after each. */
  function feed(gauge: LagGauge, lag: number, from: number, to: number): number[] {
    const levels: number[] = [];
    for (let at = from; at <= to; at += 250) {
      gauge.record(lag, at);
      levels.push(gauge.level);
    }
    return levels;
  }

  it('never changes its level for one sample, however large', () => {
    const gauge = new LagGauge(limits);
    feed(gauge, 5, 0, 1000);
    for (const [at, lag] of [
      [1250, 800],
      [5000, 30_000],
      [5250, 2500],
    ] as const) {
      gauge.record(lag, at);
      expect(gauge.level).toBe(0);
      feed(gauge, 5, at + 250, at + 1000);
      expect(gauge.level).toBe(0);
    }
  });

  it('starts shedding once every sample for the window is over the limit, and stops once under half of it', () => {
    const gauge = new LagGauge(limits);
    // Over the limit from 0: the window is full at 2000.
    expect(feed(gauge, 700, 0, 2000)).toEqual([0, 0, 0, 0, 0, 0, 0, 0, 1]);
    // Between half the limit and the limit: it stays on, however long.
    expect(feed(gauge, 300, 2250, 12_000).every((level) => level === 1)).toBe(true);
    // Under half of it for the whole window: off.
    expect(feed(gauge, 200, 12_250, 14_250)).toEqual([1, 1, 1, 1, 1, 1, 1, 1, 0]);
    // Under the limit but not under half of it, after lag: not on again.
    expect(feed(gauge, 400, 14_500, 30_000).every((level) => level === 0)).toBe(true);
  });

  it('starts the window again after any sample under the limit', () => {
    const gauge = new LagGauge(limits);
    feed(gauge, 700, 0, 1750);
    gauge.record(450, 2000);
    expect(gauge.level).toBe(0);
    expect(feed(gauge, 700, 2250, 4250)).toEqual([0, 0, 0, 0, 0, 0, 0, 0, 1]);
    // And a sample not under half the limit starts the calm window again.
    feed(gauge, 100, 4500, 6250);
    gauge.record(300, 6500);
    expect(feed(gauge, 100, 6750, 8750)).toEqual([1, 1, 1, 1, 1, 1, 1, 1, 0]);
  });

  it('goes to the hard level past the hard limit, and back down through the levels', () => {
    const gauge = new LagGauge(limits);
    expect(feed(gauge, 2500, 0, 2000)).toEqual([0, 0, 0, 0, 0, 0, 0, 0, 2]);
    // Under half the hard limit, still over the limit: back to level 1 after the window.
    expect(feed(gauge, 900, 2250, 4250)).toEqual([2, 2, 2, 2, 2, 2, 2, 2, 1]);
    expect(feed(gauge, 100, 4500, 6500)).toEqual([1, 1, 1, 1, 1, 1, 1, 1, 0]);
  });
});

// Sustained overload: the administrators' calls are shed first, with a 503 that says when to retry;
// the logins and the mobile app's submits only past the hard limit; its public reads never. The lag
// samples are given to the gauge with their times (the server's own sampling waits an hour here).

describe('load shedding under sustained overload', () => {
  let server: TestServer;
  let app: FastifyInstance;
  let token: string;
  let clock = 0;
  beforeAll(async () => {
    server = await startServer(
      engines()[0]![1],
      {
        eventLoopLagLimitMs: 500,
        eventLoopLagHardLimitMs: 2000,
        pressureWindowMs: 2000,
        pressureSampleMs: 3_600_000,
      },
      (instance) => (app = instance),
    );
    token = await server.login();
    // A start takes seconds on a loaded machine.
  }, 30_000);
  afterAll(async () => {
    await server.close();
  });

  /** The event loop lags `lag` ms in every sample (every 250 ms) for `ms`. */
  function lagFor(lag: number, ms: number) {
    for (const end = clock + ms; clock < end;) {
      clock += 250;
      app.loadGauge!.record(lag, clock);
    }
  }

  const adminList = () => server.call('GET', `/api/v1/prayer/request/${server.admin._id}`, { token });
  const adminWrite = () =>
    server.call('POST', `/api/v1/add/prayer/${server.admin._id}`, { token, json: { title: 'Peace', prayer: 'Lord' } });
  const massIntention = () =>
    server.call('POST', '/api/v1/mass/intention', {
      json: { fullname: 'Ann Lee', email: 'ann@example.org', intention: 'For my mother' },
    });
  const publicReads = async () => [
    (await server.call('GET', '/api/v1/all/books/')).status,
    (await server.call('GET', '/api/v1/get/prayers')).status,
  ];

  it('sheds the administrators’ calls first, with Retry-After and words saying when to retry', async () => {
    lagFor(700, 2250);
    expect(app.loadGauge!.level).toBe(1);
    for (const shed of [await adminList(), await adminWrite()]) {
      expect(shed.status).toBe(503);
      expect(shed.headers.get('retry-after')).toBe('2');
      expect(shed.body).toEqual({ message: 'The server is busy. Please try again in 2 seconds.' });
    }
    expect(BUSY_MESSAGE).toBe('The server is busy. Please try again in 2 seconds.');
    // The logins and the mobile app's submits and reads still pass.
    expect((await loginOf(server)()).status).toBe(200);
    expect((await submitOf(server)()).status).toBe(201);
    expect((await massIntention()).status).toBe(201);
    expect(await publicReads()).toEqual([200, 200]);
  });

  it('past the hard limit, sheds the logins and submits too, never the public reads', async () => {
    lagFor(2500, 2250);
    expect(app.loadGauge!.level).toBe(2);
    for (const shed of [await loginOf(server)(), await submitOf(server)(), await massIntention(), await adminList()]) {
      expect(shed.status).toBe(503);
      expect(shed.headers.get('retry-after')).toBe('2');
      expect(shed.body).toEqual({ message: BUSY_MESSAGE });
    }
    expect(await publicReads()).toEqual([200, 200]);
  });

  it('serves everything again once the lag has stayed low for the window', async () => {
    lagFor(50, 2250);
    expect(app.loadGauge!.level).toBe(0);
    expect((await adminList()).status).toBe(200);
    expect((await adminWrite()).status).toBe(201);
    expect((await loginOf(server)()).status).toBe(200);
    expect((await submitOf(server)()).status).toBe(201);
  });
});

// The same with the server's own measure of the lag: a flood of heavy work, sustained.

describe('load shedding, measured', () => {
  let server: TestServer;
  let lagging: NodeJS.Timeout | undefined;
  beforeAll(async () => {
    server = await startServer(
      engines()[0]![1],
      { eventLoopLagLimitMs: 40, eventLoopLagHardLimitMs: 5000, pressureWindowMs: 300, pressureSampleMs: 50 },
      (app) => {
        // Test-only: keeps the event loop busy 95 ms out of every 100 ms, as a flood of heavy calls would.
        app.post('/api/v1/test/lag', async (request) => {
          clearInterval(lagging);
          if ((request.body as { on: boolean }).on) lagging = setInterval(() => stall(95), 100);
          return { ok: true };
        });
      },
    );
  }, 30_000);
  afterAll(async () => {
    clearInterval(lagging);
    await server.close();
  });

  /** Asks until the answer has the wanted status (lag is measured every 50 ms, on a shared machine). */
  async function eventually<T extends { status: number }>(ask: () => Promise<T>, status: number): Promise<T> {
    const until = Date.now() + 10_000;
    for (;;) {
      const answer = await ask();
      if (answer.status === status || Date.now() > until) return answer;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  it('sheds the administrators’ calls while the loop lags, keeps the logins and public reads, and recovers', async () => {
    const token = await server.login();
    const adminList = () => server.call('GET', `/api/v1/prayer/request/${server.admin._id}`, { token });
    expect((await adminList()).status).toBe(200);

    await server.call('POST', '/api/v1/test/lag', { json: { on: true } });
    const shed = await eventually(adminList, 503);
    expect(shed.status).toBe(503);
    expect(shed.headers.get('retry-after')).toBe('2');
    expect((await loginOf(server)()).status).toBe(200);
    expect((await submitOf(server)()).status).toBe(201);
    expect((await server.call('GET', '/api/v1/all/books/')).status).toBe(200);

    clearInterval(lagging);
    expect((await eventually(adminList, 200)).status).toBe(200);
  }, 30_000);
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
  }, 30_000);
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
