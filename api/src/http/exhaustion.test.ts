import { engines, startServer, type TestServer } from '../testing/harness';
import { storedRequest } from '../testing/exports';
import { signedInMembers, type SignedInMember, type TeamRole } from '../testing/members';
import { REGISTRY } from '../registry';

// Exhaustion: what one member, or a crowd of addresses, can take from everyone else. Exports and PDFs
// are CPU-bound and large; logins pay for a slow hash. None may starve the public reads or the other
// members' calls.

jest.setTimeout(60_000);

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Stores `count` prayer requests straight into the table (the public submit is rate-limited). */
async function seedPrayerRequests(server: TestServer, count: number): Promise<void> {
  const start = Date.UTC(2025, 0, 1);
  const rows = Array.from({ length: count }, (_, index) =>
    storedRequest(`Please pray for my family, request ${index}`, new Date(start + index * 60_000).toISOString()),
  );
  for (let from = 0; from < rows.length; from += 500) {
    await server.db.kysely
      .insertInto('prayerRequests')
      .values(rows.slice(from, from + 500))
      .execute();
  }
}

describe('exports and PDFs', () => {
  let server: TestServer;
  let admin: string;
  let members: Record<TeamRole, SignedInMember>;
  const pdfOf = (member: SignedInMember) => `/api/v1/masses/week/${member.id}/pdf`;

  beforeAll(async () => {
    // Shedding on, as in production: an export must not make the event loop lag past its limit.
    server = await startServer(engines()[0]![1], { eventLoopLagLimitMs: 500 });
    admin = await server.login();
    members = await signedInMembers(server);
    // As many as an Excel export writes.
    await seedPrayerRequests(server, server.config.excelExportMaxRows);
  });
  afterAll(() => server.close());

  it("answers a member's second export or PDF while the first is made with 429 in words and Retry-After", async () => {
    // The Admin, who may export every list.
    const member = { id: server.admin._id, token: admin };
    let firstDone = false;
    const first = server
      .call('GET', '/api/v1/export/prayer-requests.xlsx', { token: member.token })
      .finally(() => (firstDone = true));
    // The first is under way once the server has read its request (it takes a second or more).
    await sleep(150);
    const others = [
      ...REGISTRY.exports.flatMap((definition) =>
        ['csv', 'xlsx'].map((ext) => `/api/v1/export/${definition.name}.${ext}`),
      ),
      pdfOf(member),
    ];
    const answers = await Promise.all(others.map((url) => server.call('GET', url, { token: member.token })));
    for (const [index, answer] of answers.entries()) {
      expect([others[index], answer.status]).toEqual([others[index], 429]);
      expect(answer.body.message).toMatch(/^Your previous export is still being prepared\. .*try again/);
      expect(Number(answer.headers.get('retry-after'))).toBeGreaterThan(0);
    }
    // All answered while the first was still being made.
    expect(firstDone).toBe(false);
    expect((await first).status).toBe(200);
    // Once it is done, the next is made.
    expect((await server.call('GET', pdfOf(member), { token: member.token })).status).toBe(200);
  });

  it("keeps the other members' calls and the public reads answered while exports and PDFs run in loops", async () => {
    const guest = members['Guest User'];
    const manager = members.Manager;
    let running = true;
    const statuses: number[] = [];
    const loop = async (member: SignedInMember, url: string) => {
      while (running) {
        const answer = await server.call('GET', url, { token: member.token });
        statuses.push(answer.status);
        if (answer.status !== 200) await sleep(50);
      }
    };
    const loops = [
      loop(guest, '/api/v1/export/prayer-requests.xlsx'),
      loop(guest, '/api/v1/export/prayer-requests.xlsx'),
      loop(manager, '/api/v1/export/prayer-requests.csv'),
      ...Array.from({ length: 4 }, () => loop(guest, pdfOf(guest))),
    ];
    const account: number[] = [];
    const publicWaits: number[] = [];
    try {
      await sleep(300);
      for (let round = 0; round < 12; round++) {
        account.push((await server.call('GET', '/api/v1/account', { token: admin })).status);
        const started = performance.now();
        expect((await server.call('GET', '/api/v1/version')).status).toBe(200);
        publicWaits.push(performance.now() - started);
        await sleep(250);
      }
    } finally {
      running = false;
      await Promise.all(loops);
    }
    // Exports were made meanwhile, and the excess refused in words (never shed as a busy server).
    expect(statuses).toContain(200);
    expect(statuses.filter((status) => status !== 200 && status !== 429)).toEqual([]);
    expect(account).toEqual(Array(12).fill(200));
    // Generous on a shared machine (a public read takes milliseconds): a workbook used to hold the
    // event loop for three seconds or more at a time.
    expect(Math.max(...publicWaits)).toBeLessThan(2000);
  });
});
