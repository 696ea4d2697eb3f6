import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, type APIRequestContext, png } from './fixtures';
import { signInOverApi } from './session';

// The screens of the back-office and a record of every kind to show on them: the accessibility crawl
// and `npm run screenshots` open the same screens with the same records.

/**
 * Every screen: the login page, the shell's dashboard, and every route the remotes declare in their
 * route tables (so that a new screen is crawled without being listed here), with the seeded records'
 * ids and dates in place of the parameters.
 */
export function everyScreen(seeded: Seeded): string[] {
  const declared = ['remote-content', 'remote-community', 'remote-finance'].flatMap(
    (remote) =>
      (JSON.parse(readFileSync(path.join(__dirname, '..', '..', remote, 'routes.json'), 'utf8')) as RouteTable).routes,
  );
  return [
    '/dashboard',
    ...declared.map(({ path: pattern }) => {
      if (!pattern.includes(':')) return pattern;
      const filled = seeded.params[pattern];
      if (!filled) throw new Error(`The crawl seeds no record for ${pattern}: add one to seed()`);
      return filled;
    }),
  ];
}

interface RouteTable {
  routes: { path: string }[];
}

export interface Seeded {
  cleanup: () => Promise<void>;
  /** Each parameterised route, with a seeded record's id or date in place. */
  params: Record<string, string>;
}

/**
 * Stored-XSS payloads of different kinds. Every text the crawl's records show carries one (the
 * records' names included), so every list, details screen and dialog shows them: each would call
 * alert() or an inline handler that the crawl counts if it ran.
 */
export const XSS_PAYLOADS = [
  `<script>alert('xss')</script>`,
  `<img src=x onerror=alert('xss')>`,
  `<svg onload=alert('xss')>`,
  `"><script>alert('xss')</script>`,
  `'><img src=x onerror=alert('xss')>`,
  `javascript:alert('xss')`,
  `<iframe src="javascript:alert('xss')"></iframe>`,
  `<a href="javascript:alert('xss')">link</a>`,
  `<body onload=alert('xss')>`,
  `<details open ontoggle=alert('xss')>`,
  `<math><mtext><table><mglyph><style><img src=x onerror=alert('xss')>`,
  `<noscript><p title="</noscript><img src=x onerror=alert('xss')>">`,
  `{{constructor.constructor('alert(1)')()}}`,
  `<style>@import 'javascript:alert(1)'</style>`,
  `<object data="javascript:alert('xss')"></object>`,
  `<input autofocus onfocus=alert('xss')>`,
  `<video><source onerror=alert('xss')></video>`,
  `&lt;img src=x onerror=alert('xss')&gt;`,
  '<img src="x` onerror=alert(1)>',
  `<form><button formaction=javascript:alert('xss')>x</button></form>`,
  `%3Cscript%3Ealert('xss')%3C/script%3E`,
  `<a href="data:text/html,<script>alert('xss')</script>">data</a>`,
  `\${alert('xss')}`,
];
let nextPayload = 0;
/** The next payload, after a readable word (the screens still need a name to click). */
const withPayload = (word: string) => `${word} ${XSS_PAYLOADS[nextPayload++ % XSS_PAYLOADS.length]}`;

/**
 * Records of every kind the crawl opens, through the API, their texts carrying the payloads (plain
 * words without `payloads`, for pictures of the screens).
 */
