import { readFileSync } from 'node:fs';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import axe from 'axe-core';
import { expect, test, type APIRequestContext, type Page, png, SAME_ON_EVERY_NODE } from './fixtures';
import { logIn, signInOverApi } from './session';

// One crawl of every screen of the back-office — forms, lists, details and open dialogs — wide and on
// a phone, checking three things at once: no serious or critical axe violation; nothing refused by
// the Content-Security-Policy; and no stored script run, though every record shown carries one. The lists hold a record each, so their tables, actions
// and details are scanned too.

/**
 * Every screen: the login page, the shell's dashboard, and every route the remotes declare in their
 * route tables (so that a new screen is crawled without being listed here), with the seeded records'
 * ids and dates in place of the parameters.
 */
function everyScreen(seeded: Seeded): string[] {
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

interface Seeded {
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
const hostile = (word: string) => `${word} ${XSS_PAYLOADS[nextPayload++ % XSS_PAYLOADS.length]}`;

/** Records of every kind the crawl opens, through the API, their texts carrying the payloads. */
async function seed(request: APIRequestContext): Promise<Seeded> {
  nextPayload = 0;
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
  // Mass intentions cannot be deleted (the spec has no such call): this one stays.
  await request.post('/api/v1/mass/intention', {
    data: { fullname: hostile('Ada'), email: 'ada@example.com', intention: hostile('For peace') },
  });
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
  expect(nextPayload).toBeGreaterThanOrEqual(XSS_PAYLOADS.length);
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
      await request.delete(`/api/v1/delete/stream/${user}/${stream}`, { headers });
      await request.delete(`/api/v1/delete/reading/${user}/${reading}`, { headers });
      await request.delete(`/api/v1/delete/adult/reflection/${user}/${reflection}`, { headers });
      await request.delete(`/api/v1/delete/children/reflection/${user}/${childrenReflection}`, { headers });
    },
  };
}

/**
 * Every rule axe has, the experimental ones too (a visible label missing from a control's name is one),
 * up to WCAG AA: the three AAA rules (enhanced contrast, identical links, any meta refresh) stay off.
 */
const EVERY_RULE = Object.fromEntries(
  axe
    .getRules()
    .filter((rule) => !rule.tags.includes('wcag2aaa'))
    .map((rule) => [rule.ruleId, { enabled: true }]),
);

async function seriousViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).options({ rules: EVERY_RULE }).analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`);
}

for (const viewport of [
  { name: 'wide', width: 1280, height: 800 },
  { name: 'phone', width: 390, height: 844 },
]) {
  test(
    `every screen and dialog has no serious or critical axe violation (${viewport.name})`,
    SAME_ON_EVERY_NODE,
    async ({ page, request }) => {
      // About forty screens, each loaded afresh and scanned.
      test.setTimeout(300_000);
      const seeded = await seed(request);
      try {
        expect(await scanEverything(page, seeded, viewport)).toEqual([]);
      } finally {
        await seeded.cleanup();
      }
    },
  );
}

/** Every screen (and two open dialogs) at this size; the violations found, by screen. */
async function scanEverything(page: Page, seeded: Seeded, viewport: { width: number; height: number }) {
  await page.setViewportSize(viewport);
  const found: { screen: string; violations: string[] }[] = [];
  // A payload that runs calls alert() (or prompt()): counted, never shown.
  await page.addInitScript(() => {
    const ran: string[] = [];
    Object.assign(window, { __xssRan: ran });
    window.alert = (message?: unknown) => void ran.push(String(message));
    window.prompt = (message?: unknown) => (ran.push(String(message)), null);
  });
  const scan = async (screen: string) => {
    const violations = await seriousViolations(page);
    const ran = await page.evaluate(() => (window as unknown as { __xssRan: string[] }).__xssRan);
    if (ran.length) violations.push(`stored script ran: ${ran.join(', ')}`);
    if (violations.length) found.push({ screen, violations });
  };

  // The crawl also proves the screens work under the Content-Security-Policy: Chromium reports
  // every refused script, style, frame or connection on the console.
  const refusedByPolicy: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) refusedByPolicy.push(`${page.url()}: ${message.text()}`);
  });
  await page.goto('/login');
  await scan('/login');
  await logIn(page);
  for (const screen of everyScreen(seeded)) {
    await page.goto(screen);
    await page.waitForLoadState('networkidle');
    await scan(screen);
  }
  // Open dialogs: edit modals and a delete confirmation.
  await page.goto('/bank-accounts');
  const table = page.getByRole('table', { name: 'Bank accounts' });
  await table.getByRole('button', { name: 'Edit' }).first().click();
  await expect(page.getByRole('dialog', { name: 'Edit Bank Account' })).toBeVisible();
  await scan('/bank-accounts (Edit Bank Account)');
  await page.keyboard.press('Escape');
  await table.getByRole('button', { name: 'Delete' }).first().click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await scan('/bank-accounts (delete confirmation)');
  await page.keyboard.press('Escape');
  await page.goto('/prayers');
  await page.getByRole('table', { name: 'Section A Prayers' }).getByRole('button', { name: 'Edit' }).first().click();
  await expect(page.getByRole('dialog', { name: 'Edit Prayer' })).toBeVisible();
  await scan('/prayers (Edit Prayer)');
  if (refusedByPolicy.length) found.push({ screen: 'Content-Security-Policy', violations: refusedByPolicy });
  return found;
}
