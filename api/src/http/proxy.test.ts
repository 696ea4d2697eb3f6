import { loadConfig } from '../config';
import { engines, startServer } from '../testing/harness';

// A client may not pick its own address: only the proxies named in TRUST_PROXY are believed, which
// the rate limits rely on.

describe('the client address behind a proxy', () => {
  const loginStatuses = async (trustProxy: string, forwarded: (attempt: number) => string) => {
    const server = await startServer(engines()[0]![1], {
      trustProxy: loadConfig({ TRUST_PROXY: trustProxy }).trustProxy,
      loginRateMax: 3,
    });
    try {
      const statuses: number[] = [];
      for (let attempt = 0; attempt < 6; attempt++) {
        const res = await server.call('POST', '/api/v1/admin/login', {
          json: { email: 'admin@example.com', password: 'wrong password' },
          headers: { 'x-forwarded-for': forwarded(attempt) },
        });
        statuses.push(res.status);
      }
      return statuses;
    } finally {
      await server.close();
    }
  };

  it('with the proxy named (loopback here), varying the left-most X-Forwarded-For does not escape the login limit', async () => {
    expect(await loginStatuses('127.0.0.1', (attempt) => `10.9.${attempt}.1, 203.0.113.7`)).toEqual([
      401, 401, 401, 429, 429, 429,
    ]);
  });

  it('a client connecting directly, not through a named proxy, cannot pick its address with X-Forwarded-For', async () => {
    expect(await loginStatuses('10.0.0.1, 10.1.0.0/16', (attempt) => `203.0.113.${attempt}`)).toEqual([
      401, 401, 401, 429, 429, 429,
    ]);
  });

  it('refuses a hop count or "true": only the proxies named are trusted', () => {
    // A count trusts the right-most hop whoever connects, so a client reaching the server directly
    // could rotate its address through every rate limit.
    for (const value of ['1', '2', 'true', 'everyone']) {
      expect(() => loadConfig({ TRUST_PROXY: value })).toThrow(/TRUST_PROXY must name the reverse proxies/);
    }
    expect(loadConfig({ TRUST_PROXY: '10.0.0.1, 10.1.0.0/16' }).trustProxy).toEqual(['10.0.0.1', '10.1.0.0/16']);
    expect(loadConfig({ TRUST_PROXY: 'loopback' }).trustProxy).toEqual(['loopback']);
    expect(loadConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(false);
  });
});
