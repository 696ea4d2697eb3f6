import { ADMIN, engines, startServer, type TestServer } from '../testing/harness';
import { spawnedServer, type SpawnedServer } from '../testing/spawned';

// The parish's day is its zone's (Settings → Parish), which a server's first start takes from its TZ:
// the Masses are dated in it, and the content calendar and the CSV exports take it when the browser
// gives none. A server's TZ is read at its start, so each zone is a server of its own. Two zones a day
// apart: at any moment one of them is not on UTC's day.

jest.setTimeout(60_000);

const dayIn = (zone: string) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: zone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(
    new Date(),
  );

describe.each(['Pacific/Kiritimati', 'Pacific/Pago_Pago'])('a server whose TZ is %s', (zone) => {
  let server: SpawnedServer;
  let auth: { token: string; userId: string };
  beforeAll(async () => {
    server = await spawnedServer({ engine: 'sqlite' }, ADMIN, { TZ: zone });
    await server.start();
    auth = await server.login();
  });
  afterAll(() => server.close());
  const get = (path: string) =>
    fetch(`${server.url}/api/v1/${path}`, { headers: { authorization: `Bearer ${auth.token}` } });

  it("starts the content calendar on that zone's today when the browser gives no day", async () => {
    const res = await get(`analytics/calendar/${auth.userId}`);
    expect(res.status).toBe(200);
    expect(((await res.json()) as { data: { from: string } }).data.from).toBe(dayIn(zone));
  });

  it("names an export after that zone's day when the browser gives no time zone", async () => {
    const res = await get('export/books.csv');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toBe(`attachment; filename="books-${dayIn(zone)}.csv"`);
  });
});

// Settings → Parish: the parish's zone, once an Admin sets it, is the day's, whatever the server's TZ.
describe.each(engines())("the parish's zone on %s", (_name, engine) => {
  let server: TestServer;
  let token: string;
  beforeAll(async () => {
    server = await startServer(engine);
    token = await server.login();
  });
  afterAll(() => server.close());
  const get = (path: string) => server.call('GET', `/api/v1/${path}`, { token });
  const mondayOf = (day: string) => {
    const date = new Date(`${day}T00:00:00Z`);
    date.setUTCDate(date.getUTCDate() - ((date.getUTCDay() + 6) % 7));
    return date.toISOString().slice(0, 10);
  };

  it.each(['Pacific/Kiritimati', 'Pacific/Pago_Pago'])(
    "set to %s, it gives the calendar's, the Mass week's and the exports' today",
    async (zone) => {
      const saved = await server.call('PUT', '/api/v1/parish', {
        token,
        json: { name: 'St Mary', currency: 'NGN', timeZone: zone, weekStart: 1 },
      });
      expect(saved.status).toBe(200);
      expect((await get(`analytics/calendar/${server.admin._id}`)).body.data.from).toBe(dayIn(zone));
      expect((await get('export/books.csv')).headers.get('content-disposition')).toBe(
        `attachment; filename="books-${dayIn(zone)}.csv"`,
      );
      expect((await get(`masses/week/${server.admin._id}`)).body.data.week).toBe(mondayOf(dayIn(zone)));
    },
  );
});
