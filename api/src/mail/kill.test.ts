import { engines } from '../testing/harness';
import { spawnedServer, type SpawnedServer } from '../testing/spawned';
import { startTestSmtp, type TestSmtp } from '../testing/smtp';

const ADMIN = { email: 'admin@example.com', password: 'a long enough password' };

describe.each(engines())('a kill -9 in the middle of a send on %s', (_name, engine) => {
  let server: SpawnedServer;
  let smtp: TestSmtp;
  let hold = true;
  let held = 0;

  beforeAll(async () => {
    smtp = await startTestSmtp({
      hold: () => {
        if (hold) held++;
        return hold;
      },
    });
    server = await spawnedServer(engine, ADMIN, {
      SMTP_URL: smtp.url,
      MAIL_FROM: 'office@stmary.example.org',
      MAIL_POLL_MS: '50',
      MAIL_RETRY_FIRST_MS: '50',
      MAIL_RETRY_MAX_MS: '200',
      // A killed sender's claim runs out quickly here (5 minutes on a server).
      MAIL_CLAIM_MS: '1500',
    });
    await server.start();
  }, 60_000);
  afterAll(async () => {
    await server.close();
    await smtp.stop();
  });

  it('loses no message: the restarted server sends it once the claim runs out, and the server had confirmed none', async () => {
    const { token } = await server.login();
    const added = await fetch(`${server.url}/api/v1/team`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ name: 'Sister Grace', email: 'grace@parish.org', role: 'Manager' }),
    });
    expect(added.status).toBe(201);
    // The message's data reached the mail server, which has not answered it: the sender dies now.
    for (let tries = 0; held === 0 && tries < 200; tries++) await new Promise((resolve) => setTimeout(resolve, 50));
    expect(held).toBe(1);
    await server.kill();
    expect(smtp.received).toEqual([]);

    hold = false;
    await server.start();
    const [message] = await smtp.waitFor(1, 20_000);
    expect(message!.to).toEqual(['grace@parish.org']);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(smtp.received).toHaveLength(1);
    const again = await server.login();
    const outbox = await fetch(`${server.url}/api/v1/mail`, { headers: { authorization: `Bearer ${again.token}` } });
    const { data } = (await outbox.json()) as { data: { messages: { state: string; attempts: number }[] } };
    expect(data.messages).toEqual([expect.objectContaining({ state: 'sent', attempts: 2 })]);
  }, 60_000);
});
