import type { AddressInfo } from 'node:net';
import { buildApp } from '../app';
import { timestamp } from '../db/ids';
import { engines, startServer, type TestServer } from '../testing/harness';
import { hashPassword } from './password';
import { hashToken } from './tokens';

describe.each(engines())('auth on %s', (_name, engine) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer(engine);
  });
  afterAll(() => server.close());

  describe('POST /api/v1/admin/login', () => {
    it('answers the token and the admin as doesUserEmailExist', async () => {
      const res = await server.call('POST', '/api/v1/admin/login', {
        json: { email: server.admin.email, password: server.admin.password },
      });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({
        message: 'Login Successful',
        token: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
        doesUserEmailExist: { _id: server.admin._id, email: server.admin.email },
      });
      expect(server.admin._id).toMatch(/^[0-9a-f]{24}$/);
    });

    it('upgrades a hash made at a lower cost once the password is known, and keeps it working', async () => {
      const weak = await hashPassword(server.admin.password, 10);
      await server.db.kysely
        .updateTable('admins')
        .set({ passwordHash: weak })
        .where('_id', '=', server.admin._id)
        .execute();
      const login = () =>
        server.call('POST', '/api/v1/admin/login', {
          json: { email: server.admin.email, password: server.admin.password },
        });
      expect((await login()).status).toBe(200);
      const stored = await server.db.kysely
        .selectFrom('admins')
        .select('passwordHash')
        .where('_id', '=', server.admin._id)
        .executeTakeFirstOrThrow();
      expect(stored.passwordHash).toMatch(new RegExp(`^scrypt\\$${2 ** server.config.passwordHashCost}\\$8\\$1\\$`));
      expect((await login()).status).toBe(200);
    });

    it('accepts the email in another case and with spaces around it', async () => {
      const res = await server.call('POST', '/api/v1/admin/login', {
        json: { email: '  ADMIN@Example.com ', password: server.admin.password },
      });
      expect(res.status).toBe(200);
    });

    it('answers 401 for a wrong password or an unknown email, with the same words', async () => {
      for (const json of [
        { email: server.admin.email, password: 'wrong password' },
        { email: 'nobody@example.com', password: server.admin.password },
      ]) {
        const res = await server.call('POST', '/api/v1/admin/login', { json });
        expect(res.status).toBe(401);
        expect(res.body).toEqual({ message: 'Invalid email or password' });
      }
    });

    it.each([
      [{ password: 'x' }, 'Email is required'],
      [{ email: 'admin@example.com' }, 'Password is required'],
      [{ email: 'not-an-email', password: 'x' }, 'Email must be a valid email address'],
      [{ email: 'admin@example.com', password: '' }, 'Password is required'],
      [{ email: { a: 1 }, password: 'x' }, 'Email must be text'],
      [[], 'The request body must be a JSON object'],
    ])('answers 400 naming the field for %j', async (json, message) => {
      const res = await server.call('POST', '/api/v1/admin/login', { json });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ message });
    });

    it('answers 400 for a login without a body', async () => {
      const res = await server.call('POST', '/api/v1/admin/login');
      expect(res.status).toBe(400);
      expect(res.body.message).toMatch(/body/i);
    });
  });

  describe('GET /api/v1/auth/logout', () => {
    it('revokes the token: the same token then gets 401', async () => {
      const token = await server.login();
      const path = `/api/v1/analytics/${server.admin._id}`;
      expect((await server.call('GET', path, { token })).status).toBe(200);

      const res = await server.call('GET', '/api/v1/auth/logout', { token });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ message: 'Logout Successful' });

      const after = await server.call('GET', path, { token });
      expect(after.status).toBe(401);
      expect(after.body.message).toMatch(/log in again/);
      expect((await server.call('GET', '/api/v1/auth/logout', { token })).status).toBe(401);
    });

    it('leaves other sessions alive', async () => {
      const first = await server.login();
      const second = await server.login();
      await server.call('GET', '/api/v1/auth/logout', { token: first });
      expect((await server.call('GET', `/api/v1/analytics/${server.admin._id}`, { token: second })).status).toBe(200);
    });

    it('answers 401 without a token or with a forged one', async () => {
      const none = await server.call('GET', '/api/v1/auth/logout');
      expect(none.status).toBe(401);
      expect(none.body.message).toMatch(/log in/i);
      const forged = await server.call('GET', '/api/v1/auth/logout', { token: 'forged-token' });
      expect(forged.status).toBe(401);
    });
  });

  describe('tokens', () => {
    it('are stored hashed, never in clear', async () => {
      const token = await server.login();
      const rows = await server.db.kysely.selectFrom('tokens').select('tokenHash').execute();
      expect(rows.map((r) => r.tokenHash)).toContain(hashToken(token));
      expect(rows.map((r) => r.tokenHash)).not.toContain(token);
    });

    it('stop working once expired', async () => {
      const token = await server.login();
      await server.db.kysely
        .updateTable('tokens')
        .set({ expiresAt: timestamp(new Date(Date.now() - 1000)) })
        .where('tokenHash', '=', hashToken(token))
        .execute();
      const res = await server.call('GET', `/api/v1/analytics/${server.admin._id}`, { token });
      expect(res.status).toBe(401);
    });

    it('expire after TOKEN_TTL_HOURS', async () => {
      const token = await server.login();
      const row = await server.db.kysely
        .selectFrom('tokens')
        .selectAll()
        .where('tokenHash', '=', hashToken(token))
        .executeTakeFirstOrThrow();
      const hours = (Date.parse(row.expiresAt) - Date.parse(row.createdAt)) / 3_600_000;
      expect(hours).toBe(server.config.tokenTtlHours);
      expect(server.config.tokenTtlHours).toBe(12);
    });
  });
});

