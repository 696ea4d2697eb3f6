import { createAdmin } from '../auth/admins';
import { run } from '../account/cli';
import { timestamp } from '../db/ids';
import { setRequiredForAdmins } from './repository';
import { engines, startServer, type TestServer } from '../testing/harness';
import { codeFor, previousStepCode } from '../testing/totp';

// Two-factor sign-in by authenticator app (RFC 6238), over HTTP against the real database: turning it
// on and off, the login's second step, replay and rate limits, recovery codes, the team's requirement
// and the operator's way back.

describe.each(engines())('two-factor sign-in on %s', (_name, engine) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer(engine);
  });
  afterAll(() => server.close());
  // The team's requirement is one setting of the server: each test starts without it.
  afterEach(() => setRequiredForAdmins(server.db, false));

  let n = 0;
  /** A new member with a session, so that each test starts from an account without a second factor. */
  async function member(role: 'Admin' | 'Manager' | 'Guest User' = 'Admin') {
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
      json: { code: await previousStepCode(uri) },
    });
    expect(on.status).toBe(200);
    return { uri, recoveryCodes: on.body.data.recoveryCodes as string[] };
  }

  const secondStep = (challenge: string, code: string) =>
    server.call('POST', '/api/v1/admin/login/two-factor', { json: { challenge, code } });

  const requireForAdmins = (token: string, required: boolean) =>
    server.call('PUT', '/api/v1/team/two-factor', { token, json: { required } });
  // The enrolment a sign-in asks of an Admin without a second factor while the team requires one.
  const enrolSetup = (enrolment: string) =>
    server.call('POST', '/api/v1/admin/login/two-factor/setup', { json: { enrolment } });
  const enrolEnable = (enrolment: string, code: string) =>
    server.call('POST', '/api/v1/admin/login/two-factor/enable', { json: { enrolment, code } });
  const ENROL_MESSAGE = 'Your team requires two-factor sign-in for every Admin. Set it up now to sign in.';

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
    const stored = JSON.stringify(await server.db.kysely.selectFrom('recoveryCodes').selectAll().execute());
    const secretRow = JSON.stringify(await server.db.kysely.selectFrom('twoFactor').selectAll().execute());
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
    const left = server.db.kysely.selectFrom('recoveryCodes').selectAll().where('adminId', '=', account.id);
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
    // Signing in without it now asks for the enrolment first; the session already open stays.
    expect((await admin.login()).body).toMatchObject({ enrolmentRequired: true });
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

  const cliEnv = () => ({
    DATA_DIR: server.config.dataDir,
    ...(server.config.databaseUrl
      ? { DATABASE_URL: server.config.databaseUrl, DATABASE_SCHEMA: server.config.databaseSchema }
      : {}),
  });

  it('npm run admin -- reset-2fa turns it off and ends the account’s sessions', async () => {
    const account = await member();
    await turnOn(account);
    const env = cliEnv();
    const lines = await run(['reset-2fa', account.email], env);
    expect(lines[0]).toBe(`Two-factor sign-in is off for ${account.email}; every session of the account ended.`);
    expect((await server.call('GET', '/api/v1/account', { token: account.token })).status).toBe(401);
    expect(Object.keys((await account.login()).body)).toContain('token');
    await expect(run(['reset-2fa', 'nobody@parish.org'], env)).rejects.toThrow(/No account has the email/);
  });

  describe('while the team requires it for every Admin', () => {
    it('asks an Admin without it to enrol with a ticket, and signs in only once a code confirms it', async () => {
      const requirer = await member('Admin');
      const newcomer = await member('Admin');
      expect((await requireForAdmins(requirer.token, true)).status).toBe(200);

      const first = await newcomer.login();
      expect(first.status).toBe(200);
      expect(first.body).toEqual({
        message: ENROL_MESSAGE,
        enrolmentRequired: true,
        enrolment: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
      });
      const ticket = first.body.enrolment as string;

      // The ticket is no session: every other call refuses it.
      for (const [method, url] of [
        ['GET', '/api/v1/account'],
        ['GET', '/api/v1/account/two-factor'],
        ['POST', '/api/v1/account/two-factor/setup'],
        ['GET', '/api/v1/team'],
      ] as const)
        expect((await server.call(method, url, { token: ticket })).status).toBe(401);
      // Nor is it the code step's challenge.
      expect((await secondStep(ticket, '123456')).body.message).toBe('This sign-in has expired. Please log in again.');

      const setup = await enrolSetup(ticket);
      expect(setup.status).toBe(200);
      const { secret, uri, qrCode } = setup.body.data as { secret: string; uri: string; qrCode: string };
      expect(secret).toMatch(/^[A-Z2-7]{32}$/);
      expect(uri).toContain(encodeURIComponent(newcomer.email));
      expect(qrCode).toMatch(/^data:image\/svg\+xml;base64,/);

      const wrong = await enrolEnable(ticket, codeFor(uri, 5));
      expect(wrong.status).toBe(400);
      expect(wrong.body.message).toBe(
        'The code is not correct. Check that the time on your phone is right and try again.',
      );

      const done = await enrolEnable(ticket, await previousStepCode(uri));
      expect(done.status).toBe(200);
      expect(done.body).toEqual({
        message: 'Login Successful',
        token: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
        doesUserEmailExist: { _id: newcomer.id, email: newcomer.email },
        recoveryCodes: expect.any(Array),
      });
      const codes = done.body.recoveryCodes as string[];
      expect(new Set(codes).size).toBe(10);
      for (const code of codes) expect(code).toMatch(/^[a-z0-9]{5}-[a-z0-9]{5}$/);
      const status = await server.call('GET', '/api/v1/account/two-factor', { token: done.body.token });
      expect(status.body.data).toEqual({ enabled: true, recoveryCodesLeft: 10, requiredForAdmins: true });

      // Used once: the ticket opens nothing after the enrolment.
      expect((await enrolSetup(ticket)).status).toBe(401);
      expect((await enrolEnable(ticket, codeFor(uri))).status).toBe(401);
      // The next sign-in asks for a code, as for any account with it on.
      const next = await newcomer.login();
      expect(next.body).toMatchObject({ twoFactorRequired: true });
      expect((await secondStep(next.body.challenge, codeFor(uri))).status).toBe(200);
      // A session opened before the requirement stays (Settings asks for the set-up there).
      expect((await server.call('GET', '/api/v1/account', { token: newcomer.token })).status).toBe(200);
    });

    it('lets Managers and Guest Users sign in with the password alone', async () => {
      const requirer = await member('Admin');
      const manager = await member('Manager');
      const guest = await member('Guest User');
      await requireForAdmins(requirer.token, true);
      for (const account of [manager, guest]) {
        const res = await account.login();
        expect(Object.keys(res.body).sort()).toEqual(['doesUserEmailExist', 'message', 'token']);
      }
    });

    it('keeps the code step’s challenge out of the enrolment, and refuses unknown tickets', async () => {
      const account = await member('Admin');
      await turnOn(account);
      await requireForAdmins(account.token, true);
      const challenge = (await account.login()).body.challenge as string;
      expect((await enrolSetup(challenge)).status).toBe(401);
      expect((await enrolEnable(challenge, '123456')).status).toBe(401);
      const unknown = await enrolSetup('x'.repeat(43));
      expect(unknown.status).toBe(401);
      expect(unknown.body.message).toBe('This sign-in has expired. Please log in again.');
    });

    it('ends a ticket after five wrong codes or after its time, and limits wrong codes per account', async () => {
      const requirer = await member('Admin');
      const newcomer = await member('Admin');
      await requireForAdmins(requirer.token, true);
      const ticket = async () => (await newcomer.login()).body.enrolment as string;

      const first = await ticket();
      const { uri } = (await enrolSetup(first)).body.data as { uri: string };
      for (let i = 0; i < 5; i++) expect((await enrolEnable(first, '000000')).status).toBe(400);
      const sixth = await enrolEnable(first, codeFor(uri));
      expect(sixth.status).toBe(401);
      expect(sixth.body.message).toBe('This sign-in has expired. Please log in again.');

      // Past its time (a few minutes), a ticket is refused.
      const late = await ticket();
      expect((await enrolSetup(late)).status).toBe(200);
      await server.db.kysely
        .updateTable('loginChallenges')
        .set({ expiresAt: timestamp(new Date(Date.now() - 1000)) })
        .where('adminId', '=', newcomer.id)
        .execute();
      expect((await enrolSetup(late)).status).toBe(401);
      expect((await enrolEnable(late, codeFor(uri))).status).toBe(401);

      // Ten wrong codes across tickets: the account waits, whatever the ticket.
      const second = await ticket();
      await enrolSetup(second);
      for (let i = 0; i < 5; i++) await enrolEnable(second, '000000');
      const third = await ticket();
      const limited = await enrolEnable(third, '000000');
      expect(limited.status).toBe(429);
      expect(limited.body.message).toMatch(/^Too many wrong codes for this account\. Please wait \d+ minutes?/);
    });

    it('asks an Admin reset by npm run admin -- reset-2fa to enrol again at the next sign-in', async () => {
      const account = await member('Admin');
      await turnOn(account);
      await requireForAdmins(account.token, true);
      expect((await account.login()).body).toMatchObject({ twoFactorRequired: true });
      await run(['reset-2fa', account.email], cliEnv());
      const again = await account.login();
      expect(again.body).toMatchObject({ enrolmentRequired: true, message: ENROL_MESSAGE });
      const { uri } = (await enrolSetup(again.body.enrolment)).body.data as { uri: string };
      const done = await enrolEnable(again.body.enrolment, codeFor(uri));
      expect(done.status).toBe(200);
      expect(done.body.recoveryCodes).toHaveLength(10);
    });
  });
});
