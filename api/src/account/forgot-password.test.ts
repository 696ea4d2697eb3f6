import { createAdmin } from '../auth/admins';
import { MailSender } from '../mail/worker';
import { engines, startServer, type TestServer } from '../testing/harness';
import { startTestSmtp, type TestSmtp } from '../testing/smtp';
import { FORGOT_ANSWER, FORGOT_PER_ADDRESS } from './forgot-password';

const FAST = { pollMs: 20, retryFirstMs: 20, retryMaxMs: 200, claimMs: 60_000 };

describe.each(engines())('Forgot password on %s', (_name, engine) => {
  let server: TestServer;
  let smtp: TestSmtp;
  let sender: MailSender;
  const forgot = (email: string) => server.call('POST', '/api/v1/account/forgot-password', { json: { email } });
  const settle = () => new Promise((resolve) => setTimeout(resolve, 300));

  beforeAll(async () => {
    smtp = await startTestSmtp();
    server = await startServer(engine, {
      publicUrl: 'https://office.example.org',
      mail: { ...FAST, smtpUrl: smtp.url, from: { name: '', address: 'office@stmary.example.org' } },
    });
    await createAdmin(server.db, 'grace@parish.org', 'the forgotten one', server.config.passwordHashCost, {
      name: 'Sister Grace',
      role: 'Manager',
    });
    sender = new MailSender(server.db, server.config.mail, server.app.log).start();
  });
  beforeEach(() => {
    smtp.received.length = 0;
  });
  afterAll(async () => {
    await sender.stop();
    await server.close();
    await smtp.stop();
  });

  it('mails an account a one-hour link that sets the password once and ends every session', async () => {
    const session = await server.call('POST', '/api/v1/admin/login', {
      json: { email: 'grace@parish.org', password: 'the forgotten one' },
    });
    expect(session.status).toBe(200);
    const asked = await forgot(' Grace@Parish.org ');
    expect(asked.status).toBe(200);
    expect(asked.body).toEqual({ message: FORGOT_ANSWER });
    const [message] = await smtp.waitFor(1);
    expect(message!.to).toEqual(['grace@parish.org']);
    expect(message!.headers.get('subject')).toEqual(["Set a new password for Our Parish's back-office"]);
    const url = /Set a new password: (\S+)/.exec(message!.text)![1]!;
    expect(url).toMatch(/^https:\/\/office\.example\.org\/set-password\?token=[\w-]{43}$/);
    const link = await server.db.kysely.selectFrom('passwordLinks').selectAll().executeTakeFirstOrThrow();
    const hours = (Date.parse(link.expiresAt) - Date.parse(link.createdAt)) / 3_600_000;
    expect(hours).toBe(1);

    const token = new URL(url).searchParams.get('token');
    const set = await server.call('POST', '/api/v1/account/set-password', {
      json: { token, password: 'a new one at last' },
    });
    expect(set.status).toBe(200);
    // The account is told its password was set, whoever used the link.
    const [, notice] = await smtp.waitFor(2);
    expect(notice!.to).toEqual(['grace@parish.org']);
    expect(notice!.headers.get('subject')).toEqual(["Your password for Our Parish's back-office was set"]);
    expect((await server.call('GET', '/api/v1/account', { token: session.body.token as string })).status).toBe(401);
    const again = await server.call('POST', '/api/v1/account/set-password', {
      json: { token, password: 'once more please' },
    });
    expect(again.status).toBe(400);
    const login = await server.call('POST', '/api/v1/admin/login', {
      json: { email: 'grace@parish.org', password: 'a new one at last' },
    });
    expect(login.status).toBe(200);
  });

  it('answers an unknown address the same, and mails nothing', async () => {
    const asked = await forgot('nobody@parish.org');
    expect(asked.status).toBe(200);
    expect(asked.body).toEqual({ message: FORGOT_ANSWER });
    await settle();
    expect(smtp.received).toEqual([]);
    const stored = await server.db.kysely
      .selectFrom('outbox')
      .select('toAddress')
      .where('toAddress', '=', 'nobody@parish.org')
      .execute();
    expect(stored).toEqual([]);
  });

  it(`mails one address at most ${FORGOT_PER_ADDRESS} times an hour, answering every ask the same`, async () => {
    await createAdmin(server.db, 'tom@parish.org', 'whatever it was', server.config.passwordHashCost);
    for (let i = 0; i < FORGOT_PER_ADDRESS + 2; i++)
      expect((await forgot('tom@parish.org')).body).toEqual({ message: FORGOT_ANSWER });
    await smtp.waitFor(FORGOT_PER_ADDRESS);
    await settle();
    expect(smtp.received).toHaveLength(FORGOT_PER_ADDRESS);
  });

  it('refuses an ask that is no email in words', async () => {
    const res = await forgot('not an email');
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/Email/);
  });
});

describe.each(engines())('Forgot password’s limit per client address on %s', (_name, engine) => {
  let server: TestServer;
  let smtp: TestSmtp;
  const forgot = (email: string) => server.call('POST', '/api/v1/account/forgot-password', { json: { email } });
  const mailed = () => server.db.kysely.selectFrom('outbox').select('toAddress').execute();

  beforeAll(async () => {
    smtp = await startTestSmtp();
    server = await startServer(engine, {
      loginRateMax: 3,
      loginRateWindowMs: 60_000,
      publicUrl: 'https://office.example.org',
      mail: { ...FAST, smtpUrl: smtp.url, from: { name: '', address: 'office@stmary.example.org' } },
    });
    await createAdmin(server.db, 'grace@parish.org', 'the forgotten one', server.config.passwordHashCost);
  });
  afterAll(async () => {
    await server.close();
    await smtp.stop();
  });

  it('answers 429 past the limit, in the same words whether or not the address has an account', async () => {
    // Each to another address: the limit is the client's, not an address's.
    for (const email of ['grace@parish.org', 'nobody@parish.org', 'someone@parish.org'])
      expect((await forgot(email)).status).toBe(200);
    expect(await mailed()).toEqual([{ toAddress: 'grace@parish.org' }]);
    await server.db.kysely.deleteFrom('outbox').execute();

    const known = await forgot('grace@parish.org');
    const unknown = await forgot('nobody@parish.org');
    for (const res of [known, unknown]) {
      expect(res.status).toBe(429);
      expect(res.body).toEqual({
        message: expect.stringMatching(/^Too many attempts\. Please wait \d+ seconds? and try again\.$/),
      });
    }
    // The wait aside (a second may pass between the two), the answers are one.
    const words = (res: typeof known) => (res.body.message as string).replace(/\d+ seconds?/, 'N seconds');
    expect(words(known)).toBe(words(unknown));
    expect(Number(known.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await mailed()).toEqual([]);
  });
});
