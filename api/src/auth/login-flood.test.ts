import { loadConfig } from '../config';
import { engines, startServer, type CallResult, type TestServer } from '../testing/harness';
import { signedInMembers } from '../testing/members';

// Exhaustion, the logins: a crowd of addresses sending wrong passwords, each under its per-address
// limit, must not queue everyone's sign-in behind their hashes (auth/attempts.ts).

jest.setTimeout(60_000);

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Wrong attempts answered while the Admin's waited: far below the ~150 of a queue behind all of them. */
const OVERTAKEN = 40;

describe('password attempts', () => {
  let server: TestServer;
  /** Login requests the server has read. */
  let logins = 0;
  /** A wrong or right password for an email, sent from `address` (the proxy in front says so). */
  const login = (email: string, password: string, address: string) =>
    server.call('POST', '/api/v1/admin/login', {
      json: { email, password },
      headers: { 'x-forwarded-for': address },
    });
  const OWNERS_ADDRESS = '10.9.9.9';
  /** 40 addresses of a network, each sending its 5 attempts (the login's limit per address) at once. */
  const flood = (network: string, emailOf: (address: number, attempt: number) => string) =>
    Array.from({ length: 40 }, (_, address) =>
      Array.from({ length: 5 }, (__, attempt) =>
        login(emailOf(address, attempt), 'a wrong password', `${network}.${address + 1}`),
      ),
    ).flat();

  beforeAll(async () => {
    server = await startServer(engines()[0]![1], {
      // A hash costly enough that 200 of them queue (tens of milliseconds each, two at once).
      passwordHashCost: 14,
      loginRateMax: 5,
      trustProxy: ['127.0.0.1'],
      connections: { ...loadConfig({}).connections, maxConnectionsPerAddress: 1000 },
    });
    server.app.server.on('request', (request: { url?: string }) => {
      if (request.url?.endsWith('/admin/login')) logins++;
    });
    // The Admin signed in from this address before.
    expect((await login(server.admin.email, server.admin.password, OWNERS_ADDRESS)).status).toBe(200);
  });
  afterAll(() => server.close());

  /**
   * Once the server has read most of `attempts`, the owner signs in: its answer, and how many wrong ones
   * were hashed (answered 401) while it waited. Those hashed before it was sent depend only on how fast
   * this machine reads the flood, so they are not counted against it.
   */
  async function ownerDuring(attempts: Promise<CallResult>[]) {
    let hashed = 0;
    const counted = attempts.map((attempt) =>
      attempt.then((answer) => {
        if (answer.status === 401) hashed++;
        return answer;
      }),
    );
    const readFrom = logins;
    const end = Date.now() + 10_000;
    while (logins - readFrom < attempts.length * 0.75 && Date.now() < end) await sleep(10);
    const hashedAtSend = hashed;
    const owner = await login(server.admin.email, server.admin.password, OWNERS_ADDRESS);
    const hashedWhileOwnerWaited = hashed - hashedAtSend;
    return { owner, hashedWhileOwnerWaited, answers: await Promise.all(counted) };
  }

  it("answers the excess of a flood on the Admin's account 429 before hashing, and the Admin signs in first", async () => {
    const { owner, hashedWhileOwnerWaited, answers } = await ownerDuring(flood('10.1.0', () => server.admin.email));
    expect(owner.status).toBe(200);
    // Before: the Admin's waited behind every wrong one read (about 150). Now only those being hashed
    // when it came (two at once), and answers already on their way back, arrive before it: a handful,
    // 10 to 13 on a machine building the apps beside this suite.
    expect(hashedWhileOwnerWaited).toBeLessThan(OVERTAKEN);
    // One attempt on the account at a time: how many get hashed depends on how long this machine takes
    // to read the flood, but never most of the 200 (all of them before).
    const hashed = answers.filter((answer) => answer.status === 401).length;
    expect(hashed).toBeLessThan(50);
    for (const answer of answers.filter((each) => each.status !== 401)) {
      expect(answer.status).toBe(429);
      expect(answer.body.message).toMatch(/Please wait \d+ seconds? and try again\.$/);
      expect(Number(answer.headers.get('retry-after'))).toBeGreaterThan(0);
    }
  });

  it('lets the Admin sign in ahead of a flood spread over other emails', async () => {
    const { owner, hashedWhileOwnerWaited } = await ownerDuring(
      flood('10.3.0', (address, attempt) => `someone${address}.${attempt}@example.org`),
    );
    expect(owner.status).toBe(200);
    expect(hashedWhileOwnerWaited).toBeLessThan(OVERTAKEN);
  });

  it("checks one guess of a member's current password at a time, like a login's", async () => {
    const members = await signedInMembers(server);
    const guest = members['Guest User'].token;
    const guesses = await Promise.all(
      Array.from({ length: 5 }, (_, index) =>
        server.call('PUT', '/api/v1/account/password', {
          token: guest,
          json: { currentPassword: `guess ${index}`, newPassword: 'a new password here' },
          headers: { 'x-forwarded-for': `10.2.0.${index + 1}` },
        }),
      ),
    );
    const statuses = guesses.map((guess) => guess.status).sort();
    expect(statuses.filter((status) => status === 400).length).toBe(1);
    expect(statuses.filter((status) => status === 429).length).toBe(4);
  });
});
