import { engines, startServer, type TestServer } from '../testing/harness';
import { BUSY_MESSAGE } from './pressure';

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
