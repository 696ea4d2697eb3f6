import { engines, startServer, type TestServer } from '../testing/harness';

describe.each(engines())('GET /api/v1/analytics/:userId on %s', (_name, engine) => {
  let server: TestServer;
  let token: string;
  beforeAll(async () => {
    server = await startServer(engine);
    token = await server.login();
  });
  afterAll(() => server.close());

  it('answers every dashboard figure, 0 (or null) while the server stores none of their sources', async () => {
    const res = await server.call('GET', `/api/v1/analytics/${server.admin._id}`, { token });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      message: expect.any(String),
      data: {
        totalUsers: 0,
        totalBooks: 0,
        newUsers: 0,
        newBooks: 0,
        mostDownloadedBook: null,
        totalUsersFollowingReadingPlan: 0,
        percentageOfUsersCompletingDailyReadings: 0,
        dropOffRate: 0,
        totalPrayerRequests: 0,
        totalPrayerRequestsResponded: 0,
      },
    });
  });

  it('answers 401 without a token', async () => {
    const res = await server.call('GET', `/api/v1/analytics/${server.admin._id}`);
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ message: expect.stringMatching(/log in/i) });
  });

  it('answers 401 for a forged token, also with the Bearer scheme missing', async () => {
    const forged = await server.call('GET', `/api/v1/analytics/${server.admin._id}`, { token: 'a'.repeat(43) });
    expect(forged.status).toBe(401);
    const raw = await server.call('GET', `/api/v1/analytics/${server.admin._id}`, {
      headers: { authorization: token },
    });
    expect(raw.status).toBe(401);
  });

  it('answers 403 for another user id', async () => {
    const res = await server.call('GET', '/api/v1/analytics/0123456789abcdef01234567', { token });
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ message: 'You may only act on your own account' });
  });

  it.each(['garbage', "1' OR '1'='1", '%E2%9C%9D', '%00', 'x'.repeat(100)])(
    'answers 403 (never 500) for the id %s',
    async (id) => {
      const res = await server.call('GET', `/api/v1/analytics/${id}`, { token });
      expect(res.status).toBe(403);
      expect(res.body).toEqual({ message: 'You may only act on your own account' });
    },
  );

  it('answers 414 with a message for an absurdly long id', async () => {
    const res = await server.call('GET', `/api/v1/analytics/${'x'.repeat(500)}`, { token });
    expect(res.status).toBe(414);
    expect(res.body).toEqual({ message: 'A part of the address is too long' });
  });

  it('answers 400 with a message for a wrongly encoded id', async () => {
    const res = await server.call('GET', '/api/v1/analytics/%E0%A4%A', { token });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ message: expect.stringMatching(/address is not valid/) });
  });
});
