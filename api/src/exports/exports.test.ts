import http from 'node:http';
import { parse } from 'csv-parse/sync';
import fc from 'fast-check';
import { engines, type TestServer } from '../testing/harness';
import { storedRequest, startExportServer } from '../testing/exports';
import type { SignedInMember, TeamRole } from '../testing/members';
import { EXPORT_PAGE_ROWS } from './records';
import { REGISTRY } from '../registry';
import { cannotRead, TIME_ZONE_MESSAGE } from './routes';

const BOM = '\uFEFF';

/** The file's records, its header first, as a spreadsheet would read them (the BOM must be there). */
function records(text: string): string[][] {
  expect(text.startsWith(BOM)).toBe(true);
  return parse(text.slice(BOM.length), { relax_column_count: false }) as string[][];
}

describe.each(engines())('CSV exports on %s', (_name, engine) => {
  let server: TestServer;
  let token: string;
  let members: Record<TeamRole, SignedInMember>;
  /** The export's answer; `text` keeps the bytes' BOM (a fetch's text() would drop it). */
  const exported = async (name: string, query = '', as = token) => {
    const response = await fetch(`${server.url}/api/v1/export/${name}.csv${query}`, {
      headers: { authorization: `Bearer ${as}` },
    });
    const text = new TextDecoder('utf-8', { ignoreBOM: true }).decode(await response.arrayBuffer());
    const json = (response.headers.get('content-type') ?? '').includes('json');
    return { status: response.status, headers: response.headers, text, body: json ? JSON.parse(text) : undefined };
  };
  const clearRequests = () => server.db.kysely.deleteFrom('prayerRequests').execute();

  beforeAll(async () => {
    ({ server, token, members } = await startExportServer(engine));
  });
  afterAll(() => server.close());

  it.each(REGISTRY.exports.map((definition) => [definition.name, definition] as const))(
    'exports %s: a UTF-8 CSV attachment with a BOM, its headers and its rows',
    async (name, definition) => {
      const res = await exported(name);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
      expect(res.headers.get('content-disposition')).toMatch(
        new RegExp(`^attachment; filename="${name}-\\d{4}-\\d{2}-\\d{2}\\.csv"$`),
      );
      const [header, ...rows] = records(res.text);
      expect(header).toEqual(definition.columns.map((column) => column.header));
      // One record of each kind was added (and its activity recorded): every list has a row.
      expect(rows.length).toBeGreaterThan(0);
      expect(res.text).toContain('\r\n');
    },
  );

  it("names the file after the day in the asker's time zone", async () => {
    const res = await exported('books', '?tz=Pacific/Kiritimati');
    const [, day] = /filename="books-(\d{4}-\d{2}-\d{2})\.csv"/.exec(res.headers.get('content-disposition')!)!;
    const there = new Intl.DateTimeFormat('en-CA', { timeZone: 'Pacific/Kiritimati' }).format(new Date());
    expect(day).toBe(there);
  });

  it('quotes fields with commas, quotes and line breaks (RFC 4180), and they read back unchanged', async () => {
    await clearRequests();
    const texts = ['Plain', 'One, two', 'She said "pray"', 'Line one\nLine two', 'Ünïcödé ✝ 祈り', ' spaced '];
    await server.db.kysely
      .insertInto('prayerRequests')
      .values(texts.map((text, i) => storedRequest(text, `2026-01-0${i + 1}T10:00:00.000Z`)))
      .execute();
    const res = await exported('prayer-requests');
    expect(res.text).toContain('"One, two"');
    expect(res.text).toContain('"She said ""pray"""');
    const rows = records(res.text).slice(1);
    expect(rows.map((row) => row[0])).toEqual([...texts].reverse());
  });

  it("neutralises every cell a spreadsheet would run as a formula with a leading ' (property, fixed seed)", async () => {
    const dangerous = ['=', '+', '-', '@', '\t', '\r'];
    // Any text, often starting with a character a spreadsheet reads as the start of a formula.
    const text = fc
      .tuple(fc.constantFrom('', '', ...dangerous), fc.string({ unit: 'grapheme', maxLength: 30 }))
      .map(([first, rest]) => (first + rest).split('\u0000').join(''));
    await fc.assert(
      fc.asyncProperty(fc.array(text, { minLength: 1, maxLength: 12 }), async (texts) => {
        await clearRequests();
        await server.db.kysely
          .insertInto('prayerRequests')
          .values(texts.map((t, i) => storedRequest(t, new Date(Date.UTC(2026, 0, 1, 0, 0, i)).toISOString())))
          .execute();
        const rows = records((await exported('prayer-requests')).text).slice(1);
        expect(rows.map((row) => row[0])).toEqual(
          [...texts].reverse().map((t) => (dangerous.some((d) => t.startsWith(d)) ? `'${t}` : t)),
        );
      }),
      { seed: 20261127, numRuns: 25 },
    );
  }, 30_000);

  it('writes dates as dd/mm/yyyy: calendar days as they are, moments in the time zone asked for', async () => {
    await clearRequests();
    await server.db.kysely
      .insertInto('prayerRequests')
      .values(storedRequest('Late in the evening', '2026-11-27T23:30:00.000Z'))
      .execute();
    const day = async (tz: string) => records((await exported('prayer-requests', `?tz=${tz}`)).text)[1]![1];
    expect(await day('UTC')).toBe('27/11/2026');
    expect(await day('Asia/Tokyo')).toBe('28/11/2026');
    expect(await day('America/New_York')).toBe('27/11/2026');
    // A reading's date is a day of the calendar, the same in every zone.
    await server.call('POST', `/api/v1/add/reading/${server.admin._id}`, {
      token,
      json: { day: 64, week: 10, date: '2026-03-05', passage: 'Genesis 1' },
    });
    const readings = records((await exported('bible-readings', '?week=10&tz=Pacific/Kiritimati')).text);
    expect(readings.slice(1)).toContainEqual(['64', '10', '05/03/2026', 'Genesis 1']);
    // The activity record's moments carry the time of day as well.
    const [, first] = records((await exported('activity')).text);
    expect(first![0]).toMatch(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}$/);
  });

  it("exports what the list shows: its filter and its search, as the list's screen matches them", async () => {
    await clearRequests();
    await server.db.kysely
      .insertInto('prayerRequests')
      .values([
        storedRequest('For my mother', '2026-02-01T10:00:00.000Z', 'New'),
        storedRequest('For my father', '2026-02-02T10:00:00.000Z', 'Answered'),
        storedRequest('For the parish', '2026-02-03T10:00:00.000Z', 'Answered'),
        { ...storedRequest('For peace', '2026-02-04T10:00:00.000Z', 'Prayed for'), note: 'Called the MOTHER superior' },
      ])
      .execute();
    const requests = async (query: string) =>
      records((await exported('prayer-requests', query)).text)
        .slice(1)
        .map((row) => row[0]);
    expect(await requests('?state=Answered')).toEqual(['For the parish', 'For my father']);
    expect(await requests('?state=Answered&q=FATHER')).toEqual(['For my father']);
    // The screen's search matches the staff note too.
    expect(await requests('?q=mother')).toEqual(['For peace', 'For my mother']);
    expect(await requests('?q=%20nothing%20like%20it')).toEqual([]);
    // An empty list is still a file: the BOM and the headers.
    expect(records((await exported('prayer-requests', '?q=zzz')).text)).toHaveLength(1);
  });

  it('names the state, who changed it and whom a request is assigned to', async () => {
    await clearRequests();
    const added = await server.call('POST', '/api/v1/prayer/request', { json: { request: 'For the sick' } });
    await server.call('PUT', `/api/v1/prayer/request/${server.admin._id}/${added.body.data._id}`, {
      token,
      json: { state: 'Prayed for', note: 'Visit on Friday', assigneeId: members.Manager.id },
    });
    const [header, row] = records((await exported('prayer-requests')).text);
    const cell = (name: string) => row![header!.indexOf(name)];
    expect(cell('State')).toBe('Prayed for');
    expect(cell('Changed By')).not.toBe('');
    expect(cell('Assigned To')).toBe('manager@parish.org');
    expect(cell('Note')).toBe('Visit on Friday');
  });

  it('exports a mass intention with its state, its Mass, its stipend and its receipt', async () => {
    const day = new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10);
    const mass = await server.call('POST', `/api/v1/add/mass/${server.admin._id}`, {
      token,
      json: { date: day, time: '18:00', place: 'Chapel', title: 'Wedding' },
    });
    expect(mass.status).toBe(201);
    const intention = await server.call('POST', '/api/v1/mass/intention', {
      json: { fullname: 'Ada Obi', email: 'ada@example.com', intention: 'For the couple' },
    });
    const id = intention.body.data._id as string;
    const placed = await server.call('PUT', `/api/v1/mass/intention/place/${server.admin._id}/${id}`, {
      token,
      json: { massId: mass.body.data._id },
    });
    expect(placed.status).toBe(200);
    const cared = await server.call('PUT', `/api/v1/mass/intention/${server.admin._id}/${id}`, {
      token,
      json: { stipend: '20.50', receipt: 'R-17' },
    });
    expect(cared.status).toBe(200);

    const [header, ...rows] = records((await exported('mass-intentions', '?q=Ada%20Obi')).text);
    expect(rows).toHaveLength(1);
    const cell = (name: string) => rows[0]![header!.indexOf(name)];
    expect(cell('State')).toBe('Scheduled');
    expect(cell('Mass Date')).toBe(day.split('-').reverse().join('/'));
    expect(cell('Mass Time')).toBe('18:00');
    expect(cell('Mass')).toBe('Wedding, Chapel');
    expect(cell('Stipend')).toBe('20.50');
    expect(cell('Receipt')).toBe('R-17');
    // One not placed: its Mass cells are empty.
    const [, unplaced] = records((await exported('mass-intentions', '?q=Mary%20Okafor')).text);
    expect(unplaced![header!.indexOf('State')]).toBe('Requested');
    expect(unplaced![header!.indexOf('Mass')]).toBe('');
  });

  it('lets every member export what they may read, and refuses in words a list the role cannot read', async () => {
    expect((await exported('prayer-requests', '', members['Guest User'].token)).status).toBe(200);
    expect((await exported('donations', '', members['Guest User'].token)).status).toBe(200);
    expect((await exported('bank-accounts', '', members.Manager.token)).status).toBe(200);
    for (const role of ['Manager', 'Guest User'] as const) {
      const refused = await exported('activity', '', members[role].token);
      expect(refused.status).toBe(403);
      expect(refused.body).toEqual({
        message: cannotRead(
          role,
          REGISTRY.exports.find((d) => d.name === 'activity')!,
        ),
      });
      expect(refused.body.message).toMatch(/cannot read the activity record/);
    }
    const anonymous = await server.call('GET', '/api/v1/export/books.csv');
    expect(anonymous.status).toBe(401);
    expect(anonymous.body).toEqual({ message: expect.stringMatching(/log in/) });
  });

  it('refuses a filter, a search or a time zone it cannot take, in words', async () => {
    const badState = await exported('prayer-requests', '?state=Done');
    expect(badState.status).toBe(400);
    expect(badState.body.message).toEqual(expect.any(String));
    expect((await exported('bible-readings', '?week=53')).status).toBe(400);
    expect((await exported('books', '?state=New')).status).toBe(400);
    expect((await exported('books', `?q=${'x'.repeat(201)}`)).status).toBe(400);
    const badZone = await exported('books', '?tz=Mars/Olympus');
    expect(badZone.status).toBe(400);
    expect(badZone.body).toEqual({ message: TIME_ZONE_MESSAGE });
  });

  it('streams a large export: its first bytes leave before its last rows are read', async () => {
    await clearRequests();
    // Many pages of long rows: far more than the sockets between client and server hold.
    const count = EXPORT_PAGE_ROWS * 8;
    const long = 'x'.repeat(1500);
    const rows = Array.from({ length: count }, (_, i) =>
      storedRequest(`Request ${i} ${long}`, new Date(Date.UTC(2026, 5, 1) + i * 1000).toISOString()),
    );
    for (let first = 0; first < count; first += 500) {
      await server.db.kysely
        .insertInto('prayerRequests')
        .values(rows.slice(first, first + 500))
        .execute();
    }
    const late = storedRequest('Added while the export was being written', '2000-01-01T00:00:00.000Z');
    const text = await new Promise<string>((resolve, reject) => {
      const request = http.get(
        `${server.url}/api/v1/export/prayer-requests.csv?state=New`,
        { headers: { authorization: `Bearer ${token}`, 'accept-encoding': 'identity' } },
        (response) => {
          const chunks: Buffer[] = [];
          response.once('data', (first: Buffer) => {
            chunks.push(first);
            // The oldest row of all, stored once the file has begun: it is in the file only if the
            // server reads its last page after it sent its first bytes.
            response.pause();
            server.db.kysely
              .insertInto('prayerRequests')
              .values(late)
              .execute()
              .then(() => {
                response.on('data', (chunk: Buffer) => chunks.push(chunk));
                response.resume();
              }, reject);
          });
          response.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
          response.on('error', reject);
        },
      );
      request.on('error', reject);
    });
    const exportedRows = records(text).slice(1);
    expect(exportedRows).toHaveLength(count + 1);
    expect(exportedRows.at(-1)![0]).toBe(late.request);
  }, 30_000);
});
