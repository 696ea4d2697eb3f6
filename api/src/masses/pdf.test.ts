import { engines, startServer, type TestServer } from '../testing/harness';
import { signedInMembers } from '../testing/members';
import { localNow } from '../http/dates';
import { addDays, mondayOf } from './calendar';

// The week's PDF: the print view's sheet for a browser that cannot print. Its words are glyphs of an
// embedded font (not searchable bytes), so the tests read what the file says of itself: its pages and
// their size, its title, its font, and that more intentions or larger print take more pages.

/** A PDF literal string's bytes, its escapes read (`\\(`, `\\)`, `\\\\`). */
const literal = (text: string) => text.replace(/\\([()\\])/g, '$1');

/** The PDF's bytes as text (latin1: one character per byte), with what the tests read from it. */
function pdfOf(bytes: ArrayBuffer) {
  const text = Buffer.from(bytes).toString('latin1');
  // pdfkit writes the title as an object of its own: `/Title 14 0 R` … `14 0 obj\n(…)\nendobj`.
  const object = /\/Title (\d+) 0 R/.exec(text)?.[1];
  const raw = object ? (new RegExp(`\\n${object} 0 obj\\n\\((.*)\\)\\nendobj`, 's').exec(text)?.[1] ?? '') : '';
  const title = literal(raw);
  return {
    text,
    pages: text.match(/\/Type \/Page\b/g)?.length ?? 0,
    // A title outside Latin-1 is UTF-16BE after its byte order mark.
    title: title.startsWith('\u00fe\u00ff')
      ? Buffer.from(title.slice(2), 'latin1').swap16().toString('utf16le')
      : title,
  };
}

describe.each(engines())("a week's Masses as a PDF on %s", (_name, engine) => {
  let server: TestServer;
  let token: string;
  const day = addDays(localNow().date, 2);
  const monday = mondayOf(day);
  const pdf = async (query: string, as = token) => {
    const response = await fetch(`${server.url}/api/v1/masses/week/${server.admin._id}/pdf${query}`, {
      headers: as ? { authorization: `Bearer ${as}` } : {},
    });
    return { response, file: pdfOf(await response.arrayBuffer()) };
  };

  beforeAll(async () => {
    server = await startServer(engine);
    token = await server.login();
    const mass = await server.call('POST', `/api/v1/add/mass/${server.admin._id}`, {
      token,
      json: { date: day, time: '18:00', place: 'Chapel', title: 'Wedding', cap: 40 },
    });
    for (const fullname of ['Ọláolúwa Adébáyọ̀', 'Nguyễn Thị Mai']) {
      const intention = await server.call('POST', '/api/v1/mass/intention', {
        json: { fullname, email: 'asker@example.com', intention: `For ${fullname}` },
      });
      await server.call('PUT', `/api/v1/mass/intention/place/${server.admin._id}/${intention.body.data._id}`, {
        token,
        json: { massId: mass.body.data._id },
      });
    }
  });
  afterAll(() => server.close());

  it("is headed by the parish's name from Settings → Parish", async () => {
    const parish = await server.call('GET', '/api/v1/parish', { token });
    const renamed = { ...parish.body.data, name: 'Ọ̀run Parish' };
    expect((await server.call('PUT', '/api/v1/parish', { token, json: renamed })).status).toBe(200);
    try {
      expect((await pdf(`?week=${day}`)).file.title).toMatch(/^Ọ̀run Parish: Mass intentions, week of /);
    } finally {
      await server.call('PUT', '/api/v1/parish', { token, json: parish.body.data });
    }
  });

  it('downloads one A4 page named after its week, titled with it, in an embedded font', async () => {
    const { response, file } = await pdf(`?week=${day}`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/pdf');
    expect(response.headers.get('content-disposition')).toBe(`attachment; filename="mass-intentions-${monday}.pdf"`);
    expect(file.text.startsWith('%PDF-')).toBe(true);
    expect(file.text.trimEnd().endsWith('%%EOF')).toBe(true);
    expect(file.pages).toBe(1);
    expect(file.text).toMatch(/\/MediaBox \[0 0 595\.28 841\.89\]/);
    const shown = (date: string) => date.split('-').reverse().join('/');
    expect(file.title).toBe(`Our Parish: Mass intentions, week of ${shown(monday)} – ${shown(addDays(monday, 6))}`);
    // The names are written in DejaVu Serif, embedded: the PDF's standard fonts have no Ọ or ễ.
    expect(file.text).toMatch(/\/BaseFont \/[A-Z]{6}\+DejaVuSerif\b/);
    expect(file.text).not.toMatch(/\/BaseFont \/(Times|Helvetica)/);
  });

  it('takes more pages for a longer week, and more again in large print', async () => {
    const mass = await server.call('POST', `/api/v1/add/mass/${server.admin._id}`, {
      token,
      json: { date: day, time: '07:00', place: 'Main church', cap: 100 },
    });
    for (let index = 0; index < 70; index++) {
      const intention = await server.call('POST', '/api/v1/mass/intention', {
        json: { fullname: `Asker ${index}`, email: 'asker@example.com', intention: `For the family of asker ${index}` },
      });
      await server.call('PUT', `/api/v1/mass/intention/place/${server.admin._id}/${intention.body.data._id}`, {
        token,
        json: { massId: mass.body.data._id },
      });
    }
    const normal = (await pdf(`?week=${day}`)).file.pages;
    const large = (await pdf(`?week=${day}&large=1`)).file.pages;
    expect(normal).toBeGreaterThanOrEqual(2);
    expect(large).toBeGreaterThan(normal);
  });

  it("is this week's when no week is given, and an empty week says so on its one page", async () => {
    const { response, file } = await pdf('');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-disposition')).toBe(
      `attachment; filename="mass-intentions-${mondayOf(localNow().date)}.pdf"`,
    );
    expect((await pdf(`?week=${addDays(monday, -70)}`)).file.pages).toBe(1);
    expect(file.pages).toBeGreaterThanOrEqual(1);
  });

  it.each([
    ['?week=2026-02-30', 'Week must be a day of the calendar, written YYYY-MM-DD'],
    ['?large=yes', 'large must be one of: 1'],
  ])('refuses %s in words', async (query, message) => {
    const response = await fetch(`${server.url}/api/v1/masses/week/${server.admin._id}/pdf${query}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(response.status).toBe(400);
    expect(((await response.json()) as { message: string }).message).toMatch(message);
  });

  it('is read by every role of the team, and by no one signed out', async () => {
    const members = await signedInMembers(server);
    for (const member of Object.values(members)) {
      const response = await fetch(`${server.url}/api/v1/masses/week/${member.id}/pdf?week=${day}`, {
        headers: { authorization: `Bearer ${member.token}` },
      });
      expect(response.status).toBe(200);
    }
    expect((await pdf('', '')).response.status).toBe(401);
  });
});
