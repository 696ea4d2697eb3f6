import { URI, type TOTP } from 'otpauth';
import { run } from '../account/cli';
import { createAdmin } from '../auth/admins';
import { engines, startServer, type TestServer } from '../testing/harness';
import { startTestSmtp, type TestSmtp } from '../testing/smtp';
import { MailSender } from './worker';

const FAST = { pollMs: 20, retryFirstMs: 20, retryMaxMs: 200, claimMs: 60_000 };

describe.each(engines())('the security notices on %s', (_name, engine) => {
  let server: TestServer;
  let smtp: TestSmtp;
  let sender: MailSender;
  const outbox = () => server.db.kysely.selectFrom('outbox').selectAll().execute();

  /** A member with two-factor sign-in on, signed in. */
  async function withTwoFactor(email: string) {
    const password = 'a member password';
    await createAdmin(server.db, email, password, server.config.passwordHashCost, { name: 'Sister Grace' });
    const token = (await server.call('POST', '/api/v1/admin/login', { json: { email, password } })).body
      .token as string;
    const uri = (await server.call('POST', '/api/v1/account/two-factor/setup', { token })).body.data.uri as string;
    const code = (URI.parse(uri) as TOTP).generate({ timestamp: Date.now() - 30_000 });
    expect((await server.call('POST', '/api/v1/account/two-factor/enable', { token, json: { code } })).status).toBe(
      200,
    );
    return { token, password };
  }

  /** `npm run admin`'s environment: this server's database. */
  const cliEnv = () => ({
    DATA_DIR: server.config.dataDir,
    SMTP_URL: smtp.url,
    MAIL_FROM: 'office@stmary.example.org',
    ...(server.config.databaseUrl
      ? { DATABASE_URL: server.config.databaseUrl, DATABASE_SCHEMA: server.config.databaseSchema }
      : {}),
  });

  beforeEach(() => {
    smtp.received.length = 0;
  });
  beforeAll(async () => {
    smtp = await startTestSmtp();
    server = await startServer(engine, {
      publicUrl: 'https://office.example.org',
      mail: { ...FAST, smtpUrl: smtp.url, from: { name: '', address: 'office@stmary.example.org' } },
    });
    sender = new MailSender(server.db, server.config.mail, server.app.log).start();
  });
  afterAll(async () => {
    await sender.stop();
    await server.close();
    await smtp.stop();
  });

  it('tells the account its password was changed; a refused change stores no notice', async () => {
    const token = await server.login();
    const refused = await server.call('PUT', '/api/v1/account/password', {
      token,
      json: { currentPassword: 'not the password at all', newPassword: 'a brand new password' },
    });
    expect(refused.status).toBe(400);
    expect(await outbox()).toEqual([]);

    const changed = await server.call('PUT', '/api/v1/account/password', {
      token,
      json: { currentPassword: server.admin.password, newPassword: 'a brand new password' },
    });
    expect(changed.status).toBe(200);
    const [message] = await smtp.waitFor(1);
    expect(message!.to).toEqual([server.admin.email]);
    expect(message!.headers.get('subject')).toEqual(["Your password for Our Parish's back-office was changed"]);
    expect(message!.text).toContain('was just changed in Settings → Password');
    expect(message!.text).toContain('Open the login page: https://office.example.org/login');
    // Marked sent once the server confirmed it, a moment after it arrived.
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(await outbox()).toEqual([expect.objectContaining({ kind: 'password-changed', state: 'sent' })]);
  });

  it('tells the account its two-factor sign-in was turned off, by itself or by the operator', async () => {
    const grace = await withTwoFactor('grace@parish.org');
    const off = await server.call('POST', '/api/v1/account/two-factor/disable', {
      token: grace.token,
      json: { proof: grace.password },
    });
    expect(off.status).toBe(200);
    const [mine] = await smtp.waitFor(1);
    expect(mine!.to).toEqual(['grace@parish.org']);
    expect(mine!.headers.get('subject')).toEqual(["Two-factor sign-in was turned off for Our Parish's back-office"]);
    expect(mine!.text).toContain('was just turned off in Settings → Two-factor sign-in');

    await withTwoFactor('tom@parish.org');
    await run(['reset-2fa', 'tom@parish.org'], cliEnv());
    const [, reset] = await smtp.waitFor(2);
    expect(reset!.to).toEqual(['tom@parish.org']);
    expect(reset!.text).toContain("The server's operator turned off two-factor sign-in of tom@parish.org");
  });

  it('tells the account its password was set with a link of `npm run admin -- reset-password`, once', async () => {
    await createAdmin(server.db, 'ann@parish.org', 'the old password', server.config.passwordHashCost, {
      name: 'Sister Ann',
    });
    const mailTo = () => server.db.kysely.selectFrom('outbox').select('kind').where('toAddress', '=', 'ann@parish.org');
    const [, url] = await run(['reset-password', 'ann@parish.org'], cliEnv());
    // The link alone changes nothing: no notice until it is used.
    expect(await mailTo().execute()).toEqual([]);
    const token = new URL(url!).searchParams.get('token');
    const set = await server.call('POST', '/api/v1/account/set-password', {
      json: { token, password: 'ann chose a new one' },
    });
    expect(set.status).toBe(200);
    const [message] = await smtp.waitFor(1);
    expect(message!.to).toEqual(['ann@parish.org']);
    expect(message!.headers.get('subject')).toEqual(["Your password for Our Parish's back-office was set"]);
    expect(message!.text).toContain('Dear Sister Ann,');
    expect(message!.text).toContain(
      'The password you sign in with as ann@parish.org was just set with a one-time link.',
    );
    expect(message!.text).toContain('Open the login page: https://office.example.org/login');

    // The link used up: refused, and no second notice.
    const again = await server.call('POST', '/api/v1/account/set-password', {
      json: { token, password: 'someone else tries' },
    });
    expect(again.status).toBe(400);
    expect(await mailTo().execute()).toEqual([{ kind: 'password-set' }]);
  });
});
