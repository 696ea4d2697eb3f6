import { parse } from 'csv-parse/sync';
import readXlsxFile from 'read-excel-file/node';
import { engines, startServer, type TestServer } from '../testing/harness';
import { signedInMembers, type SignedInMember, type TeamRole } from '../testing/members';
import { parishNow } from '../parish/settings';
import { addDays } from './calendar';
import { sumAmounts } from './amounts';

// The intentions report of a period: the Masses holding intentions, each with its intentions, stipends
// and receipts; the totals of stipends by Mass, by state and for the period, summed exactly.

describe('stipends summed exactly', () => {
  it('adds decimal texts in hundredths, never as floats', () => {
    expect(sumAmounts(['0.1', '0.2'])).toBe('0.30');
    expect(sumAmounts(['20.50', null, '', '1000', '0.05'])).toBe('1020.55');
    expect(sumAmounts(['999999999999.99', '0.01'])).toBe('1000000000000.00');
    expect(sumAmounts([])).toBe('0.00');
  });
});

describe.each(engines())('the intentions report on %s', (_name, engine) => {
  let server: TestServer;
  let token: string;
  let admin: string;
  let members: Record<TeamRole, SignedInMember>;
  const masses: Record<string, string> = {};

  const call = (method: string, path: string, json?: unknown, as = token, userId = admin) =>
    server.call(method, `/api/v1/${path.replace('{userId}', userId)}`, {
      token: as,
      ...(json === undefined ? {} : { json }),
    });
  const report = (query: string, as = token, userId = admin) =>
    call('GET', `masses/report/{userId}${query}`, undefined, as, userId);
  /** An intention asked for from the app, placed in a Mass, then given its care (state, stipend, receipt). */
  const intention = async (fullname: string, mass: string, care: Record<string, unknown> = {}) => {
    const asked = await server.call('POST', '/api/v1/mass/intention', {
      json: { fullname, email: `${fullname.split(' ')[0]!.toLowerCase()}@example.com`, intention: `For ${fullname}` },
    });
    const id = asked.body.data._id as string;
    expect((await call('PUT', `mass/intention/place/{userId}/${id}`, { massId: masses[mass] })).status).toBe(200);
    if (Object.keys(care).length) expect((await call('PUT', `mass/intention/{userId}/${id}`, care)).status).toBe(200);
    return id;
  };

  beforeAll(async () => {
    server = await startServer(engine);
    token = await server.login();
    admin = server.admin._id;
    members = await signedInMembers(server);
    // A March to come, with a Mass on each of its bounds and one just outside each.
    const add = async (name: string, fields: object) => {
      const res = await call('POST', 'add/mass/{userId}', fields);
      expect(res.status).toBe(201);
      masses[name] = res.body.data._id;
    };
    await add('before', { date: '2031-02-28', time: '18:00', place: 'Main church' });
    await add('first', { date: '2031-03-01', time: '10:00', place: 'Main church', celebrant: 'Fr. Paul' });
    await add('wedding', { date: '2031-03-15', time: '07:00', place: 'Chapel', title: 'Wedding' });
    await add('last', { date: '2031-03-31', time: '18:00', place: 'Grotto' });
    await add('after', { date: '2031-04-01', time: '09:00', place: 'Main church' });
    await intention('Outside Before', 'before', { stipend: '5' });
    await intention('Anna Mensah', 'first', { stipend: '0.1', receipt: 'R-001' });
    await intention('Peter Obi', 'first', { stipend: '0.2' });
    const cancelled = await intention('Cancelled Asker', 'first', { stipend: '50' });
    expect((await call('PUT', `mass/intention/{userId}/${cancelled}`, { state: 'Cancelled' })).status).toBe(200);
    await intention('Ruth Ade', 'wedding', { state: 'Said', stipend: '1000', receipt: 'R-002' });
    await intention('John Eze', 'last', { receipt: 'R-003' });
    await intention('Outside After', 'after', { stipend: '7' });
  });
  afterAll(() => server.close());

  it('groups a period’s intentions by Mass, its bounds included, with the totals by Mass, state and period', async () => {
    const res = await report('?from=2031-03-01&to=2031-03-31');
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Intentions report fetched successfully');
    const data = res.body.data;
    expect(data.from).toBe('2031-03-01');
    expect(data.to).toBe('2031-03-31');
    expect(data.masses.map((mass: { _id: string }) => mass._id)).toEqual([masses.first, masses.wedding, masses.last]);
    expect(data.masses[0]).toEqual({
      _id: masses.first,
      date: '2031-03-01',
      time: '10:00',
      place: 'Main church',
      title: '',
      celebrant: 'Fr. Paul',
      stipends: '0.30',
      intentions: [
        {
          _id: expect.any(String),
          fullname: 'Anna Mensah',
          email: 'anna@example.com',
          intention: 'For Anna Mensah',
          state: 'Scheduled',
          stipend: '0.1',
          receipt: 'R-001',
        },
        expect.objectContaining({ fullname: 'Peter Obi', state: 'Scheduled', stipend: '0.2', receipt: '' }),
      ],
    });
    expect(data.masses[1]).toMatchObject({
      title: 'Wedding',
      stipends: '1000.00',
      intentions: [{ fullname: 'Ruth Ade', state: 'Said', stipend: '1000', receipt: 'R-002' }],
    });
    expect(data.masses[2]).toMatchObject({
      stipends: '0.00',
      intentions: [{ fullname: 'John Eze', state: 'Scheduled', stipend: null, receipt: 'R-003' }],
    });
    expect(data.states).toEqual([
      { state: 'Scheduled', count: 3, stipends: '0.30' },
      { state: 'Said', count: 1, stipends: '1000.00' },
    ]);
    expect(data.count).toBe(4);
    expect(data.stipends).toBe('1000.30');
  });

  it('takes a period of one day, and answers an empty one with no Masses and zero totals', async () => {
    const one = (await report('?from=2031-03-31&to=2031-03-31')).body.data;
    expect(one.masses.map((mass: { _id: string }) => mass._id)).toEqual([masses.last]);
    const none = (await report('?from=2031-03-02&to=2031-03-14')).body.data;
    expect(none).toEqual({
      from: '2031-03-02',
      to: '2031-03-14',
      masses: [],
      states: [
        { state: 'Scheduled', count: 0, stipends: '0.00' },
        { state: 'Said', count: 0, stipends: '0.00' },
      ],
      count: 0,
      stipends: '0.00',
    });
  });

  it('is this month (the parish’s) when no period is given, and the month of the one day given', async () => {
    const today = (await parishNow(server.db)).date;
    const first = `${today.slice(0, 7)}-01`;
    const res = await report('');
    expect(res.status).toBe(200);
    expect(res.body.data.from).toBe(first);
    expect(res.body.data.to.slice(0, 7)).toBe(today.slice(0, 7));
    expect(addDays(res.body.data.to, 1).endsWith('-01')).toBe(true);
    expect((await report('?from=2031-02-10')).body.data).toMatchObject({ from: '2031-02-10', to: '2031-02-28' });
    expect((await report('?to=2031-03-20')).body.data).toMatchObject({ from: '2031-03-01', to: '2031-03-20' });
  });

  it.each([
    ['?from=2031-03-31&to=2031-03-01', 'The period is back to front: From must be on or before To'],
    ['?from=2031-02-30&to=2031-03-01', 'From must be a day of the calendar, written YYYY-MM-DD'],
    ['?from=2031-03-01&to=31/03/2031', 'To must be a day of the calendar, written YYYY-MM-DD'],
    ['?from=2031-03-01&week=2031-03-01', 'week is not a field this request accepts'],
  ])('refuses %s in words (400)', async (query, message) => {
    const res = await report(query);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ message });
  });

  it('is read by every role that reads the Mass week, a Guest User included; not without a token', async () => {
    for (const role of ['Manager', 'Guest User'] as const) {
      const member = members[role];
      const res = await report('?from=2031-03-01&to=2031-03-31', member.token, member.id);
      expect(res.status).toBe(200);
      expect(res.body.data.count).toBe(4);
    }
    expect((await server.call('GET', `/api/v1/masses/report/${admin}`)).status).toBe(401);
    expect((await report('', token, 'ffffffffffffffffffffffff')).status).toBe(403);
  });

  describe('its exports', () => {
    const fetchExport = (extension: 'csv' | 'xlsx', query: string, as = token) =>
      fetch(`${server.url}/api/v1/export/intentions-report.${extension}${query}`, {
        headers: { authorization: `Bearer ${as}` },
      });
    const period = '?from=2031-03-01&to=2031-03-31&tz=Europe/London';
    const totals = [
      ['Total, 01/03/2031 10:00 Main church (2 intentions)', '0.30'],
      ['Total, 15/03/2031 07:00 Wedding, Chapel (1 intention)', '1000.00'],
      ['Total, 31/03/2031 18:00 Grotto (1 intention)', '0.00'],
      ['Total, Scheduled (3 intentions)', '0.30'],
      ['Total, Said (1 intention)', '1000.00'],
      ['Total for 01/03/2031 – 31/03/2031 (4 intentions)', '1000.30'],
    ];

    it('writes a CSV: a row per intention, Mass by Mass, then the totals; stipends in the parish currency', async () => {
      const res = await fetchExport('csv', period);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-disposition')).toBe(
        'attachment; filename="intentions-report-2031-03-01-2031-03-31.csv"',
      );
      const bytes = Buffer.from(await res.arrayBuffer());
      // A byte order mark first, so that Excel reads it as UTF-8.
      expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
      const rows = parse(bytes.toString('utf8').replace(/^\uFEFF/, '')) as string[][];
      const currency = (await server.call('GET', '/api/v1/parish', { token })).body.data.currency as string;
      expect(rows[0]).toEqual([
        'Mass Date',
        'Mass Time',
        'Mass',
        'Celebrant',
        'Intention',
        'Requested By',
        'Email',
        'State',
        `Stipend (${currency})`,
        'Receipt',
      ]);
      expect(rows.slice(1, 5)).toEqual([
        [
          '01/03/2031',
          '10:00',
          'Main church',
          'Fr. Paul',
          'For Anna Mensah',
          'Anna Mensah',
          'anna@example.com',
          'Scheduled',
          '0.1',
          'R-001',
        ],
        [
          '01/03/2031',
          '10:00',
          'Main church',
          'Fr. Paul',
          'For Peter Obi',
          'Peter Obi',
          'peter@example.com',
          'Scheduled',
          '0.2',
          '',
        ],
        [
          '15/03/2031',
          '07:00',
          'Wedding, Chapel',
          '',
          'For Ruth Ade',
          'Ruth Ade',
          'ruth@example.com',
          'Said',
          '1000',
          'R-002',
        ],
        ['31/03/2031', '18:00', 'Grotto', '', 'For John Eze', 'John Eze', 'john@example.com', 'Scheduled', '', 'R-003'],
      ]);
      expect(rows[5]!.every((cell) => cell === '')).toBe(true);
      expect(rows.slice(6).map((row) => [row[2], row[8]])).toEqual(totals);
    });

    it('writes the same as an Excel workbook: dates as dates, stipends as numbers', async () => {
      const res = await fetchExport('xlsx', period);
      expect(res.status).toBe(200);
      const [sheet] = await readXlsxFile(Buffer.from(await res.arrayBuffer()));
      const rows = sheet!.data;
      expect(rows[1]![0]).toEqual(new Date(Date.UTC(2031, 2, 1)));
      expect(rows[1]![8]).toBe(0.1);
      expect(rows[3]![8]).toBe(1000);
      expect(rows.slice(6).map((row) => [row[2], row[8]])).toEqual(
        totals.map(([label, amount]) => [label, Number(amount)]),
      );
    });

    it('refuses a period back to front in words, and is read by a Guest User', async () => {
      const res = await fetchExport('csv', '?from=2031-03-31&to=2031-03-01');
      expect(res.status).toBe(400);
      expect(await res.json()).toEqual({ message: 'The period is back to front: From must be on or before To' });
      expect((await fetchExport('xlsx', period, members['Guest User'].token)).status).toBe(200);
      expect((await fetchExport('csv', period, '')).status).toBe(401);
    });
  });
});
