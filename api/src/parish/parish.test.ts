import { engines, startServer, type TestServer } from '../testing/harness';
import { signedInMembers, type SignedInMember } from '../testing/members';
import { localTimeZone } from '../http/dates';
import { parishSettings } from './settings';

const LAGOS = { name: 'St Mary’s, Lekki', currency: 'NGN', timeZone: 'Africa/Lagos', weekStart: 1 };

describe.each(engines())('Settings → Parish on %s', (_name, engine) => {
  let server: TestServer;
  let token: string;
  let members: Record<'Manager' | 'Guest User', SignedInMember>;
  const put = (json: unknown, as = token) => server.call('PUT', '/api/v1/parish', { token: as, json });
  const get = (as = token) => server.call('GET', '/api/v1/parish', { token: as });
  /** The record is written just after each answer: waits for the newest line about the parish. */
  const parishLines = async (count: number) => {
    const started = Date.now();
    for (;;) {
      const res = await server.call('GET', '/api/v1/activity?kind=parish', { token });
      const lines = (res.body.data as { summary: string }[]).map((entry) => entry.summary);
      if (lines.length >= count || Date.now() - started > 3000) return lines;
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
  };

  beforeAll(async () => {
    server = await startServer(engine);
    token = await server.login();
    members = await signedInMembers(server);
  });
  afterAll(() => server.close());

  it("starts with the server's TZ as the zone, a Monday week and the Naira, for every member to read", async () => {
    for (const as of [token, members.Manager.token, members['Guest User'].token]) {
      const res = await get(as);
      expect(res.status).toBe(200);
      expect(res.body.data).toEqual({ name: 'Our Parish', currency: 'NGN', timeZone: localTimeZone(), weekStart: 1 });
    }
    expect((await server.call('GET', '/api/v1/parish')).status).toBe(401);
  });

  it('an Admin changes them, with a line in the activity record', async () => {
    const res = await put({ name: '  Holy Family  ', currency: 'gbp', timeZone: 'europe/london', weekStart: 0 });
    expect(res.status).toBe(200);
    const saved = { name: 'Holy Family', currency: 'GBP', timeZone: 'Europe/London', weekStart: 0 };
    expect(res.body).toEqual({ message: 'Parish settings saved', data: saved });
    expect((await get(members['Guest User'].token)).body.data).toEqual(saved);
    expect(await parishSettings(server.db)).toEqual(saved);
    expect(await parishLines(1)).toEqual([
      "Changed the parish's settings: “Holy Family”, GBP, Europe/London, weeks from Sunday",
    ]);
  });

  it.each([
    [{ ...LAGOS, name: '   ' }, 'Parish name is required'],
    [{ ...LAGOS, currency: 'NAI' }, 'Currency must be an ISO 4217 currency code, like NGN, GHS or EUR'],
    [{ ...LAGOS, currency: '' }, 'Currency is required'],
    [
      { ...LAGOS, timeZone: 'Africa/Atlantis' },
      'Time zone must be an IANA time zone, like Africa/Lagos or Europe/London',
    ],
    [{ ...LAGOS, timeZone: '+01:00' }, 'Time zone must be an IANA time zone, like Africa/Lagos or Europe/London'],
    [{ ...LAGOS, weekStart: 7 }, 'First day of the week must be at most 6'],
    [{ ...LAGOS, weekStart: undefined }, 'First day of the week is required'],
  ])('refuses %j in words and changes nothing', async (body, message) => {
    const before = (await get()).body.data as unknown;
    const res = await put(body);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ message });
    expect((await get()).body.data).toEqual(before);
  });

  it("gives the Mass week each intention's stipend, for the screens to show with the currency", async () => {
    const admin = server.admin._id;
    const mass = await server.call('POST', `/api/v1/add/mass/${admin}`, {
      token,
      json: { date: '2099-12-24', time: '23:30', place: 'Main church' },
    });
    for (const [fullname, stipend] of [
      ['Ada Obi', '20.50'],
      ['Chidi Eze', null],
    ] as const) {
      const asked = await server.call('POST', '/api/v1/mass/intention', {
        json: { fullname, email: 'ada@example.com', intention: 'Thanksgiving' },
      });
      const id = asked.body.data._id as string;
      await server.call('PUT', `/api/v1/mass/intention/place/${admin}/${id}`, {
        token,
        json: { massId: mass.body.data._id },
      });
      if (stipend) await server.call('PUT', `/api/v1/mass/intention/${admin}/${id}`, { token, json: { stipend } });
    }
    const week = await server.call('GET', `/api/v1/masses/week/${admin}?week=2099-12-24`, { token });
    expect(
      (week.body.data.masses[0].intentions as { fullname: string; stipend: string | null }[]).map(
        ({ fullname, stipend }) => [fullname, stipend],
      ),
    ).toEqual([
      ['Ada Obi', '20.50'],
      ['Chidi Eze', null],
    ]);
  });

  it('a Manager and a Guest User read them but may not change them', async () => {
    const before = (await get()).body.data as unknown;
    const manager = await put(LAGOS, members.Manager.token);
    expect(manager.status).toBe(403);
    expect(manager.body).toEqual({ message: "Only an Admin can change the parish's settings" });
    const guest = await put(LAGOS, members['Guest User'].token);
    expect(guest.status).toBe(403);
    expect(guest.body).toEqual({ message: 'A Guest User can look at everything but change nothing' });
    expect((await get()).body.data).toEqual(before);
    expect(await parishLines(1)).toHaveLength(1);
  });
});
