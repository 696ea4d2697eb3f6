import { loadConfig, type MailConfig } from '../config';
import { timestamp } from '../db/ids';
import { engines, startServer, type TestServer } from '../testing/harness';
import { startTestSmtp, type TestSmtp } from '../testing/smtp';
import { compose } from './compose';
import { forgetOldMail, MAIL_MESSAGES, queueMail, type Mail } from './outbox';
import { MailSender, retryWait } from './worker';

/** The tests' waits: milliseconds where a server waits seconds and minutes. */
const FAST = { pollMs: 20, retryFirstMs: 20, retryMaxMs: 200, claimMs: 60_000 };
const FROM = { name: '', address: 'office@stmary.example.org' };

const mailTo = (name: string, address: string, subject = 'Hello'): Mail => ({
  kind: 'test',
  to: { name, address },
  subject,
  ...compose({
    parish: 'St Mary',
    greeting: `Dear ${name},`,
    paragraphs: ['A line <with> markup & more.'],
    link: { label: 'Open', url: 'https://office.example.org/x?a=1&b=2' },
  }),
});

describe('the mail settings', () => {
  it('read SMTP_URL, MAIL_FROM and MAIL_REPLY_TO', () => {
    const { mail } = loadConfig({
      SMTP_URL: 'smtps://office:secret@mail.example.org:465',
      MAIL_FROM: "St Mary's Parish <office@stmary.example.org>",
      MAIL_REPLY_TO: 'priest@stmary.example.org',
    });
    expect(mail).toMatchObject({
      smtpUrl: 'smtps://office:secret@mail.example.org:465',
      from: { name: "St Mary's Parish", address: 'office@stmary.example.org' },
      replyTo: 'priest@stmary.example.org',
      retryMaxMs: 900_000,
    });
    expect(loadConfig({ MAIL_FROM: 'office@stmary.example.org' }).mail.from).toEqual({
      name: '',
      address: 'office@stmary.example.org',
    });
    expect(loadConfig({}).mail.smtpUrl).toBeUndefined();
  });

  it('refuse nonsense with a clear message', () => {
    expect(() => loadConfig({ SMTP_URL: 'http://mail.example.org' })).toThrow(/SMTP_URL must be an smtp:\/\//);
    expect(() => loadConfig({ SMTP_URL: 'smtp://mail.example.org' })).toThrow(/MAIL_FROM must be set with SMTP_URL/);
    expect(() => loadConfig({ MAIL_FROM: 'Parish <not an address>' })).toThrow(/MAIL_FROM must be an address/);
    expect(() => loadConfig({ MAIL_REPLY_TO: 'nobody' })).toThrow(/MAIL_REPLY_TO must be an address/);
  });

  it('wait longer after each failed try: within a minute at first, at most 15 minutes apart', () => {
    const { mail } = loadConfig({});
    const waits = [1, 2, 3, 4, 5, 6, 7, 8, 20].map((attempt) => retryWait(mail, attempt));
    expect(waits.slice(0, 3).reduce((sum, wait) => sum + wait, 0)).toBeLessThan(120_000);
    expect(waits[0]).toBeLessThanOrEqual(60_000);
    expect(waits).toEqual([...waits].sort((a, b) => a - b));
    expect(Math.max(...waits)).toBe(900_000);
  });
});

describe.each(engines())('the outbox on %s', (_name, engine) => {
  let server: TestServer;
  let smtp: TestSmtp;
  const senders: MailSender[] = [];
  const configured = (): MailConfig => ({ ...FAST, smtpUrl: smtp.url, from: FROM });
  const sender = (config: MailConfig = configured()) => {
    const made = new MailSender(server.db, config, server.app.log);
    senders.push(made);
    return made;
  };
  const rows = () => server.db.kysely.selectFrom('outbox').selectAll().orderBy('_id').execute();
  const queue = (mail: Mail, config: MailConfig = configured(), at?: Date) =>
    queueMail(server.db.kysely, config, mail, at);

  beforeAll(async () => {
    server = await startServer(engine, { publicUrl: 'https://office.example.org' });
  });
  beforeEach(async () => {
    smtp = await startTestSmtp();
    await server.db.kysely.deleteFrom('outbox').execute();
  });
  afterEach(async () => {
    await Promise.all(senders.splice(0).map((made) => made.stop()));
    await smtp.stop();
  });
  afterAll(() => server.close());

  it('keeps a message as not sent when no mail server is configured', async () => {
    await queue(mailTo('Grace', 'grace@example.org'), { ...FAST });
    expect(await sender({ ...FAST }).sendDue()).toBe(0);
    expect(await rows()).toEqual([
      expect.objectContaining({
        state: 'failed',
        lastError: MAIL_MESSAGES.notConfigured,
        toAddress: 'grace@example.org',
      }),
    ]);
  });

  it('sends a plain-text and an HTML part from the parish, and marks the message sent', async () => {
    await queue(mailTo('Grace', 'grace@example.org', 'Your invitation'));
    expect(await sender().sendDue()).toBe(1);
    const [message] = await smtp.waitFor(1);
    expect(message!.to).toEqual(['grace@example.org']);
    expect(message!.from).toBe(FROM.address);
    // The parish's name (Settings → Parish) stands for MAIL_FROM's missing one.
    expect(message!.headers.get('from')).toEqual(['Our Parish <office@stmary.example.org>']);
    expect(message!.headers.get('subject')).toEqual(['Your invitation']);
    expect(message!.text).toContain('A line <with> markup & more.');
    expect(message!.text).toContain('Open: https://office.example.org/x?a=1&b=2');
    expect(message!.html).toContain('A line &lt;with&gt; markup &amp; more.');
    expect(message!.html).toContain('href="https://office.example.org/x?a=1&amp;b=2"');
    const [row] = await rows();
    expect(row).toMatchObject({ state: 'sent', lastError: null });
    expect(message!.headers.get('message-id')).toEqual([row!.messageId]);
  });

  it('sends a CR/LF typed in a name or subject as text inside its one header, to no one else', async () => {
    const attack = 'Eve\r\nBcc: mallory@evil.example\r\n';
    await queue(mailTo(attack, 'eve@example.org', `Hi\r\nBcc: mallory@evil.example`));
    await sender().sendDue();
    const [message] = await smtp.waitFor(1);
    expect(message!.to).toEqual(['eve@example.org']);
    expect(message!.headers.has('bcc')).toBe(false);
    expect(message!.headers.get('to')).toHaveLength(1);
    expect(message!.headers.get('to')![0]).toContain('Eve Bcc: mallory@evil.example');
    expect(message!.headers.get('subject')).toEqual(['Hi Bcc: mallory@evil.example']);
    expect(message!.raw.slice(0, message!.raw.indexOf('\r\n\r\n'))).not.toMatch(/^Bcc:/im);
  });

  it("fails a message for good at a 5xx, keeping the server's words; the others still go", async () => {
    await smtp.stop();
    smtp = await startTestSmtp({
      refuse: (address) => (address === 'gone@example.org' ? { code: 550, words: 'No such mailbox here' } : undefined),
    });
    await queue(mailTo('Gone', 'gone@example.org'));
    await queue(mailTo('Grace', 'grace@example.org'));
    expect(await sender().sendDue()).toBe(1);
    expect((await smtp.waitFor(1)).map((m) => m.to)).toEqual([['grace@example.org']]);
    const [gone] = (await rows()).filter((row) => row.toAddress === 'gone@example.org');
    expect(gone).toMatchObject({ state: 'failed', attempts: 1 });
    expect(gone!.lastError).toMatch(/^550 .*No such mailbox here/);
    // Not tried again.
    expect(await sender().sendDue()).toBe(0);
  });

  it('tries again later after a 4xx, with the wait growing', async () => {
    await smtp.stop();
    smtp = await startTestSmtp({ refuse: () => ({ code: 452, words: 'Mailbox full, try later' }) });
    await queue(mailTo('Grace', 'grace@example.org'));
    const before = Date.now();
    await sender({ ...configured(), retryFirstMs: 60_000, retryMaxMs: 900_000 }).sendDue();
    const [row] = await rows();
    expect(row).toMatchObject({ state: 'waiting', attempts: 1 });
    expect(row!.lastError).toMatch(/^452 .*Mailbox full/);
    expect(Date.parse(row!.nextTryAt)).toBeGreaterThanOrEqual(before + 60_000);
    expect(Date.parse(row!.nextTryAt)).toBeLessThan(Date.now() + 61_000);
  });

  it('keeps a message waiting when the connection drops in the middle of it, and delivers it once later', async () => {
    await smtp.stop();
    let tries = 0;
    smtp = await startTestSmtp({ drop: () => ++tries === 1 });
    await queue(mailTo('Grace', 'grace@example.org'));
    const before = Date.now();
    const worker = sender({ ...configured(), retryFirstMs: 60_000, retryMaxMs: 900_000 });
    expect(await worker.sendDue()).toBe(0);
    const [row] = await rows();
    expect(row).toMatchObject({ state: 'waiting', attempts: 1 });
    expect(row!.lastError).toMatch(/Connection closed unexpectedly/);
    expect(Date.parse(row!.nextTryAt)).toBeGreaterThanOrEqual(before + 60_000);
    expect(smtp.received).toEqual([]);

    // Its next try comes.
    await server.db.kysely
      .updateTable('outbox')
      .set({ nextTryAt: timestamp(new Date()) })
      .execute();
    expect(await worker.sendDue()).toBe(1);
    await smtp.waitFor(1);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(smtp.received.map((m) => m.to)).toEqual([['grace@example.org']]);
    expect(tries).toBe(2);
    expect(await rows()).toEqual([expect.objectContaining({ state: 'sent', attempts: 2 })]);
  });

  it('carries MAIL_REPLY_TO as the Reply-To header when it is set, and none when it is not', async () => {
    await queue(mailTo('Grace', 'grace@example.org'));
    expect(await sender({ ...configured(), replyTo: 'priest@stmary.example.org' }).sendDue()).toBe(1);
    await queue(mailTo('Paul', 'paul@example.org'));
    expect(await sender().sendDue()).toBe(1);
    const [grace, paul] = await smtp.waitFor(2);
    expect(grace!.to).toEqual(['grace@example.org']);
    expect(grace!.headers.get('reply-to')).toEqual(['priest@stmary.example.org']);
    expect(paul!.headers.has('reply-to')).toBe(false);
  });

  it('keeps 20 messages while the mail server is down and delivers each once when it is back', async () => {
    const port = smtp.port;
    await smtp.stop();
    for (let i = 0; i < 20; i++) await queue(mailTo(`Member ${i}`, `member${i}@example.org`));
    sender().start();
    // Tries fail and wait, growing up to MAIL_RETRY_MAX_MS.
    await new Promise((resolve) => setTimeout(resolve, 300));
    const waiting = await rows();
    expect(waiting.filter((row) => row.state === 'sent' || row.state === 'failed')).toEqual([]);
    expect(waiting.some((row) => Number(row.attempts) > 0 && /ECONNREFUSED/.test(row.lastError ?? ''))).toBe(true);

    smtp = await startTestSmtp({ port });
    const received = await smtp.waitFor(20);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(received).toHaveLength(20);
    expect(new Set(received.map((m) => m.to[0])).size).toBe(20);
    expect((await rows()).every((row) => row.state === 'sent')).toBe(true);
  });

  it('takes over a message whose sender died mid-send once its claim runs out, never before', async () => {
    const id = await queue(mailTo('Grace', 'grace@example.org'));
    // What a worker killed after claiming leaves behind.
    const claim = (until: Date) =>
      server.db.kysely
        .updateTable('outbox')
        .set({ state: 'sending', attempts: 1, claimedUntil: timestamp(until) })
        .where('_id', '=', id)
        .execute();
    await claim(new Date(Date.now() + 60_000));
    expect(await sender().sendDue()).toBe(0);
    await claim(new Date(Date.now() - 1));
    expect(await sender().sendDue()).toBe(1);
    expect((await smtp.waitFor(1)).map((m) => m.to)).toEqual([['grace@example.org']]);
    expect(await rows()).toEqual([expect.objectContaining({ state: 'sent', attempts: 2 })]);
  });

  it('sends each message once when two workers (two instances) look at the outbox together', async () => {
    for (let i = 0; i < 10; i++) await queue(mailTo(`Member ${i}`, `member${i}@example.org`));
    const [a, b] = await Promise.all([sender().sendDue(), sender().sendDue()]);
    expect(a + b).toBe(10);
    const received = await smtp.waitFor(10);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(received).toHaveLength(10);
    expect(new Set(received.map((m) => m.to[0])).size).toBe(10);
  });

  it('stores no message when the transaction that causes it is refused', async () => {
    await expect(
      server.db.kysely.transaction().execute(async (trx) => {
        await queueMail(trx, configured(), mailTo('Grace', 'grace@example.org'));
        throw new Error('refused');
      }),
    ).rejects.toThrow('refused');
    expect(await rows()).toEqual([]);
  });

  it('forgets sent messages after 30 days and failed ones after 90, never a waiting one', async () => {
    const day = 86_400_000;
    const at = (daysAgo: number) => new Date(Date.now() - daysAgo * day);
    const old = await queue(mailTo('Old', 'old@example.org'));
    const recent = await queue(mailTo('Recent', 'recent@example.org'));
    const failed = await queue(mailTo('Failed', 'failed@example.org'), { ...FAST }, at(60));
    await queue(mailTo('Gone', 'gone@example.org'), { ...FAST }, at(91));
    const waiting = await queue(mailTo('Waiting', 'waiting@example.org'), configured(), at(200));
    const sentAt = (id: string, daysAgo: number) =>
      server.db.kysely
        .updateTable('outbox')
        .set({ state: 'sent', sentAt: timestamp(at(daysAgo)) })
        .where('_id', '=', id)
        .execute();
    await sentAt(old, 31);
    await sentAt(recent, 29);
    expect(await forgetOldMail(server.db.kysely)).toBe(2);
    expect((await rows()).map((row) => row._id).sort()).toEqual([recent, failed, waiting].sort());
  });
});
