import { sql } from 'kysely';
import { MAIL_MESSAGES } from '../mail/outbox';
import { MailSender } from '../mail/worker';
import { engines, startServer, type TestServer } from '../testing/harness';
import { startTestSmtp, type Received, type TestSmtp } from '../testing/smtp';

/** The tests' waits: milliseconds where a server waits seconds and minutes. */
const FAST = { pollMs: 20, retryFirstMs: 20, retryMaxMs: 200, claimMs: 60_000 };
const FROM = { name: "St Mary's Parish", address: 'office@stmary.example.org' };

/** The set-password link in a mail's plain-text part. */
const linkIn = (message: Received) => /Set your password: (\S+)/.exec(message.text)?.[1];

describe.each(engines())('the team’s mail on %s', (_name, engine) => {
  let server: TestServer;
  let smtp: TestSmtp;
  let token: string;
  let sender: MailSender;
  const rows = () => server.db.kysely.selectFrom('outbox').selectAll().orderBy('_id').execute();
  const add = (name: string, email: string) =>
    server.call('POST', '/api/v1/team', { token, json: { name, email, role: 'Manager' } });

  beforeAll(async () => {
    smtp = await startTestSmtp();
    server = await startServer(engine, {
      publicUrl: 'https://office.example.org',
      mail: { ...FAST, smtpUrl: smtp.url, from: FROM },
    });
    token = await server.login();
  });
  beforeEach(async () => {
    smtp.received.length = 0;
    sender = new MailSender(server.db, server.config.mail, server.app.log).start();
  });
  afterEach(() => sender.stop());
  afterAll(async () => {
    await server.close();
    await smtp.stop();
  });

  it('mails a new member their invitation, whose link sets the password; the Admin sees it too', async () => {
    const added = await add('Sister Grace', 'grace@parish.org');
    expect(added.status).toBe(201);
    expect(added.body.link).toMatchObject({ mailed: true });
    const [message] = await smtp.waitFor(1);
    expect(message!.to).toEqual(['grace@parish.org']);
    expect(message!.headers.get('subject')).toEqual(["You are invited to Our Parish's back-office"]);
    expect(message!.text).toContain('Dear Sister Grace,');
    expect(message!.text).toContain("added you to Our Parish's back-office as Manager.");
    expect(message!.html).toContain('Set your password</a>');
    const url = linkIn(message!)!;
    expect(url).toBe(added.body.link.url);
    expect(url).toMatch(/^https:\/\/office\.example\.org\/set-password\?token=[\w-]{43}$/);

    const set = await server.call('POST', '/api/v1/account/set-password', {
      json: { token: new URL(url).searchParams.get('token'), password: 'grace chose this one' },
    });
    expect(set.status).toBe(200);
    // Her first password set is told too: an invitation's link used by someone else would show.
    const [, notice] = await smtp.waitFor(2);
    expect(notice!.to).toEqual(['grace@parish.org']);
    expect(notice!.headers.get('subject')).toEqual(["Your password for Our Parish's back-office was set"]);
    const login = await server.call('POST', '/api/v1/admin/login', {
      json: { email: 'grace@parish.org', password: 'grace chose this one' },
    });
    expect(login.status).toBe(200);
  });

  it("mails an Admin's new link for a member; the earlier one stops working", async () => {
    const added = await add('Brother Tom', 'tom@parish.org');
    await smtp.waitFor(1);
    const made = await server.call('POST', `/api/v1/team/${added.body.data._id}/link`, { token });
    expect(made.status).toBe(201);
    const [, message] = await smtp.waitFor(2);
    expect(message!.to).toEqual(['tom@parish.org']);
    expect(message!.headers.get('subject')).toEqual(["A new link to set your password for Our Parish's back-office"]);
    expect(linkIn(message!)).toBe(made.body.link.url);
    const old = await server.call('POST', '/api/v1/account/set-password', {
      json: { token: new URL(added.body.link.url as string).searchParams.get('token'), password: 'tom tries the old' },
    });
    expect(old.status).toBe(400);
  });

  it('stores no mail for a refused member (an email already in use)', async () => {
    const before = (await rows()).length;
    const refused = await add('Someone Else', 'grace@parish.org');
    expect(refused.status).toBe(409);
    expect(await rows()).toHaveLength(before);
  });

  it('adds no member when their invitation cannot be stored: the member, the link and the mail are one', async () => {
    const kysely = server.db.kysely;
    if (engine.engine === 'postgres') {
      await sql`create function refuse_mail() returns trigger language plpgsql as $$
        begin raise exception 'disk on fire'; end $$`.execute(kysely);
      await sql`create trigger refuse before insert on outbox for each row execute function refuse_mail()`.execute(
        kysely,
      );
    } else {
      await sql`create trigger refuse before insert on outbox begin select raise(abort, 'disk on fire'); end`.execute(
        kysely,
      );
    }
    try {
      const links = () => kysely.selectFrom('passwordLinks').select('adminId').execute();
      const before = { mail: (await rows()).length, links: (await links()).length };
      const refused = await add('Brother Lost', 'lost@parish.org');
      expect(refused.status).toBe(500);
      expect(await kysely.selectFrom('admins').select('_id').where('email', '=', 'lost@parish.org').execute()).toEqual(
        [],
      );
      expect(await links()).toHaveLength(before.links);
      expect(await rows()).toHaveLength(before.mail);
    } finally {
      await sql`drop trigger refuse${sql.raw(engine.engine === 'postgres' ? ' on outbox' : '')}`.execute(kysely);
      if (engine.engine === 'postgres') await sql`drop function refuse_mail()`.execute(kysely);
    }
    // Once the mail can be stored again, the same address can be added.
    expect((await add('Brother Lost', 'lost@parish.org')).status).toBe(201);
    expect((await smtp.waitFor(1)).map((message) => message.to)).toEqual([['lost@parish.org']]);
  });

  it('sends a CR/LF in a member’s name as text inside the To header, to no one else', async () => {
    const added = await add('Eve\r\nBcc: mallory@evil.example', 'eve@parish.org');
    expect(added.status).toBe(201);
    const [message] = await smtp.waitFor(1);
    expect(message!.to).toEqual(['eve@parish.org']);
    expect(message!.headers.has('bcc')).toBe(false);
    expect(message!.headers.get('to')).toHaveLength(1);
    expect(message!.headers.get('to')![0]).toContain('Eve Bcc: mallory@evil.example');
  });

  it('keeps 20 invitations while the mail server is down and delivers each once when it is back', async () => {
    const port = smtp.port;
    await smtp.stop();
    for (let i = 0; i < 20; i++) expect((await add(`Member ${i}`, `member${i}@parish.org`)).status).toBe(201);
    await new Promise((resolve) => setTimeout(resolve, 300));
    const invitations = (await rows()).filter((row) => row.toAddress.startsWith('member'));
    expect(invitations).toHaveLength(20);
    expect(invitations.filter((row) => row.state === 'sent')).toEqual([]);

    smtp = await startTestSmtp({ port });
    const received = await smtp.waitFor(20);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(received).toHaveLength(20);
    expect(new Set(received.map((message) => message.to[0])).size).toBe(20);
    const after = (await rows()).filter((row) => row.toAddress.startsWith('member'));
    expect(after.every((row) => row.state === 'sent')).toBe(true);
  });
});

describe.each(engines())('the team without a mail server on %s', (_name, engine) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer(engine, { publicUrl: 'https://office.example.org' });
  });
  afterAll(() => server.close());

  it('shows the link to hand over and keeps the invitation as not sent', async () => {
    const token = await server.login();
    const added = await server.call('POST', '/api/v1/team', {
      token,
      json: { name: 'Sister Grace', email: 'grace@parish.org', role: 'Manager' },
    });
    expect(added.status).toBe(201);
    expect(added.body.link).toMatchObject({ mailed: false, url: expect.stringContaining('/set-password?token=') });
    const rows = await server.db.kysely.selectFrom('outbox').selectAll().execute();
    expect(rows).toEqual([
      expect.objectContaining({
        kind: 'invitation',
        toAddress: 'grace@parish.org',
        state: 'failed',
        lastError: MAIL_MESSAGES.notConfigured,
      }),
    ]);
  });
});
