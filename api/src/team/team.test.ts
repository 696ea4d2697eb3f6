import { engines, startServer, type TestServer } from '../testing/harness';

describe.each(engines())('the team on %s', (_name, engine) => {
  let server: TestServer;
  let token: string;
  const login = (email: string, password: string) =>
    server.call('POST', '/api/v1/admin/login', { json: { email, password } });
  /** Sets a password at the link the server answered, as the member would. */
  const accept = async (url: string, password: string) => {
    const res = await server.call('POST', '/api/v1/account/set-password', {
      json: { token: new URL(url).searchParams.get('token'), password },
    });
    expect(res.status).toBe(200);
  };

  beforeAll(async () => {
    server = await startServer(engine, { publicUrl: 'https://office.example.org' });
    token = await server.login();
  });
  afterAll(() => server.close());

  it('adds a member with a one-time link to set their password; the member signs in with its role', async () => {
    const added = await server.call('POST', '/api/v1/team', {
      token,
      json: { name: ' Sister Grace ', email: 'Grace@Parish.org', role: 'Manager' },
    });
    expect(added.status).toBe(201);
    expect(added.body.data).toMatchObject({
      name: 'Sister Grace',
      email: 'grace@parish.org',
      role: 'Manager',
      active: true,
    });
    expect(added.body.link.url).toMatch(/^https:\/\/office\.example\.org\/set-password\?token=[\w-]{43}$/);
    // No one knows the password until the link is used.
    await accept(added.body.link.url as string, 'grace sets her own');
    const signedIn = await login('grace@parish.org', 'grace sets her own');
    expect(signedIn.status).toBe(200);
    const account = await server.call('GET', '/api/v1/account', { token: signedIn.body.token as string });
    expect(account.body.data.role).toBe('Manager');

    const again = await server.call('POST', '/api/v1/team', {
      token,
      json: { name: 'Someone', email: 'grace@parish.org', role: 'Guest User' },
    });
    expect(again.status).toBe(409);
    const list = await server.call('GET', '/api/v1/team', { token });
    expect(list.body.data.map((member: { email: string }) => member.email)).toEqual([
      server.admin.email,
      'grace@parish.org',
    ]);
  });

  it('only an Admin manages the team', async () => {
    const grace = (await login('grace@parish.org', 'grace sets her own')).body.token as string;
    for (const [method, path] of [
      ['GET', '/api/v1/team'],
      ['POST', '/api/v1/team'],
      ['PUT', `/api/v1/team/${server.admin._id}`],
    ] as const) {
      const res = await server.call(method, path, { token: grace, json: method === 'GET' ? undefined : {} });
      expect({ status: res.status, message: res.body.message }).toEqual({
        status: 403,
        message: 'Only an Admin can manage the team',
      });
    }
  });

  it('changes a role; a deactivated member is signed out at once and cannot sign in until reactivated', async () => {
    const members = (await server.call('GET', '/api/v1/team', { token })).body.data as { _id: string; email: string }[];
    const grace = members.find((member) => member.email === 'grace@parish.org')!;
    const session = (await login('grace@parish.org', 'grace sets her own')).body.token as string;
    const change = (json: Record<string, unknown>) => server.call('PUT', `/api/v1/team/${grace._id}`, { token, json });

    expect((await change({ role: 'Guest User' })).body).toMatchObject({
      message: 'Role changed',
      data: { role: 'Guest User' },
    });
    const refused = await server.call('POST', `/api/v1/add/prayer/${grace._id}`, {
      token: session,
      json: { title: 'Angelus', prayer: 'The angel' },
    });
    expect(refused.status).toBe(403);

    expect((await change({ active: false })).body).toMatchObject({
      message: 'Member deactivated',
      data: { active: false },
    });
    expect((await server.call('GET', '/api/v1/account', { token: session })).status).toBe(401);
    expect((await login('grace@parish.org', 'grace sets her own')).body).toEqual({
      message: 'This account is deactivated. Ask an Admin to reactivate it.',
    });
    expect((await change({ active: true })).body.message).toBe('Member reactivated');
    expect((await login('grace@parish.org', 'grace sets her own')).status).toBe(200);
    expect((await server.call('PUT', '/api/v1/team/aaaaaaaaaaaaaaaaaaaaaaaa', { token, json: {} })).status).toBe(404);
  });

  it('keeps the last active Admin: neither demoted nor deactivated, saying why', async () => {
    const self = (json: Record<string, unknown>) =>
      server.call('PUT', `/api/v1/team/${server.admin._id}`, { token, json });
    for (const json of [{ role: 'Manager' }, { active: false }]) {
      expect((await self(json)).body).toEqual({
        message: 'The last active Admin can be neither demoted nor deactivated: make another member an Admin first',
      });
    }
    const members = (await server.call('GET', '/api/v1/team', { token })).body.data as { _id: string; email: string }[];
    const grace = members.find((member) => member.email === 'grace@parish.org')!;
    await server.call('PUT', `/api/v1/team/${grace._id}`, { token, json: { role: 'Admin' } });
    expect((await self({ role: 'Manager' })).status).toBe(200);
    // Back: this suite's administrator stays an Admin for the tests after it.
    const graceToken = (await login('grace@parish.org', 'grace sets her own')).body.token as string;
    await server.call('PUT', `/api/v1/team/${server.admin._id}`, { token: graceToken, json: { role: 'Admin' } });
  });

  it('keeps one Admin when two demote each other at the same moment', async () => {
    // Two active Admins: this suite's administrator and Paul.
    const others = (await server.call('GET', '/api/v1/team', { token })).body.data as { _id: string; role: string }[];
    for (const other of others.filter((member) => member.role === 'Admin' && member._id !== server.admin._id)) {
      await server.call('PUT', `/api/v1/team/${other._id}`, { token, json: { role: 'Manager' } });
    }
    const added = await server.call('POST', '/api/v1/team', {
      token,
      json: { name: 'Fr. Paul', email: 'paul@parish.org', role: 'Admin' },
    });
    const paul = added.body.data._id as string;
    await accept(added.body.link.url as string, 'paul sets his own password');
    const paulToken = (await login('paul@parish.org', 'paul sets his own password')).body.token as string;
    // A race: a few rounds, so that a check apart from its change would be caught.
    for (let round = 0; round < 5; round++) {
      const answers = await Promise.all([
        server.call('PUT', `/api/v1/team/${paul}`, { token, json: { role: 'Manager' } }),
        server.call('PUT', `/api/v1/team/${server.admin._id}`, { token: paulToken, json: { role: 'Manager' } }),
      ]);
      // One goes through; the other is refused, as the last Admin (409) or, if the first came first, as
      // no Admin any more (403).
      expect(answers.filter((answer) => answer.status === 200)).toHaveLength(1);
      expect(answers.filter((answer) => answer.status === 403 || answer.status === 409)).toHaveLength(1);
      const [adminLeft, demoted] = answers[0].status === 200 ? [token, paul] : [paulToken, server.admin._id];
      const members = (await server.call('GET', '/api/v1/team', { token: adminLeft })).body.data as {
        role: string;
        active: boolean;
      }[];
      expect(members.filter((member) => member.role === 'Admin' && member.active)).toHaveLength(1);
      // Both Admins again for the next round.
      await server.call('PUT', `/api/v1/team/${demoted}`, {
        token: adminLeft,
        json: { role: 'Admin' },
      });
    }
    // Paul goes; this suite's administrator stays an Admin.
    await server.call('PUT', `/api/v1/team/${paul}`, { token, json: { role: 'Manager', active: false } });
  });

  it('makes a new link for a member who lost theirs', async () => {
    const members = (await server.call('GET', '/api/v1/team', { token })).body.data as { _id: string; email: string }[];
    const grace = members.find((member) => member.email === 'grace@parish.org')!;
    const res = await server.call('POST', `/api/v1/team/${grace._id}/link`, { token });
    expect(res.status).toBe(201);
    await accept(res.body.link.url as string, 'a brand new password');
    expect((await login('grace@parish.org', 'a brand new password')).status).toBe(200);
  });
});
