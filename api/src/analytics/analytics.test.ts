import { newId } from '../db/ids';
import { engines, multipartForm, startServer, type TestServer } from '../testing/harness';
import { computeAnalytics, donationMonths } from './figures';

/** 'YYYY-MM' of the UTC month `back` months before `now`'s. */
const monthBefore = (now: Date, back: number) =>
  new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - back, 1)).toISOString().slice(0, 7);

describe('donationMonths', () => {
  it('lists the 12 UTC calendar months up to the current one, oldest first, across a new year', () => {
    expect(donationMonths(new Date('2026-02-28T23:59:59.999Z'))).toEqual([
      '2025-03',
      '2025-04',
      '2025-05',
      '2025-06',
      '2025-07',
      '2025-08',
      '2025-09',
      '2025-10',
      '2025-11',
      '2025-12',
      '2026-01',
      '2026-02',
    ]);
  });

  it('reads the month in UTC, whatever the local time zone says', () => {
    // 1 December 2026 00:30 in Lagos (UTC+1) is still November in UTC.
    expect(donationMonths(new Date('2026-11-30T23:30:00.000Z')).at(-1)).toBe('2026-11');
    expect(donationMonths(new Date('2026-12-01T00:00:00.000Z')).at(-1)).toBe('2026-12');
  });
});

describe.each(engines())('GET /api/v1/analytics/:userId on %s', (_name, engine) => {
  let server: TestServer;
  let token: string;
  beforeAll(async () => {
    server = await startServer(engine);
    token = await server.login();
  });
  afterAll(() => server.close());

  it('answers every dashboard figure, 0 (or null) while the server stores none of their sources', async () => {
    const res = await server.call('GET', `/api/v1/analytics/${server.admin._id}`, { token });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      message: expect.any(String),
      data: {
        totalUsers: 0,
        totalBooks: 0,
        newUsers: 0,
        newBooks: 0,
        mostDownloadedBook: null,
        totalUsersFollowingReadingPlan: 0,
        percentageOfUsersCompletingDailyReadings: 0,
        dropOffRate: 0,
        totalPrayerRequests: 0,
        totalPrayerRequestsResponded: 0,
        donationsByMonth: donationMonths(new Date()).map((month) => ({ month, count: 0 })),
      },
    });
  });

  describe('donationsByMonth', () => {
    /** Stores a donation created at `createdAt`, as the add route writes one. */
    const storeDonation = (createdAt: string) =>
      server.db.kysely
        .insertInto('donations')
        .values({
          _id: newId(new Date(createdAt)),
          donationName: `Given ${createdAt}`,
          donationDescription: 'A gift',
          fileName: 'gift.pdf',
          isImage: 0,
          createdAt,
          updatedAt: createdAt,
        })
        .execute();

    afterAll(() => server.db.kysely.deleteFrom('donations').execute());

    it('counts the donations added in each of the last 12 UTC months, zero-filled, oldest first', async () => {
      const added = await server.call('POST', `/api/v1/add/donation/${server.admin._id}`, {
        token,
        form: multipartForm(
          { donationName: 'Roof fund', donationDescription: 'For the roof' },
          { file: { name: 'roof.pdf', type: 'application/pdf', content: '%PDF-1.4 roof' } },
        ),
      });
      expect(added.status).toBe(201);
      const now = new Date();
      const startOf = (back: number) => `${monthBefore(now, back)}-01T00:00:00.000Z`;
      await storeDonation(startOf(0));
      await storeDonation(startOf(2));
      await storeDonation(`${monthBefore(now, 2)}-15T12:00:00.000Z`);
      await storeDonation(startOf(11)); // the oldest month shown
      await storeDonation(new Date(Date.parse(startOf(11)) - 1).toISOString()); // the month before: left out
      await storeDonation(startOf(-1)); // a later month (a clock set wrong): left out

      const res = await server.call('GET', `/api/v1/analytics/${server.admin._id}`, { token });
      expect(res.status).toBe(200);
      const expected = new Map([
        [monthBefore(now, 0), 2],
        [monthBefore(now, 2), 2],
        [monthBefore(now, 11), 1],
      ]);
      expect(res.body.data.donationsByMonth).toEqual(
        donationMonths(now).map((month) => ({ month, count: expected.get(month) ?? 0 })),
      );
    });

    it('keys each month by the UTC date of its donations, at a fixed moment', async () => {
      await server.db.kysely.deleteFrom('donations').execute();
      await storeDonation('2026-01-31T23:59:59.999Z');
      await storeDonation('2026-02-01T00:00:00.000Z');
      await storeDonation('2026-02-28T23:59:59.999Z');
      await storeDonation('2025-03-01T00:00:00.000Z');
      await storeDonation('2025-02-28T23:59:59.999Z');
      const { donationsByMonth } = await computeAnalytics(server.db, new Date('2026-02-10T08:00:00.000Z'));
      expect(donationsByMonth).toHaveLength(12);
      expect(donationsByMonth[0]).toEqual({ month: '2025-03', count: 1 });
      expect(donationsByMonth.slice(-2)).toEqual([
        { month: '2026-01', count: 1 },
        { month: '2026-02', count: 2 },
      ]);
      expect(donationsByMonth.slice(1, -2).every((entry) => entry.count === 0)).toBe(true);
    });
  });

  it('answers 401 without a token', async () => {
    const res = await server.call('GET', `/api/v1/analytics/${server.admin._id}`);
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ message: expect.stringMatching(/log in/i) });
  });

  it('answers 401 for a forged token, also with the Bearer scheme missing', async () => {
    const forged = await server.call('GET', `/api/v1/analytics/${server.admin._id}`, { token: 'a'.repeat(43) });
    expect(forged.status).toBe(401);
    const raw = await server.call('GET', `/api/v1/analytics/${server.admin._id}`, {
      headers: { authorization: token },
    });
    expect(raw.status).toBe(401);
  });

  it('answers 403 for another user id', async () => {
    const res = await server.call('GET', '/api/v1/analytics/0123456789abcdef01234567', { token });
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ message: 'You may only act on your own account' });
  });

  it.each(['garbage', "1' OR '1'='1", '%E2%9C%9D', '%00', 'x'.repeat(100)])(
    'answers 403 (never 500) for the id %s',
    async (id) => {
      const res = await server.call('GET', `/api/v1/analytics/${id}`, { token });
      expect(res.status).toBe(403);
      expect(res.body).toEqual({ message: 'You may only act on your own account' });
    },
  );

  it('answers 414 with a message for an absurdly long id', async () => {
    const res = await server.call('GET', `/api/v1/analytics/${'x'.repeat(500)}`, { token });
    expect(res.status).toBe(414);
    expect(res.body).toEqual({ message: 'A part of the address is too long' });
  });

  it('answers 400 with a message for a wrongly encoded id', async () => {
    const res = await server.call('GET', '/api/v1/analytics/%E0%A4%A', { token });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ message: expect.stringMatching(/address is not valid/) });
  });
});
