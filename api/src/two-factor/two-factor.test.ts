import { URI, type TOTP } from 'otpauth';
import { createAdmin } from '../auth/admins';
import { run } from '../account/cli';
import { engines, startServer, type TestServer } from '../testing/harness';

// Two-factor sign-in by authenticator app (RFC 6238), over HTTP against the real database: turning it
// on and off, the login's second step, replay and rate limits, recovery codes, the team's requirement
// and the operator's way back.

const PERIOD_MS = 30_000;

/** The code of the step `offset` steps from now, as the member's authenticator app shows it. */
const codeFor = (uri: string, offset = 0) =>
  (URI.parse(uri) as TOTP).generate({ timestamp: Date.now() + offset * PERIOD_MS });

describe.each(engines())('two-factor sign-in on %s', (_name, engine) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer(engine);
  });
  afterAll(() => server.close());

  let n = 0;
  /** A new member with a session, so that each test starts from an account without a second factor. */
  async function member(role: 'Admin' | 'Manager' = 'Admin') {
    const email = `member${++n}@parish.org`;
    const password = 'a member password';
    const id = await createAdmin(server.db, email, password, server.config.passwordHashCost, { role });
    const login = () => server.call('POST', '/api/v1/admin/login', { json: { email, password } });
    const token = (await login()).body.token as string;
    return { id, email, password, token, login };
  }

  /** Turns it on for the member: answers the otpauth URI and the recovery codes. */
  async function turnOn(account: { token: string }) {
    const setup = await server.call('POST', '/api/v1/account/two-factor/setup', { token: account.token });
    expect(setup.status).toBe(200);
    const uri = setup.body.data.uri as string;
    // Enrolment uses the step before the current one, so that the login below has a fresh code.
    const on = await server.call('POST', '/api/v1/account/two-factor/enable', {
      token: account.token,
      json: { code: codeFor(uri, -1) },
    });
    expect(on.status).toBe(200);
    return { uri, recoveryCodes: on.body.data.recoveryCodes as string[] };
  }

  const secondStep = (challenge: string, code: string) =>
    server.call('POST', '/api/v1/admin/login/two-factor', { json: { challenge, code } });

  it('answers the spec’s login unchanged for an account without a second factor', async () => {
    const account = await member();
    const res = await account.login();
    expect(Object.keys(res.body).sort()).toEqual(['doesUserEmailExist', 'message', 'token']);
    const status = await server.call('GET', '/api/v1/account/two-factor', { token: account.token });
    expect(status.body.data).toEqual({ enabled: false, recoveryCodesLeft: 0, requiredForAdmins: false });
  });

  it('sets up with a QR code and the secret, confirms with a code, then shows ten recovery codes once', async () => {
    const account = await member();
    const setup = await server.call('POST', '/api/v1/account/two-factor/setup', { token: account.token });
    expect(setup.status).toBe(200);
    const { secret, uri, qrCode } = setup.body.data as { secret: string; uri: string; qrCode: string };
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(uri).toMatch(/^otpauth:\/\/totp\/.+secret=[A-Z2-7]{32}/);
    expect(uri).toContain(encodeURIComponent(account.email));
    expect(qrCode).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(Buffer.from(qrCode.split(',')[1]!, 'base64').toString()).toContain('<svg');

    const wrong = await server.call('POST', '/api/v1/account/two-factor/enable', {
      token: account.token,
      json: { code: codeFor(uri, 5) },
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.message).toMatch(/code is not correct/);

    const on = await server.call('POST', '/api/v1/account/two-factor/enable', {
      token: account.token,
      json: { code: codeFor(uri) },
    });
    expect(on.status).toBe(200);
    const codes = on.body.data.recoveryCodes as string[];
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) expect(code).toMatch(/^[a-z0-9]{5}-[a-z0-9]{5}$/);

    // Stored hashed, the secret not in clear: a copy of the database alone is not enough.
    const stored = JSON.stringify(await server.db.kysely.selectFrom('recovery_codes').selectAll().execute());
    const secretRow = JSON.stringify(await server.db.kysely.selectFrom('two_factor').selectAll().execute());
    for (const code of codes) expect(stored).not.toContain(code);
    expect(secretRow).not.toContain(secret);

    const status = await server.call('GET', '/api/v1/account/two-factor', { token: account.token });
    expect(status.body.data).toEqual({ enabled: true, recoveryCodesLeft: 10, requiredForAdmins: false });
    const again = await server.call('POST', '/api/v1/account/two-factor/setup', { token: account.token });
    expect(again.status).toBe(409);
  });

  it('asks for the code after the password, and signs in with it', async () => {
    const account = await member();
    const { uri } = await turnOn(account);
    const first = await account.login();
    expect(first.status).toBe(200);
    expect(first.body).toEqual({
      message: 'Enter the code from your authenticator app',
      twoFactorRequired: true,
      challenge: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
    });
    const done = await secondStep(first.body.challenge, codeFor(uri));
    expect(done.status).toBe(200);
    expect(done.body).toEqual({
      message: 'Login Successful',
      token: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
      doesUserEmailExist: { _id: account.id, email: account.email },
    });
    expect((await server.call('GET', '/api/v1/account', { token: done.body.token })).status).toBe(200);
    // The challenge is used once.
    expect((await secondStep(first.body.challenge, codeFor(uri, 1))).status).toBe(401);
  });

  it('refuses a wrong code, and a used code within its window, in words', async () => {
    const account = await member();
    const { uri } = await turnOn(account);
    const challenge = (await account.login()).body.challenge as string;
    const wrong = await secondStep(challenge, codeFor(uri, 10));
    expect(wrong.status).toBe(401);
    expect(wrong.body).toEqual({ message: 'The code is not correct. Check your authenticator app and try again.' });
    const code = codeFor(uri);
    expect((await secondStep(challenge, code)).status).toBe(200);

    const next = (await account.login()).body.challenge as string;
    const replayed = await secondStep(next, code);
    expect(replayed.status).toBe(401);
    expect(replayed.body.message).toBe('This code has already been used. Wait for the next one.');
    // An earlier step than the last accepted one is refused too.
    expect((await secondStep(next, codeFor(uri, -1))).body.message).toMatch(/already been used/);
  });

  it('lets a recovery code in once, and says how many are left', async () => {
    const account = await member();
    const { recoveryCodes } = await turnOn(account);
    const challenge = (await account.login()).body.challenge as string;
    // Typed in capitals, without its dash: the same code.
    const typed = recoveryCodes[0]!.toUpperCase().replace('-', '');
    const done = await secondStep(challenge, typed);
    expect(done.status).toBe(200);
    const status = await server.call('GET', '/api/v1/account/two-factor', { token: done.body.token });
    expect(status.body.data.recoveryCodesLeft).toBe(9);
    const again = await secondStep((await account.login()).body.challenge, recoveryCodes[0]!);
    expect(again.status).toBe(401);
    expect(again.body.message).toMatch(/not correct/);
  });

  it('ends a challenge after five wrong codes, and an expired or unknown one is refused', async () => {
    const account = await member();
    const { uri } = await turnOn(account);
    const challenge = (await account.login()).body.challenge as string;
    for (let i = 0; i < 5; i++) expect((await secondStep(challenge, '000000')).status).toBe(401);
    const sixth = await secondStep(challenge, codeFor(uri));
    expect(sixth.status).toBe(401);
    expect(sixth.body.message).toBe('This sign-in has expired. Please log in again.');
    expect((await secondStep('x'.repeat(43), codeFor(uri))).body.message).toMatch(/expired/);
  });

  it('limits wrong codes per account across challenges (429 in words)', async () => {
    const account = await member();
    const { uri } = await turnOn(account);
    for (let round = 0; round < 2; round++) {
      const challenge = (await account.login()).body.challenge as string;
      for (let i = 0; i < 5; i++) await secondStep(challenge, '000000');
    }
    const challenge = (await account.login()).body.challenge as string;
    const limited = await secondStep(challenge, codeFor(uri));
    expect(limited.status).toBe(429);
    expect(limited.body.message).toMatch(/^Too many wrong codes for this account\. Please wait \d+ minutes?/);
  });

  it('turns off with the password or a code, not with a wrong one', async () => {
    const account = await member();
    const { uri } = await turnOn(account);
    const off = (proof: string) =>
      server.call('POST', '/api/v1/account/two-factor/disable', { token: account.token, json: { proof } });
    const wrong = await off('not my password');
    expect(wrong.status).toBe(400);
    expect(wrong.body.message).toBe('The password or code is not correct');
    expect((await off(account.password)).status).toBe(200);
    expect(Object.keys((await account.login()).body)).toContain('token');

    const again = await turnOn(account);
    expect((await off(codeFor(again.uri))).status).toBe(200);
    expect(uri).not.toBe(again.uri);
    const left = server.db.kysely.selectFrom('recovery_codes').selectAll().where('admin_id', '=', account.id);
    expect(await left.execute()).toEqual([]);
  });

  it('lets an Admin require it for every Admin, and an Admin then cannot turn theirs off', async () => {
    const admin = await member('Admin');
    const manager = await member('Manager');
    const require = (token: string, required: boolean) =>
      server.call('PUT', '/api/v1/team/two-factor', { token, json: { required } });
    expect((await require(manager.token, true)).status).toBe(403);
    const res = await require(admin.token, true);
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ requiredForAdmins: true });
    // Signing in still works without it; Settings asks the Admin to turn it on.
    expect(Object.keys((await admin.login()).body)).toContain('token');
    const status = await server.call('GET', '/api/v1/account/two-factor', { token: admin.token });
    expect(status.body.data.requiredForAdmins).toBe(true);

    await turnOn(admin);
    const off = await server.call('POST', '/api/v1/account/two-factor/disable', {
      token: admin.token,
      json: { proof: admin.password },
    });
    expect(off.status).toBe(409);
    expect(off.body.message).toMatch(/required for every Admin/);
    // A Manager's own is theirs to turn off.
    await turnOn(manager);
    const managerOff = await server.call('POST', '/api/v1/account/two-factor/disable', {
      token: manager.token,
      json: { proof: manager.password },
    });
    expect(managerOff.status).toBe(200);

    expect((await require(admin.token, false)).body.data).toEqual({ requiredForAdmins: false });
    // The record is written just after each answer.
    const summaries = async () => {
      for (const started = Date.now(); ;) {
        const res = await server.call('GET', `/api/v1/activity?member=${admin.id}`, { token: admin.token });
        const lines = (res.body.data as { summary: string }[]).map((entry) => entry.summary);
        if (lines.length >= 4 || Date.now() - started > 3000) return lines;
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
    };
    expect(await summaries()).toEqual([
      'Stopped requiring two-factor sign-in for Admins',
      'Turned on two-factor sign-in',
      'Started setting up two-factor sign-in',
      'Required two-factor sign-in for every Admin',
    ]);
  });

  it('npm run admin -- reset-2fa turns it off and ends the account’s sessions', async () => {
    const account = await member();
    await turnOn(account);
    const env = {
      DATA_DIR: server.config.dataDir,
      ...(server.config.databaseUrl
        ? { DATABASE_URL: server.config.databaseUrl, DATABASE_SCHEMA: server.config.databaseSchema }
        : {}),
    };
    const lines = await run(['reset-2fa', account.email], env);
    expect(lines[0]).toBe(`Two-factor sign-in is off for ${account.email}; every session of the account ended.`);
    expect((await server.call('GET', '/api/v1/account', { token: account.token })).status).toBe(401);
    expect(Object.keys((await account.login()).body)).toContain('token');
    await expect(run(['reset-2fa', 'nobody@parish.org'], env)).rejects.toThrow(/No account has the email/);
  });
});
