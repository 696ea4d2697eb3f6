import { parse } from 'csv-parse/sync';
import readXlsxFile from 'read-excel-file/node';
import { engines, startServer, type TestServer } from '../testing/harness';
import { storedRequest, startExportServer } from '../testing/exports';
import type { SignedInMember, TeamRole } from '../testing/members';
import type { ExportDefinition } from './definition';
import { REGISTRY } from '../registry';
import { cannotRead, TIME_ZONE_MESSAGE } from './routes';
import { sheetNameOf, tooManyRows } from './xlsx';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

type Value = string | number | boolean | Date | null;

describe('the sheet of an Excel export', () => {
  it('is named after the list in words, as Excel takes a name', () => {
    const named = (what: string) => sheetNameOf({ what } as ExportDefinition);
    expect(named('prayer requests')).toBe('Prayer requests');
    expect(named('the activity record')).toBe('Activity record');
    expect(named('a/b [c]: d*?\\')).toBe('A b c d');
    expect(named('x'.repeat(40))).toHaveLength(31);
  });
});

describe.each(engines())('Excel exports on %s', (_name, engine) => {
  let server: TestServer;
  let token: string;
  let members: Record<TeamRole, SignedInMember>;
  const fetchExport = (name: string, extension: 'csv' | 'xlsx', query = '', as = token) =>
    fetch(`${server.url}/api/v1/export/${name}.${extension}${query}`, { headers: { authorization: `Bearer ${as}` } });
  /** The workbook's one sheet as a spreadsheet reads it: its name and its rows, header first. */
  const workbook = async (name: string, query = '', as = token) => {
    const response = await fetchExport(name, 'xlsx', query, as);
    if (!response.ok) return { status: response.status, headers: response.headers, body: await response.json() };
    const sheets = await readXlsxFile(Buffer.from(await response.arrayBuffer()));
    expect(sheets).toHaveLength(1);
    return { status: response.status, headers: response.headers, sheet: sheets[0]!.sheet, rows: sheets[0]!.data };
  };
  const rowsOf = async (name: string, query = '') => (await workbook(name, query)).rows as Value[][];
  /** The CSV export's records, header first, for the same list and query. */
  const csvRows = async (name: string, query = '') =>
    parse((await (await fetchExport(name, 'csv', query)).text()).replace(/^\uFEFF/, '')) as string[][];

  beforeAll(async () => {
    ({ server, token, members } = await startExportServer(engine));
  });
  afterAll(() => server.close());

  it.each(REGISTRY.exports.map((definition) => [definition.name, definition] as const))(
    'exports %s as a workbook of one sheet: its headers, then the rows the CSV has',
    async (name, definition) => {
      const answer = await workbook(name);
      expect(answer.status).toBe(200);
      expect(answer.headers.get('content-type')).toBe(XLSX);
      expect(answer.headers.get('content-disposition')).toMatch(
        new RegExp(`^attachment; filename="${name}-\\d{4}-\\d{2}-\\d{2}\\.xlsx"$`),
      );
      expect(answer.sheet).toBe(sheetNameOf(definition));
      const [header, ...rows] = answer.rows!;
      expect(header).toEqual(definition.columns.map((column) => column.header));
      expect(rows.length).toBeGreaterThan(0);
      expect(rows).toHaveLength((await csvRows(name)).length - 1);
    },
  );

  it('keeps an account number as the text it is, leading zeros and all', async () => {
    const [header, row] = await rowsOf('bank-accounts');
    expect(row![header!.indexOf('Account Number')]).toBe('001');
  });

  it('writes text as text: nothing a spreadsheet would run as a formula, nothing read as a number', async () => {
    await server.db.kysely.deleteFrom('prayerRequests').execute();
    const texts = ['=HYPERLINK("http://evil.example","Click")', '+1', '-2', '@SUM(A1)', '0042', 'Line one\nLine two'];
    await server.db.kysely
      .insertInto('prayerRequests')
      .values(texts.map((text, i) => storedRequest(text, `2026-01-0${i + 1}T10:00:00.000Z`)))
      .execute();
    const rows = (await rowsOf('prayer-requests')).slice(1);
    expect(rows.map((row) => row[0])).toEqual([...texts].reverse());
  });

  it('writes numbers as numbers and dates as dates, moments at their time in the time zone asked for', async () => {
    await server.db.kysely.deleteFrom('prayerRequests').execute();
    await server.db.kysely
      .insertInto('prayerRequests')
      .values(storedRequest('Late in the evening', '2026-11-27T23:30:00.000Z'))
      .execute();
    const submitted = async (tz: string) => (await rowsOf('prayer-requests', `?tz=${tz}`))[1]![1];
    // A spreadsheet's date has no zone: the day shown where the list was asked for.
    expect(await submitted('UTC')).toEqual(new Date(Date.UTC(2026, 10, 27)));
    expect(await submitted('Asia/Tokyo')).toEqual(new Date(Date.UTC(2026, 10, 28)));

    const readings = await rowsOf('bible-readings', '?week=1');
    expect(readings.slice(1)).toContainEqual([5, 1, new Date(Date.UTC(2026, 0, 5)), 'Gen 5']);

    // The activity record's moments carry the time of day, in the zone asked for (to the minute).
    const [, first] = await rowsOf('activity', '?tz=Asia/Kolkata');
    const [, csvFirst] = await csvRows('activity', '?tz=Asia/Kolkata');
    const when = first![0] as Date;
    const [day, month, year, hour, minute] = csvFirst![0]!.split(/[/ :]/).map(Number);
    expect(Math.round(when.getTime() / 60_000)).toBe(Date.UTC(year!, month! - 1, day!, hour!, minute!) / 60_000);
  });

  it("exports what the list shows: its filter and its search, as the CSV and the list's screen do", async () => {
    await server.db.kysely.deleteFrom('prayerRequests').execute();
    await server.db.kysely
      .insertInto('prayerRequests')
      .values([
        storedRequest('For my mother', '2026-02-01T10:00:00.000Z', 'New'),
        storedRequest('For my father', '2026-02-02T10:00:00.000Z', 'Answered'),
        storedRequest('For the parish', '2026-02-03T10:00:00.000Z', 'Answered'),
      ])
      .execute();
    const requests = async (query: string) => (await rowsOf('prayer-requests', query)).slice(1).map((row) => row[0]);
    expect(await requests('?state=Answered')).toEqual(['For the parish', 'For my father']);
    expect(await requests('?state=Answered&q=FATHER')).toEqual(['For my father']);
    // An empty list is still a workbook: its header row.
    expect(await rowsOf('prayer-requests', '?q=zzz')).toHaveLength(1);
  });

  it('writes a stipend as an amount Excel adds up, and keeps what is not one as its text', async () => {
    const intention = await server.call('POST', '/api/v1/mass/intention', {
      json: { fullname: 'Ada Obi', email: 'ada@example.com', intention: 'For the couple' },
    });
    const cared = await server.call('PUT', `/api/v1/mass/intention/${server.admin._id}/${intention.body.data._id}`, {
      token,
      json: { stipend: '20.50', receipt: 'R-17' },
    });
    expect(cared.status).toBe(200);
    const [header, row] = await rowsOf('mass-intentions', '?q=Ada%20Obi');
    expect(row![header!.indexOf('Stipend')]).toBe(20.5);
    expect(row![header!.indexOf('Receipt')]).toBe('R-17');
    const [, unpaid] = await rowsOf('mass-intentions', '?q=Mary%20Okafor');
    expect(unpaid![header!.indexOf('Stipend')]).toBeNull();
  });

  it('refuses in words a list longer than EXCEL_EXPORT_MAX_ROWS, and writes one that fits', async () => {
    const small = await startServer(engine, { excelExportMaxRows: 2 });
    try {
      const admin = await small.login();
      for (const request of ['For my mother', 'For my father', 'For the parish']) {
        await small.call('POST', '/api/v1/prayer/request', { json: { request } });
      }
      const asked = (query: string) =>
        fetch(`${small.url}/api/v1/export/prayer-requests.xlsx${query}`, {
          headers: { authorization: `Bearer ${admin}` },
        });
      const refused = await asked('');
      expect(refused.status).toBe(422);
      expect(await refused.json()).toEqual({ message: tooManyRows(2) });
      expect(tooManyRows(20_000)).toBe(
        'This list has more than 20,000 rows, more than an Excel export writes: narrow it with the search or a filter, or export it as CSV',
      );
      // Narrowed by the search, it fits; the CSV has no such bound.
      expect((await asked('?q=my')).status).toBe(200);
      const csv = await fetch(`${small.url}/api/v1/export/prayer-requests.csv`, {
        headers: { authorization: `Bearer ${admin}` },
      });
      expect(csv.status).toBe(200);
    } finally {
      await small.close();
    }
    // A server of its own, and the first workbook starts its renderer thread.
  }, 20_000);

  it('refuses in words what the CSV refuses: a list the role cannot read, a bad filter or time zone', async () => {
    const refused = await workbook('activity', '', members.Manager.token);
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({
      message: cannotRead(
        'Manager',
        REGISTRY.exports.find((d) => d.name === 'activity')!,
      ),
    });
    expect((await workbook('bank-accounts', '', members.Manager.token)).status).toBe(200);
    expect((await workbook('prayer-requests', '?state=Done')).status).toBe(400);
    const badZone = await workbook('books', '?tz=Mars/Olympus');
    expect(badZone.status).toBe(400);
    expect(badZone.body).toEqual({ message: TIME_ZONE_MESSAGE });
    const anonymous = await server.call('GET', '/api/v1/export/books.xlsx');
    expect(anonymous.status).toBe(401);
  });
});