export async function seed(request: APIRequestContext, { payloads = true } = {}): Promise<Seeded> {
  nextPayload = 0;
  const hostile = (word: string) => (payloads ? withPayload(word) : word);
  const { headers, userId: user } = await signInOverApi(request);
  const idOf = async (answer: Promise<{ json(): Promise<unknown> }>) =>
    ((await (await answer).json()) as { data: { _id: string } }).data._id;
  const picture = { name: 'picture.png', mimeType: 'image/png', buffer: png };
  const book = await idOf(
    request.post(`/api/v1/add/book/${user}`, {
      headers,
      multipart: {
        bookName: hostile('Confessions'),
        bookLink: 'https://example.org/c',
        category: 'Devotional',
        bookImage: picture,
      },
    }),
  );
  const group = await idOf(
    request.post(`/api/v1/add/group/${user}`, {
      headers,
      multipart: {
        groupName: hostile('Choir'),
        groupLink: 'https://example.org/g',
        groupDescription: hostile('Sings'),
        groupImage: picture,
      },
    }),
  );
  const donation = await idOf(
    request.post(`/api/v1/add/donation/${user}`, {
      headers,
      multipart: { donationName: hostile('Roof'), donationDescription: hostile('For the roof'), file: picture },
    }),
  );
  const account = await idOf(
    request.post(`/api/v1/add/account/${user}`, {
      headers,
      data: {
        bankName: hostile('First Bank'),
        bankAccountNumber: hostile('001'),
        bankAccountHolderName: hostile('Parish'),
        bankRoutingNumber: hostile('021'),
        bankSwiftCode: hostile('FBNI'),
        currency: 'NGN',
      },
    }),
  );
  const prayer = await idOf(
    request.post(`/api/v1/add/prayer/${user}`, {
      headers,
      data: { title: hostile('Angelus'), prayer: hostile('The Angel of the Lord…') },
    }),
  );
  const prayerRequest = await idOf(request.post('/api/v1/prayer/request', { data: { request: hostile('Pray') } }));
  // Mass intentions cannot be deleted (the spec has no such call): this one stays, placed in the week's
  // Sunday Mass, so that the week and its print view show it (the Mass's date stays with it).
  const intention = await idOf(
    request.post('/api/v1/mass/intention', {
      data: { fullname: hostile('Ada'), email: 'ada@example.com', intention: hostile('For peace') },
    }),
  );
  const sundayMass = await idOf(
    request.post(`/api/v1/add/regular/mass/${user}`, {
      headers,
      data: { weekday: 'Sunday', time: '23:00', place: hostile('Main church'), celebrant: hostile('Fr. Paul') },
    }),
  );
  await request.put(`/api/v1/mass/intention/place/${user}/${intention}`, { headers, data: { massId: 'next' } });
  const stream = await idOf(
    request.post(`/api/v1/add/stream/${user}`, {
      headers,
      multipart: {
        name: hostile('Vigil'),
        streamingLink: 'https://example.org/live',
        category: 'Live Events',
        file: picture,
      },
    }),
  );
  const reading = await idOf(
    request.post(`/api/v1/add/reading/${user}`, {
      headers,
      data: { day: 366, week: 52, date: '2026-12-31', passage: hostile('Luke 1') },
    }),
  );
  const reflection = await idOf(
    request.post(`/api/v1/add/adult/reflection/${user}`, {
      headers,
      data: {
        date: '2031-01-01',
        topic: hostile('Hope'),
        reflection: `<p>${hostile('Text')}</p>`,
        bibleReading: hostile('Rom 5'),
        devotionalContent: hostile('Points'),
        devotionalConfession: `<p>${hostile('Exercise')}</p>`,
        furtherReading: hostile('Ps 23'),
        mass: hostile('Mk 1'),
      },
    }),
  );
  const childrenReflection = await idOf(
    request.post(`/api/v1/add/children/reflection/${user}`, {
      headers,
      data: {
        date: '2031-01-02',
        topic: hostile('Joy'),
        reflection: `<p>${hostile('Story')}</p>`,
        bibleReading: hostile('Mt 19'),
        devotionalContent: hostile('Points'),
        devotionalConfession: `<p>${hostile('Exercise')}</p>`,
        furtherReading: hostile('Ps 8'),
        mass: hostile('Mk 10'),
      },
    }),
  );
  // Every payload is shown somewhere (the texts above outnumber them).
  if (payloads) expect(nextPayload).toBeGreaterThanOrEqual(XSS_PAYLOADS.length);
  return {
    params: {
      '/bookshelf/:id': `/bookshelf/${book}`,
      '/edit-book/:id': `/edit-book/${book}`,
      '/bible-plan-details/:id': `/bible-plan-details/${reading}`,
      '/edit-bible-plan/:id': `/edit-bible-plan/${reading}`,
      '/live-streaming/edit/:id': `/live-streaming/edit/${stream}`,
      '/adult-reflection/:date': '/adult-reflection/2031-01-01',
      '/adult-reflection/edit/:id': `/adult-reflection/edit/${reflection}`,
      '/children-reflection/:date': '/children-reflection/2031-01-02',
      '/children-reflection/edit/:id': `/children-reflection/edit/${childrenReflection}`,
      '/group/:id': `/group/${group}`,
      '/group/edit/:id': `/group/edit/${group}`,
      '/donations/:id': `/donations/${donation}`,
      '/edit-donation/:id': `/edit-donation/${donation}`,
    },
    cleanup: async () => {
      await request.delete(`/api/v1/book/${user}/${book}`, { headers });
      await request.delete(`/api/v1/group/${user}/${group}`, { headers });
      await request.delete(`/api/v1/donation/${user}/${donation}`, { headers });
      await request.delete(`/api/v1/delete/account/${user}/${account}`, { headers });
      await request.post(`/api/v1/delete/prayer/${user}/${prayer}`, { headers });
      await request.delete(`/api/v1/prayer/request/${user}/${prayerRequest}`, { headers });
      await request.delete(`/api/v1/delete/regular/mass/${user}/${sundayMass}`, { headers });
      await request.delete(`/api/v1/delete/stream/${user}/${stream}`, { headers });
      await request.delete(`/api/v1/delete/reading/${user}/${reading}`, { headers });
      await request.delete(`/api/v1/delete/adult/reflection/${user}/${reflection}`, { headers });
      await request.delete(`/api/v1/delete/children/reflection/${user}/${childrenReflection}`, { headers });
    },
  };
}
