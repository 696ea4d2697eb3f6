import { engines, startServer, type TestServer } from '../testing/harness';
import { startTestSmtp, type TestSmtp } from '../testing/smtp';
import { MailSender } from './worker';

const FAST = { pollMs: 20, retryFirstMs: 20, retryMaxMs: 200, claimMs: 60_000 };

describe.each(engines())('the security notices on %s', (_name, engine) => {
  let server: TestServer;
  let smtp: TestSmtp;
  let sender: MailSender;
  const outbox = () => server.db.kysely.selectFrom('outbox').selectAll().execute();

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
});
