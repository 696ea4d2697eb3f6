import { createAdmin } from '../auth/admins';
import { engines, startServer, type TestServer } from '../testing/harness';
import { deviceOf } from './device';
import { run } from './cli';
import { createPasswordLink } from './repository';

const CHROME_ON_WINDOWS =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36';
const SAFARI_ON_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1';

describe('device names for the session list', () => {
  it.each([
    [CHROME_ON_WINDOWS, 'Chrome on Windows'],
    [SAFARI_ON_IPHONE, 'Safari on iOS'],
    ['Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0', 'Firefox on Linux'],
    [
      'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_1) AppleWebKit/537.36 Chrome/131.0 Safari/537.36 Edg/131.0',
      'Edge on macOS',
    ],
    ['curl/8.5.0', 'Unknown device'],
    ['', 'Unknown device'],
  ])('%s → %s', (userAgent, device) => expect(deviceOf(userAgent)).toBe(device));
});

describe.each(engines())('my account on %s', (_name, engine) => {
  let server: TestServer;
  let token: string;
  const signIn = async (userAgent: string, password = server.admin.password, email = server.admin.email) => {
    const res = await server.call('POST', '/api/v1/admin/login', {
      json: { email, password },
      headers: { 'user-agent': userAgent },
    });
    expect(res.status).toBe(200);
    return res.body.token as string;
  };

  beforeAll(async () => {
    server = await startServer(engine);
    token = await signIn(CHROME_ON_WINDOWS);
  });
  afterAll(() => server.close());

  it('answers my profile: the administrator there was is an Admin, with an empty name, phone and country', async () => {
    const res = await server.call('GET', '/api/v1/account', { token });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({
      _id: server.admin._id,
      email: server.admin.email,
      name: '',
      phone: '',
      country: '',
      role: 'Admin',
      permissions: ['content', 'finance', 'team'],
      weeklyDigest: true,
    });
    expect((await server.call('GET', '/api/v1/account')).status).toBe(401);
  });

  it('turns my weekly digest off and on; a profile saved without the field leaves it as it is', async () => {
    const profile = { name: 'Fr. Anthony Okafor', email: server.admin.email };
    const digest = async () => (await server.call('GET', '/api/v1/account', { token })).body.data.weeklyDigest;
    const off = await server.call('PUT', '/api/v1/account', { token, json: { ...profile, weeklyDigest: false } });
    expect(off.body.data).toMatchObject({ weeklyDigest: false });
    expect((await server.call('PUT', '/api/v1/account', { token, json: profile })).status).toBe(200);
    expect(await digest()).toBe(false);
    const refused = await server.call('PUT', '/api/v1/account', { token, json: { ...profile, weeklyDigest: 'no' } });
    expect(refused.status).toBe(400);
    expect(await digest()).toBe(false);
    await server.call('PUT', '/api/v1/account', { token, json: { ...profile, weeklyDigest: true } });
    expect(await digest()).toBe(true);
  });

  it('saves the profile, trimmed; refuses a country outside the list, a bad phone, and another account’s email', async () => {
    const profile = {
      name: ' Fr. Anthony Okafor ',
      email: server.admin.email,
      phone: '+234 803 555 0101',
      country: 'Ghana',
    };
    const saved = await server.call('PUT', '/api/v1/account', { token, json: profile });
    expect(saved.status).toBe(200);
    expect(saved.body).toEqual({
      message: 'Profile saved',
      data: expect.objectContaining({ name: 'Fr. Anthony Okafor', phone: '+234 803 555 0101', country: 'Ghana' }),
    });

    await createAdmin(server.db, 'secretary@parish.org', 'secretary password', 12);
    const cases: [Record<string, unknown>, number, string][] = [
      [{ ...profile, country: 'France' }, 400, 'Country must be one of: Nigeria, Ghana, Togo, Cameroon'],
      [{ ...profile, phone: '0'.repeat(41) }, 400, 'Phone must be at most 40 characters long'],
      [{ ...profile, email: 'not an email' }, 400, 'Email must be a valid email address'],
      [{ ...profile, email: 'Secretary@Parish.org' }, 409, 'That email is already used by another account'],
      [{ ...profile, role: 'Admin' }, 400, 'role is not a field this request accepts'],
    ];
    for (const [json, status, message] of cases) {
      const res = await server.call('PUT', '/api/v1/account', { token, json });
      expect({ status: res.status, message: res.body.message }).toEqual({ status, message });
    }
    expect((await server.call('GET', '/api/v1/account', { token })).body.data).toMatchObject({
      email: server.admin.email,
      country: 'Ghana',
    });
  });

  it('lists my sessions with their device, the one in use marked, and signs out one or all the others', async () => {
    const phone = await signIn(SAFARI_ON_IPHONE);
    const third = await signIn('curl/8.5.0');
    const list = await server.call('GET', '/api/v1/account/sessions', { token });
    expect(list.status).toBe(200);
    const sessions = list.body.data as { id: string; device: string; current: boolean; lastUsedAt: string }[];
    expect(sessions.map((session) => session.device).sort()).toEqual(
      expect.arrayContaining(['Chrome on Windows', 'Safari on iOS', 'Unknown device']),
    );
    expect(sessions.filter((session) => session.current).map((session) => session.device)).toEqual([
      'Chrome on Windows',
    ]);
    expect(JSON.stringify(list.body)).not.toContain(token);

    const current = sessions.find((session) => session.current)!;
    expect((await server.call('DELETE', `/api/v1/account/sessions/${current.id}`, { token })).body).toEqual({
      message: 'This is the session you are using: log out to end it',
    });
    const onPhone = sessions.find((session) => session.device === 'Safari on iOS')!;
    expect((await server.call('DELETE', `/api/v1/account/sessions/${onPhone.id}`, { token })).status).toBe(200);
    expect((await server.call('GET', '/api/v1/account', { token: phone })).status).toBe(401);
    expect((await server.call('DELETE', `/api/v1/account/sessions/${onPhone.id}`, { token })).status).toBe(404);

    const others = await server.call('DELETE', '/api/v1/account/sessions', { token });
    expect(others.body.data.signedOut).toBeGreaterThanOrEqual(1);
    expect((await server.call('GET', '/api/v1/account', { token: third })).status).toBe(401);
    expect((await server.call('GET', '/api/v1/account', { token })).status).toBe(200);
  });

  it('changes the password with the current one, and signs out every other session', async () => {
    const other = await signIn(SAFARI_ON_IPHONE);
    const change = (json: Record<string, string>) => server.call('PUT', '/api/v1/account/password', { token, json });
    expect((await change({ currentPassword: 'wrong password', newPassword: 'a long new password' })).body).toEqual({
      message: 'The current password is not correct',
    });
    expect((await change({ currentPassword: server.admin.password, newPassword: 'too short' })).body).toEqual({
      message: 'The new password must be at least 12 characters long',
    });
    expect((await change({ currentPassword: server.admin.password, newPassword: server.admin.password })).body).toEqual(
      { message: 'The new password must differ from the current one' },
    );
    // Nothing changed yet: the other session still works.
    expect((await server.call('GET', '/api/v1/account', { token: other })).status).toBe(200);

    const changed = await change({ currentPassword: server.admin.password, newPassword: 'a long new password' });
    expect(changed.body).toEqual({ message: 'Password changed' });
    expect((await server.call('GET', '/api/v1/account', { token: other })).status).toBe(401);
    expect((await server.call('GET', '/api/v1/account', { token })).status).toBe(200);
    const old = await server.call('POST', '/api/v1/admin/login', {
      json: { email: server.admin.email, password: server.admin.password },
    });
    expect(old.status).toBe(401);
    await signIn('curl/8.5.0', 'a long new password');
    // Back to the suite's password, for the tests after this one.
    await change({ currentPassword: 'a long new password', newPassword: server.admin.password });
  });

  it('sets a password with a one-time link: used once, never after it expired, never a forged one', async () => {
    const adminId = server.admin._id;
    const other = await signIn(SAFARI_ON_IPHONE);
    const set = (json: Record<string, string>) => server.call('POST', '/api/v1/account/set-password', { json });
    const { token: link } = await createPasswordLink(server.db, adminId);
    expect((await set({ token: link, password: 'short' })).body).toEqual({
      message: 'The new password must be at least 12 characters long',
    });
    expect((await set({ token: 'forged-token', password: 'a forgotten one, reset' })).status).toBe(400);
    expect((await set({ token: link, password: 'a forgotten one, reset' })).body).toEqual({
      message: 'Password set. You can now log in.',
    });
    // Every session ended; the link is used up.
    expect((await server.call('GET', '/api/v1/account', { token: other })).status).toBe(401);
    expect((await set({ token: link, password: 'a second try at it' })).body).toEqual({
      message: 'This link is not valid or has expired. Ask for a new one.',
    });
    await signIn('curl/8.5.0', 'a forgotten one, reset');

    const { token: expired } = await createPasswordLink(server.db, adminId, new Date(Date.now() - 49 * 3_600_000));
    expect((await set({ token: expired, password: 'too late for this' })).status).toBe(400);
    const { token: back } = await createPasswordLink(server.db, adminId);
    expect((await set({ token: back, password: server.admin.password })).status).toBe(200);
    token = await signIn(CHROME_ON_WINDOWS);
  });

  it('npm run admin: lists the accounts and prints a reset link that works', async () => {
    const env = {
      DATA_DIR: server.config.dataDir,
      PUBLIC_URL: 'https://office.example.org',
      ...(server.config.databaseUrl
        ? { DATABASE_URL: server.config.databaseUrl, DATABASE_SCHEMA: server.config.databaseSchema }
        : {}),
    };
    const listed = await run(['list'], env);
    expect(listed.join('\n')).toMatch(/admin@example\.com\s+Fr\. Anthony Okafor\s+Admin\s+active/);
    const lines = await run(['reset-password', 'ADMIN@example.com'], env);
    const url = lines.find((line) => line.startsWith('https://office.example.org/set-password?token='))!;
    const linkToken = new URL(url).searchParams.get('token')!;
    const res = await server.call('POST', '/api/v1/account/set-password', {
      json: { token: linkToken, password: server.admin.password },
    });
    expect(res.status).toBe(200);
    await expect(run(['reset-password', 'nobody@example.org'], env)).rejects.toThrow(/No account has the email/);
    await expect(run(['promote'], env)).rejects.toThrow(/usage/);
    token = await signIn(CHROME_ON_WINDOWS);

    // Both are in the activity record: neither was made with a session, so each writes its own line.
    const activity = await server.call('GET', '/api/v1/activity?kind=account&limit=2', { token });
    expect((activity.body.data as { member: string; summary: string }[]).map((entry) => entry.summary)).toEqual([
      'Set their password with a one-time link',
      'Made a password link for “admin@example.com”',
    ]);
    expect(activity.body.data[1].member).toBe('The server (npm run admin)');

    // A deactivated account's link comes with a warning: signing in needs a reactivation first.
    const added = await server.call('POST', '/api/v1/team', {
      token,
      json: { name: 'Brother Tom', email: 'tom@parish.org', role: 'Manager' },
    });
    await server.call('PUT', `/api/v1/team/${added.body.data._id as string}`, { token, json: { active: false } });
    expect((await run(['list'], env)).join('\n')).toMatch(/tom@parish\.org\s+Brother Tom\s+Manager\s+deactivated/);
    expect((await run(['reset-password', 'tom@parish.org'], env)).at(-1)).toBe(
      'This account is deactivated: an Admin must reactivate it in Settings → Team first.',
    );
  });
});
