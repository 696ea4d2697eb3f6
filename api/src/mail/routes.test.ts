import { engines, startServer, type TestServer } from '../testing/harness';
import { signedInMembers } from '../testing/members';
import { startTestSmtp, type TestSmtp } from '../testing/smtp';
import { MAIL_MESSAGES, queueMail } from './outbox';
import { MAIL_ROUTE_MESSAGES } from './routes';
import { MailSender } from './worker';

const FAST = { pollMs: 20, retryFirstMs: 20, retryMaxMs: 200, claimMs: 60_000 };
const FROM = { name: "St Mary's Parish", address: 'office@stmary.example.org' };

describe.each(engines())('Settings → Mail on %s', (_name, engine) => {
  let server: TestServer;
  let smtp: TestSmtp;
  let token: string;
  let refuse = false;

  beforeAll(async () => {
    smtp = await startTestSmtp({
      refuse: () => (refuse ? { code: 550, words: 'Mailbox unavailable: no such user' } : undefined),
    });
    const url = new URL(smtp.url);
    url.username = 'office';
    url.password = 'very-secret-password';
    server = await startServer(engine, {
      publicUrl: 'https://office.example.org',
      mail: { ...FAST, smtpUrl: url.toString(), from: FROM, replyTo: 'priest@stmary.example.org' },
    });
    token = await server.login();
  });
  afterAll(async () => {
    await server.close();
    await smtp.stop();
  });

  it('says mail is configured, never the password, and only to an Admin', async () => {
    const res = await server.call('GET', '/api/v1/mail', { token });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      configured: true,
      server: { host: '127.0.0.1', port: smtp.port, secure: false, user: 'office' },
      from: "St Mary's Parish <office@stmary.example.org>",
      replyTo: 'priest@stmary.example.org',
    });
    expect(res.text).not.toContain('very-secret-password');
    const { Manager } = await signedInMembers(server);
    expect((await server.call('GET', '/api/v1/mail', { token: Manager.token })).status).toBe(403);
    expect((await server.call('POST', '/api/v1/mail/test', { token: Manager.token })).status).toBe(403);
  });

  it('sends a test message to the Admin and lists it as sent', async () => {
    // The server under test has no worker of its own (server.ts starts it): this one stands for it.
    const sender = new MailSender(server.db, server.config.mail, server.app.log).start();
    try {
      const sent = await server.call('POST', '/api/v1/mail/test', { token });
      expect(sent.status).toBe(201);
      expect(sent.body.message).toBe('Test message on its way to admin@example.com');
      const [message] = await smtp.waitFor(1);
      expect(message!.to).toEqual(['admin@example.com']);
      expect(message!.text).toContain('Open Settings → Mail: https://office.example.org/settings/mail');
      await new Promise((resolve) => setTimeout(resolve, 100));
      const listed = await server.call('GET', '/api/v1/mail', { token });
      expect(listed.body.data.messages[0]).toMatchObject({
        kind: 'test',
        state: 'sent',
        toAddress: 'admin@example.com',
      });
    } finally {
      await sender.stop();
    }
  });

  it("shows a 5xx refusal with the server's words, and sends it again when asked", async () => {
    refuse = true;
    const id = await queueMail(server.db.kysely, server.config.mail, {
      kind: 'test',
      to: { name: 'Gone', address: 'gone@parish.org' },
      subject: 'Hello',
      text: 'Hello',
      html: '<p>Hello</p>',
    });
    const sender = new MailSender(server.db, server.config.mail, server.app.log);
    await sender.sendDue();
    const listed = await server.call('GET', '/api/v1/mail', { token });
    const failed = listed.body.data.messages.find((m: { _id: string }) => m._id === id);
    expect(failed).toMatchObject({ state: 'failed', attempts: 1 });
    expect(failed.lastError).toMatch(/^550 .*Mailbox unavailable: no such user/);

    refuse = false;
    const again = await server.call('POST', `/api/v1/mail/messages/${id}/send-again`, { token });
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ message: 'Message on its way again', data: { state: 'waiting' } });
    const before = smtp.received.length;
    expect(await sender.sendDue()).toBe(1);
    await smtp.waitFor(before + 1);
    const sentAgain = await server.call('POST', `/api/v1/mail/messages/${id}/send-again`, { token });
    expect(sentAgain.status).toBe(409);
    expect(sentAgain.body.message).toBe(MAIL_ROUTE_MESSAGES.alreadySent);
    await sender.stop();
    expect((await server.call('POST', '/api/v1/mail/messages/nope/send-again', { token })).status).toBe(404);
  });
});

describe.each(engines())('Settings → Mail without a mail server on %s', (_name, engine) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer(engine);
  });
  afterAll(() => server.close());

  it('says mail is not configured, refuses a test message in words, and lists what was kept', async () => {
    const token = await server.login();
    await queueMail(server.db.kysely, server.config.mail, {
      kind: 'invitation',
      to: { name: 'Grace', address: 'grace@parish.org' },
      subject: 'Hello',
      text: 'Hello',
      html: '<p>Hello</p>',
    });
    const res = await server.call('GET', '/api/v1/mail', { token });
    expect(res.body.data).toMatchObject({ configured: false, server: null, from: null, replyTo: null });
    expect(res.body.data.messages).toEqual([
      expect.objectContaining({
        toAddress: 'grace@parish.org',
        state: 'failed',
        lastError: MAIL_MESSAGES.notConfigured,
      }),
    ]);
    const test = await server.call('POST', '/api/v1/mail/test', { token });
    expect(test.status).toBe(409);
    expect(test.body.message).toBe(MAIL_ROUTE_MESSAGES.notConfigured);
  });
});
