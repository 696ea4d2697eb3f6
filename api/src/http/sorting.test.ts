import { parse } from 'csv-parse/sync';
import { engines, type TestServer } from '../testing/harness';
import { storedRequest, startExportServer } from '../testing/exports';
import { EXPORT_PAGE_ROWS } from '../exports/records';
import { newId } from '../db/ids';

// A list's column headers sort it (`?sort=name`, `?sort=-name`): the lists paged by the server sort in
// the database, the list's own order and the _id breaking ties so that paging never repeats or skips a
// row; the exports write the rows in the order the screen shows.

describe.each(engines())('sorted lists on %s', (_name, engine) => {
  let server: TestServer;
  let token: string;
  let admin: string;

  beforeAll(async () => {
    ({ server, token } = await startExportServer(engine));
    admin = server.admin._id;
  });
  afterAll(() => server.close());

  const get = (path: string) => server.call('GET', path, { token });
  const requests = (query: string) => get(`/api/v1/prayer/request/${admin}?${query}`);

  /** Stored requests: texts and states chosen, times a minute apart (ties in everything else). */
  const store = async (rows: { request: string; state?: string; at?: string }[]) => {
    await server.db.kysely.deleteFrom('prayerRequests').execute();
    await server.db.kysely
      .insertInto('prayerRequests')
      .values(
        rows.map((row, i) =>
          storedRequest(row.request, row.at ?? new Date(Date.UTC(2026, 0, 1, 10, i)).toISOString(), row.state),
        ),
      )
      .execute();
  };

  it('sorts prayer requests by a column, ascending or descending, ignoring case', async () => {
    await store([{ request: 'banana' }, { request: 'Cherry' }, { request: 'apple' }]);
    const ascending = await requests('sort=request');
    expect(ascending.status).toBe(200);
    expect(ascending.body.data.map((row: { request: string }) => row.request)).toEqual(['apple', 'banana', 'Cherry']);
    const descending = await requests('sort=-request');
    expect(descending.body.data.map((row: { request: string }) => row.request)).toEqual(['Cherry', 'banana', 'apple']);
    // Without a sort the list stays newest first.
    const plain = await requests('page=1');
    expect(plain.body.data.map((row: { request: string }) => row.request)).toEqual(['apple', 'Cherry', 'banana']);
    const oldest = await requests('sort=createdAt');
    expect(oldest.body.data.map((row: { request: string }) => row.request)).toEqual(['banana', 'Cherry', 'apple']);
  });

  it('breaks ties newest first, then by _id, so that pages never repeat or skip a row', async () => {
    // Three states for 45 requests, many of them sent at the same moment.
    const states = ['New', 'Prayed for', 'Answered'];
    await store(
      Array.from({ length: 45 }, (_, i) => ({
        request: `Request ${i}`,
        state: states[i % 3]!,
        at: new Date(Date.UTC(2026, 0, 1, 10, Math.floor(i / 9))).toISOString(),
      })),
    );
    for (const sort of ['state', '-state']) {
      const seen: { _id: string; state: string; createdAt: string }[] = [];
      for (let page = 1; page <= 5; page += 1) {
        const res = await requests(`sort=${sort}&page=${page}&limit=10`);
        expect(res.status).toBe(200);
        expect(res.body.total).toBe(45);
        seen.push(...res.body.data);
      }
      expect(seen).toHaveLength(45);
      expect(new Set(seen.map((row) => row._id)).size).toBe(45);
      const expected = [...seen].sort(
        (a, b) =>
          // States in the order of their workflow, not of their words.
          (sort === 'state' ? 1 : -1) * (states.indexOf(a.state) - states.indexOf(b.state)) ||
          b.createdAt.localeCompare(a.createdAt) ||
          b._id.localeCompare(a._id),
      );
      expect(seen.map((row) => row._id)).toEqual(expected.map((row) => row._id));
    }
  });

  it('refuses a column the list does not sort by with 400 in words, for every paged list and export', async () => {
    const cases = [
      [
        `/api/v1/prayer/request/${admin}?sort=note`,
        'sort must be one of: request, createdAt, state, -request, -createdAt, -state',
      ],
      [
        `/api/v1/prayer/request/${admin}?sort=-`,
        'sort must be one of: request, createdAt, state, -request, -createdAt, -state',
      ],
      [
        `/api/v1/mass/intention/${admin}?sort=receipt`,
        'sort must be one of: fullname, email, intention, createdAt, state, -fullname, -email, -intention, -createdAt, -state',
      ],
      ['/api/v1/activity?sort=kind', 'sort must be one of: at, summary, member, -at, -summary, -member'],
      ['/api/v1/export/books.csv?sort=_id', 'sort must be one of: bookName, dateAdded, -bookName, -dateAdded'],
      // Never SQL from the address: a name that would be is just not one of the list's.
      [
        '/api/v1/export/prayer-requests.csv?sort=request;drop table books',
        expect.stringMatching(/^sort must be one of: /),
      ],
    ] as const;
    for (const [path, message] of cases) {
      const res = await get(path);
      expect({ path, status: res.status, body: res.body }).toEqual({ path, status: 400, body: { message } });
    }
    expect((await get('/api/v1/export/books.csv')).status).toBe(200);
  });

  it('sorts mass intentions and the activity record in the database', async () => {
    await server.db.kysely.deleteFrom('massIntentions').execute();
    for (const fullname of ['Zoe Adams', 'ann Bello', 'Mary Okafor']) {
      await server.call('POST', '/api/v1/mass/intention', {
        json: { fullname, email: `${fullname.split(' ')[0]!.toLowerCase()}@example.com`, intention: 'Thanksgiving' },
      });
    }
    const names = async (query: string) =>
      ((await get(`/api/v1/mass/intention/${admin}?${query}`)).body.data as { fullname: string }[]).map(
        (row) => row.fullname,
      );
    expect(await names('sort=fullname')).toEqual(['ann Bello', 'Mary Okafor', 'Zoe Adams']);
    expect(await names('sort=-fullname&limit=2')).toEqual(['Zoe Adams', 'Mary Okafor']);

    const activity = await get('/api/v1/activity?sort=at&limit=100');
    expect(activity.status).toBe(200);
    const times = (activity.body.data as { at: string }[]).map((entry) => entry.at);
    expect(times.length).toBeGreaterThan(1);
    expect(times).toEqual([...times].sort());
    const whats = ((await get('/api/v1/activity?sort=-summary&limit=100')).body.data as { summary: string }[]).map(
      (entry) => entry.summary.toLowerCase(),
    );
    expect(whats).toEqual([...whats].sort().reverse());
    // Who as the screen names them now, in the list and in its export alike.
    const byWho = await get('/api/v1/activity?sort=member&limit=100');
    expect(byWho.status).toBe(200);
    const who = (byWho.body.data as { member: string }[]).map((entry) => entry.member.toLowerCase());
    expect(who).toEqual([...who].sort());
    const exported = await fetch(`${server.url}/api/v1/export/activity.csv?sort=member`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(exported.status).toBe(200);
    // The file is written (the member's name sorts by a subquery, as the list's does).
    expect((await exported.text()).split('\r\n').length).toBeGreaterThan(2);
  });

  it("writes an export's rows in the order of the sort the list shows, across the export's pages", async () => {
    // More rows than the export reads at a time, in few states and at few moments: the order's later
    // keys decide where one page of the export ends and the next begins.
    const count = EXPORT_PAGE_ROWS + 37;
    const states = ['Answered', 'New', 'Prayed for'];
    await server.db.kysely.deleteFrom('prayerRequests').execute();
    await server.db.kysely
      .insertInto('prayerRequests')
      .values(
        Array.from({ length: count }, (_, i) => {
          const at = new Date(Date.UTC(2026, 0, 1, 10, i % 7));
          return {
            ...storedRequest(`Request ${String(i).padStart(4, '0')}`, at.toISOString(), states[i % 3]),
            // Many at one moment: their _ids alone tell them apart.
            _id: newId(at),
          };
        }),
      )
      .execute();
    for (const sort of ['-state', 'createdAt', '-request']) {
      const res = await fetch(`${server.url}/api/v1/export/prayer-requests.csv?sort=${sort}`, {
        headers: { authorization: `Bearer ${token}` },
      });
      expect(res.status).toBe(200);
      const rows = (parse((await res.text()).replace(/^\uFEFF/, '')) as string[][]).slice(1);
      const listed: string[] = [];
      for (let page = 1; listed.length < count; page += 1) {
        const answer = await requests(`sort=${sort}&page=${page}&limit=500`);
        listed.push(...(answer.body.data as { request: string }[]).map((row) => row.request));
      }
      expect(rows.map((row) => row[0])).toEqual(listed);
      expect(new Set(listed).size).toBe(count);
    }
  });
});
