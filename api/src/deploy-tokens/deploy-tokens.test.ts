import { createHash } from 'node:crypto';
import fs from 'node:fs';
import { createAdmin } from '../auth/admins';
import { MailSender } from '../mail/worker';
import { adoptBuilds } from '../testing/archives';
import { engines, makeFrontEndFixture, startServer, type TestServer } from '../testing/harness';
import { storedState } from '../testing/snapshot';
import { startTestSmtp, type TestSmtp } from '../testing/smtp';
import { DEPLOY_TOKEN_MESSAGES } from './routes';

// Deploy tokens (Settings → Deployed versions): an Admin creates one for one remote, sees its secret
// once, and revokes it; only its SHA-256 is stored.

const DAY_MS = 86_400_000;
const inDays = (days: number) => new Date(Date.now() + days * DAY_MS).toISOString();

describe.each(engines())('deploy tokens on %s', (_name, engine) => {
  let server: TestServer;
  let token: string;
  let fixture: ReturnType<typeof makeFrontEndFixture>;
  let smtp: TestSmtp;
  let sender: MailSender;
  const outbox = () => server.db.kysely.selectFrom('outbox').selectAll().orderBy('_id').execute();
  const create = (json: unknown, as = token) => server.call('POST', '/api/v1/deploy-tokens', { token: as, json });

  beforeAll(async () => {
    fixture = makeFrontEndFixture();
    smtp = await startTestSmtp();
    server = await startServer(engine, {
      staticRoots: fixture.staticRoots,
      publicUrl: 'https://office.example.org',
      mail: {
        pollMs: 60_000,
        retryFirstMs: 20,
        retryMaxMs: 200,
        claimMs: 60_000,
        smtpUrl: smtp.url,
        from: { name: '', address: 'office@stmary.example.org' },
      },
    });
    // Never started: the test that reads the notices sends what is due itself.
    sender = new MailSender(server.db, server.config.mail, server.app.log);
    await adoptBuilds(server);
    token = await server.login();
  });
  afterAll(async () => {
    await sender.stop();
    await server.close();
    await smtp.stop();
    fs.rmSync(fixture.root, { recursive: true, force: true });
  });

  it('answers the secret once, stores only its hash, lists the token without it, and revokes it', async () => {
    const created = await create({
      name: '  Content CI  ',
      remote: 'content',
      scope: 'publish',
      expiresAt: inDays(90),
    });
    expect(created.status).toBe(201);
    const { token: made, secret } = created.body.data as { token: Record<string, unknown>; secret: string };
    expect(secret).toMatch(/^bo_deploy_[A-Za-z0-9_-]{43}$/);
    expect(made).toMatchObject({ name: 'Content CI', remote: 'content', scope: 'publish', state: 'active' });
    expect(made.lastUsedAt).toBeNull();

    const listed = await server.call('GET', '/api/v1/deploy-tokens', { token });
    expect(listed.body.data).toEqual([made]);
    // The activity line in the words of the screens, not the API's values (content, publish).
    const lines = async () =>
      (
        (await server.call('GET', '/api/v1/activity?kind=deploy%20token', { token })).body.data as { summary: string }[]
      ).map((line) => line.summary);
    for (let tries = 0; (await lines()).length === 0 && tries < 100; tries += 1) {
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    expect(await lines()).toEqual(['Created the deploy token “Content CI” for Content: it may publish only']);
    expect(listed.text).not.toContain(secret);
    const rows = await server.db.kysely.selectFrom('deployTokens').selectAll().execute();
    expect(JSON.stringify(rows)).not.toContain(secret);
    expect(rows[0]!.secretHash).toBe(createHash('sha256').update(secret).digest('hex'));

    const revoked = await server.call('POST', `/api/v1/deploy-tokens/${made._id as string}/revoke`, { token });
    expect(revoked.status).toBe(200);
    expect(revoked.body.data).toMatchObject({ state: 'revoked', revokedAt: expect.any(String) });
    const again = await server.call('POST', `/api/v1/deploy-tokens/${made._id as string}/revoke`, { token });
    expect(again.body.data.revokedAt).toBe(revoked.body.data.revokedAt);
    const refused = await server.call('GET', '/api/v1/releases/content', { token: secret });
    expect(refused.status).toBe(401);

    const missing = await server.call('POST', '/api/v1/deploy-tokens/aaaaaaaaaaaaaaaaaaaaaaaa/revoke', { token });
    expect([missing.status, missing.body.message]).toEqual([404, 'Deploy token not found']);
  });

  it('makes one token for a key sent again: the first answer holds its secret, a retry is refused in words', async () => {
    const count = async () => (await server.db.kysely.selectFrom('deployTokens').select('_id').execute()).length;
    const before = await count();
    const key = `deploy-${Date.now()}`;
    const input = { name: 'Finance CI', remote: 'content', scope: 'publish', expiresAt: inDays(30) };
    const send = (json: unknown = input) =>
      server.call('POST', '/api/v1/deploy-tokens', { token, json, headers: { 'idempotency-key': key } });
    const first = await send();
    expect(first.status).toBe(201);
    const { secret } = first.body.data as { secret: string };

    const again = await send();
    expect(again.status).toBe(409);
    expect(again.body).toEqual({ message: DEPLOY_TOKEN_MESSAGES.retried });
    expect(again.text).not.toContain(secret);
    expect(await count()).toBe(before + 1);
    // Another request with the key is refused as on any write.
    expect((await send({ ...input, name: 'Other CI' })).status).toBe(422);
    expect(await count()).toBe(before + 1);
    // The secret is nowhere but in the first answer, and it works.
    const kept = await server.db.kysely.selectFrom('idempotencyKeys').selectAll().where('key', '=', key).execute();
    expect(kept).toHaveLength(1);
    expect(JSON.stringify(kept)).not.toContain(secret);
    expect((await server.call('GET', '/api/v1/releases/content', { token: secret })).status).toBe(200);
  });

  it('makes one token however many sendings of one key arrive at once', async () => {
    const count = async () => (await server.db.kysely.selectFrom('deployTokens').select('_id').execute()).length;
    const before = await count();
    const key = `deploy-at-once-${Date.now()}`;
    const json = { name: 'Content CI', remote: 'content', scope: 'deploy', expiresAt: inDays(30) };
    const answers = await Promise.all(
      Array.from({ length: 4 }, () =>
        server.call('POST', '/api/v1/deploy-tokens', { token, json, headers: { 'idempotency-key': key } }),
      ),
    );
    expect(answers.map((answer) => answer.status).sort()).toEqual([201, 409, 409, 409]);
    expect(await count()).toBe(before + 1);
  });

  it.each([
    [
      'an unknown remote',
      { remote: 'payroll' },
      /"payroll" is not a remote with published releases \(known: content\)/,
    ],
    // The shell's releases (the login page among its files) are an Admin's to make, never a team token's.
    ['the shell', { remote: 'shell' }, /"shell" is not a remote with published releases \(known: content\)/],
    ['an expiry in the past', { expiresAt: inDays(-1) }, /The expiry must be in the future/],
    ['an absurd expiry', { expiresAt: inDays(400) }, /expires within 366 days/],
    ['an expiry that is no date', { expiresAt: 'next year' }, /Expires/],
    ['an empty name', { name: '   ' }, /Name is required/],
    ['a name too long', { name: 'x'.repeat(81) }, /Name .*80/],
    ['an unknown scope', { scope: 'admin' }, /Scope/],
  ])('refuses %s in words, storing nothing', async (_case, change, message) => {
    const before = await storedState(server);
    const mail = await outbox();
    const res = await create({ name: 'CI', remote: 'content', scope: 'deploy', expiresAt: inDays(30), ...change });
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(message);
    expect(await storedState(server)).toBe(before);
    expect(await outbox()).toEqual(mail);
  });

  it('tells every active Admin of a new token, each in their own message; no one else', async () => {
    const member = (email: string, role: string, name: string) =>
      createAdmin(server.db, email, 'a member password', server.config.passwordHashCost, { role, name });
    await member('second.admin@parish.org', 'Admin', 'Fr. Second');
    await member('grace@parish.org', 'Manager', 'Sister Grace');
    const gone = await member('gone.admin@parish.org', 'Admin', 'Fr. Gone');
    await server.db.kysely.updateTable('admins').set({ active: 0 }).where('_id', '=', gone).execute();
    // The tokens of the tests before this one go first.
    await sender.sendDue();
    smtp.received.length = 0;

    const created = await create({ name: 'Content CI', remote: 'content', scope: 'deploy', expiresAt: inDays(30) });
    expect(created.status).toBe(201);
    expect(await sender.sendDue()).toBe(2);
    expect(smtp.received.map((message) => message.to)).toEqual([[server.admin.email], ['second.admin@parish.org']]);
    const [, second] = smtp.received;
    expect(second!.headers.get('subject')).toEqual(["A new deploy token was made for Our Parish's back-office"]);
    expect(second!.text).toContain('Dear Fr. Second,');
    expect(second!.text).toMatch(
      /admin@example\.com made the deploy token “Content CI” for Content: it may publish, go live and roll back, until \d{1,2} \w+ \d{4}\./,
    );
    expect(second!.text).toContain('Open Settings → Deployed versions: https://office.example.org/settings/versions');
    expect(second!.text).not.toContain(created.body.data.secret as string);
  });

  it('is an Admin’s only: a Manager is refused in words', async () => {
    await createAdmin(server.db, 'manager@parish.org', 'a manager password', server.config.passwordHashCost, {
      role: 'Manager',
    });
    const login = await server.call('POST', '/api/v1/admin/login', {
      json: { email: 'manager@parish.org', password: 'a manager password' },
    });
    const manager = login.body.token as string;
    const res = await create({ name: 'CI', remote: 'content', scope: 'deploy', expiresAt: inDays(30) }, manager);
    expect(res.status).toBe(403);
    expect(res.body.message).toBe('Only an Admin can manage the team');
    expect((await server.call('GET', '/api/v1/deploy-tokens', { token: manager })).status).toBe(403);
    expect((await server.call('GET', '/api/v1/releases/content', { token: manager })).status).toBe(403);
  });
});