describe.each(engines())('login rate limit on %s', (_name, engine) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer(engine, { loginRateMax: 3, loginRateWindowMs: 60_000 });
  });
  afterAll(() => server.close());

  it('answers 429 with a clear message after LOGIN_RATE_MAX attempts', async () => {
    const attempt = () =>
      server.call('POST', '/api/v1/admin/login', { json: { email: server.admin.email, password: 'guess' } });
    for (let i = 0; i < 3; i += 1) expect((await attempt()).status).toBe(401);
    const res = await attempt();
    expect(res.status).toBe(429);
    expect(res.body).toEqual({
      message: expect.stringMatching(/^Too many login attempts\. Please wait \d+ seconds? and try again\.$/),
    });
    // Even the right password waits.
    const right = await server.call('POST', '/api/v1/admin/login', {
      json: { email: server.admin.email, password: server.admin.password },
    });
    expect(right.status).toBe(429);
  });

  it('is one limit for every server instance sharing the database, and starts again once its window ends', async () => {
    // A second instance of the server beside the first, on the same database.
    const other = await buildApp(server.config, { db: server.db });
    await other.listen({ port: 0, host: '127.0.0.1' });
    try {
      const otherUrl = `http://127.0.0.1:${(other.server.address() as AddressInfo).port}`;
      const attempt = (url: string) =>
        fetch(`${url}/api/v1/admin/login`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ email: server.admin.email, password: 'guess' }),
        }).then((res) => res.status);
      // The window of the test above is over: both instances start from zero.
      await server.db.kysely.deleteFrom('rateLimits').execute();
      expect([await attempt(server.url), await attempt(otherUrl), await attempt(server.url)]).toEqual([401, 401, 401]);
      expect([await attempt(otherUrl), await attempt(server.url)]).toEqual([429, 429]);
      // An ended window opens a new one.
      await server.db.kysely
        .updateTable('rateLimits')
        .set({ windowEnds: Date.now() - 1 })
        .execute();
      expect(await attempt(otherUrl)).toBe(401);
    } finally {
      await other.close();
    }
  });
});
