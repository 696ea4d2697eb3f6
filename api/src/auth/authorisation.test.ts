import { randomBytes } from 'node:crypto';
import { createAdmin } from '../auth/admins';
import { timestamp } from '../db/ids';
import { hashToken } from '../auth/tokens';
import { engines, startServer, type TestServer } from '../testing/harness';
import { operationsOf, pathWith, type Operation } from '../testing/openapi';
import { kindOf, seedOneOfEach } from '../testing/records';
import { storedState } from '../testing/snapshot';

// Every protected operation of the OpenAPI document × every way of not being the administrator:
// refused (401, or 403 for another account's path) and nothing stored changes. The database holds a
// record of every kind, and each call names a real one, so that a call let through would show.

describe.each(engines())('authorisation on %s', (_name, engine) => {
  let server: TestServer;
  let operations: Operation[];
  const credentials: Record<string, { header?: string; userId: () => string; status: number }> = {};

  let records: Awaited<ReturnType<typeof seedOneOfEach>>;

  beforeAll(async () => {
    server = await startServer(engine);
    operations = (await operationsOf(server)).filter((operation) => operation.protected);
    const admin = server.admin._id;
    records = await seedOneOfEach(server, await server.login());
    // Another real account: its session must not reach this one's path, nor this one's its own.
    const otherId = await createAdmin(
      server.db,
      'other@example.com',
      'another password 12',
      server.config.passwordHashCost,
    );
    const otherLogin = await server.call('POST', '/api/v1/admin/login', {
      json: { email: 'other@example.com', password: 'another password 12' },
    });
    const other = otherLogin.body.token as string;
    // A revoked session: logged out. An expired one: its end moved into the past.
    const revoked = await server.login();
    await server.call('GET', '/api/v1/auth/logout', { token: revoked });
    const expired = await server.login();
    await server.db.kysely
      .updateTable('tokens')
      .set({ expiresAt: timestamp(new Date(Date.now() - 1000)) })
      .where('tokenHash', '=', hashToken(expired))
      .execute();
    const valid = await server.login();
    Object.assign(credentials, {
      'no token': { userId: () => admin, status: 401 },
      'a malformed header': { header: `Token ${valid}`, userId: () => admin, status: 401 },
      'a forged token': { header: `Bearer ${randomBytes(32).toString('base64url')}`, userId: () => admin, status: 401 },
      'a revoked token': { header: `Bearer ${revoked}`, userId: () => admin, status: 401 },
      'an expired token': { header: `Bearer ${expired}`, userId: () => admin, status: 401 },
      "another account's id in the path": { header: `Bearer ${valid}`, userId: () => otherId, status: 403 },
      "another account's session on this one's path": { header: `Bearer ${other}`, userId: () => admin, status: 403 },
      'an id that is no account': { header: `Bearer ${valid}`, userId: () => 'ffffffffffffffffffffffff', status: 403 },
    });
  });
  afterAll(() => server.close());

  it('the document names the protected operations (every write and admin read)', () => {
    expect(operations.length).toBeGreaterThan(30);
    expect(operations.map((operation) => `${operation.method} ${operation.path}`)).toEqual(
      expect.arrayContaining([
        'DELETE /api/v1/all/prayer/request/{userId}',
        'POST /api/v1/add/book/{userId}',
        'GET /api/v1/prayer/request/{userId}',
      ]),
    );
  });

  it('refuses every protected operation for every credential that is not the administrator, changing nothing', async () => {
    const before = await storedState(server);
    const wrong: string[] = [];
    for (const [credential, { header, userId, status }] of Object.entries(credentials)) {
      for (const operation of operations) {
        // Another account's id only means something where the path names an account.
        if (status === 403 && !operation.parameters.includes('userId')) continue;
        // The record the path speaks of (a real one), for every parameter but the account's.
        const kind = kindOf(server, operation);
        const record = (kind && records[kind]) ?? 'aaaaaaaaaaaaaaaaaaaaaaaa';
        const values = Object.fromEntries(operation.parameters.map((name) => [name, record]));
        values.userId = userId();
        const headers: Record<string, string> = header ? { authorization: header } : {};
        const body = operation.body?.kind === 'json' ? { json: {} } : {};
        const res = await server.call(operation.method, pathWith(operation, values), { headers, ...body });
        if (res.status !== status) wrong.push(`${credential}: ${operation.method} ${operation.path} → ${res.status}`);
      }
    }
    expect(wrong).toEqual([]);
    expect(await storedState(server)).toBe(before);
  });
});
