import { engines, startServer, VALID_REFLECTION, type TestServer } from '../testing/harness';
import { signedInMembers } from '../testing/members';
import { localNow } from '../http/dates';
import { calendarDates, planWeek } from './calendar';

describe('planWeek', () => {
  it("counts a day of the year in sevens, the year's last days in week 52", () => {
    expect(planWeek('2026-01-01')).toBe(1);
    expect(planWeek('2026-01-07')).toBe(1);
    expect(planWeek('2026-01-08')).toBe(2);
    // Day 40, as the seeded plan dates it.
    expect(planWeek('2026-02-09')).toBe(6);
    expect(planWeek('2026-12-30')).toBe(52);
    expect(planWeek('2028-12-31')).toBe(52);
  });

  it('lists days across a month, a year and a leap day', () => {
    expect(calendarDates('2028-02-28', 3)).toEqual(['2028-02-28', '2028-02-29', '2028-03-01']);
    expect(calendarDates('2026-12-31', 2)).toEqual(['2026-12-31', '2027-01-01']);
  });
});

describe.each(engines())('GET /api/v1/analytics/calendar/:userId on %s', (_name, engine) => {
  let server: TestServer;
  let token: string;
  const calendar = (query: string, as = { id: server.admin._id, token }) =>
    server.call('GET', `/api/v1/analytics/calendar/${as.id}${query}`, { token: as.token });

  beforeAll(async () => {
    server = await startServer(engine);
    token = await server.login();
    const add = async (path: string, json: object) =>
      expect((await server.call('POST', `/api/v1/${path}/${server.admin._id}`, { token, json })).status).toBe(201);
    await add('add/adult/reflection', { ...VALID_REFLECTION, date: '2026-11-30' });
    await add('add/children/reflection', { ...VALID_REFLECTION, date: '2026-12-01' });
    // Outside the window: not counted.
    await add('add/adult/reflection', { ...VALID_REFLECTION, date: '2026-12-30' });
    await add('add/reading', { day: 334, week: 48, date: '2026-11-30', passage: 'Rev 1' });
    await add('add/reading', { day: 335, week: 48, date: '2026-12-01', passage: 'Rev 2' });
  });
  afterAll(() => server.close());

  it('answers each of the 30 days from the given one with what exists of it', async () => {
    const res = await calendar('?from=2026-11-30');
    expect(res.status).toBe(200);
    const { days, from, to } = res.body.data;
    expect({ from, to, count: days.length }).toEqual({ from: '2026-11-30', to: '2026-12-29', count: 30 });
    expect(days[0]).toEqual({
      date: '2026-11-30',
      adultReflection: true,
      childrenReflection: false,
      reading: true,
      planWeek: 48,
    });
    expect(days[1]).toEqual({
      date: '2026-12-01',
      adultReflection: false,
      childrenReflection: true,
      reading: true,
      planWeek: 48,
    });
    expect(days.filter((day: { adultReflection: boolean }) => day.adultReflection)).toHaveLength(1);
  });

  it("names the plan's weeks that miss a reading, with the days they miss", async () => {
    const { missingPlanWeeks } = (await calendar('?from=2026-11-30')).body.data;
    // Week 48 is days 330–336 (26 November to 2 December): only its last day lacks a reading.
    expect(missingPlanWeeks[0]).toEqual({ week: 48, missingDates: ['2026-12-02'] });
    expect(missingPlanWeeks[1].missingDates).toHaveLength(7);
    expect(missingPlanWeeks.map((week: { week: number }) => week.week)).toEqual([48, 49, 50, 51, 52]);
    expect(missingPlanWeeks.at(-1).missingDates.at(-1)).toBe('2026-12-29');
  });

  it('reads the plan by day of the year: a reading dated another year counts for the same day', async () => {
    const add = await server.call('POST', `/api/v1/add/reading/${server.admin._id}`, {
      token,
      json: { day: 350, week: 50, date: '2027-12-16', passage: 'Rev 17' },
    });
    expect(add.status).toBe(201);
    const { days, missingPlanWeeks } = (await calendar('?from=2026-11-30')).body.data;
    expect(days.find((day: { date: string }) => day.date === '2026-12-16').reading).toBe(true);
    expect(missingPlanWeeks.find((week: { week: number }) => week.week === 50).missingDates).not.toContain(
      '2026-12-16',
    );
    expect(
      (await server.call('DELETE', `/api/v1/delete/reading/${server.admin._id}/${add.body.data._id}`, { token }))
        .status,
    ).toBe(200);
  });

  it("starts on the server's today when no day is given", async () => {
    const res = await calendar('');
    expect(res.status).toBe(200);
    expect(res.body.data.from).toBe(localNow().date);
  });

  it.each([
    ['2026-02-30', 'From must be a calendar date written YYYY-MM-DD'],
    ['30/11/2026', 'From must be a calendar date written YYYY-MM-DD'],
    ['tomorrow', 'From must be a calendar date written YYYY-MM-DD'],
    ['9999-12-03', 'From must be a calendar date written YYYY-MM-DD'],
    ['2026-11-30T00:00', 'From must be at most 10 characters long'],
  ])('refuses a first day that is not a calendar date (%s), in words', async (from, message) => {
    const res = await calendar(`?from=${encodeURIComponent(from)}`);
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(message);
  });

  it('is read by every role of the team, and by no one signed out', async () => {
    const members = await signedInMembers(server);
    for (const member of Object.values(members)) expect((await calendar('?from=2026-11-30', member)).status).toBe(200);
    expect((await server.call('GET', `/api/v1/analytics/calendar/${server.admin._id}`)).status).toBe(401);
  });
});
