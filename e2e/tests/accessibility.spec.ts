import AxeBuilder from '@axe-core/playwright';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { logIn, signInOverApi } from './session';
import { png } from './fixtures';

// axe-core on every screen of the back-office — forms, lists, details and open dialogs — wide and on
// a phone: no serious or critical violation, and nothing refused by the Content-Security-Policy. The lists hold a record each, so their tables, actions
// and details are scanned too.

const FORMS_AND_LISTS = [
  '/dashboard',
  '/bookshelf',
  '/bookshelf-organizer',
  '/bible-list',
  '/add-bible-plan',
  '/live-streaming',
  '/add-stream',
  '/adult-reflection',
  '/add-adult-reflection',
  '/children-reflection',
  '/group-list',
  '/add-group',
  '/mass-scheduling',
  '/prayer-requests',
  '/donations',
  '/donation/add',
  '/bank-accounts',
  '/add-bank-account',
  '/prayers',
  '/add-prayer',
  '/about',
  '/users',
  '/settings',
];

interface Seeded {
  cleanup: () => Promise<void>;
  details: string[];
}

/** A book, a group, a donation, a bank account and a prayer, through the API. */
async function seed(request: APIRequestContext): Promise<Seeded> {
  const { headers, userId: user } = await signInOverApi(request);
  const idOf = async (answer: Promise<{ json(): Promise<unknown> }>) =>
    ((await (await answer).json()) as { data: { _id: string } }).data._id;
  const picture = { name: 'picture.png', mimeType: 'image/png', buffer: png };
  const book = await idOf(
    request.post(`/api/v1/add/book/${user}`, {
      headers,
      multipart: {
        bookName: 'Confessions',
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
        groupName: 'Choir',
        groupLink: 'https://example.org/g',
        groupDescription: 'Sings',
        groupImage: picture,
      },
    }),
  );
  const donation = await idOf(
    request.post(`/api/v1/add/donation/${user}`, {
      headers,
      multipart: { donationName: 'Roof', donationDescription: 'For the roof', file: picture },
    }),
  );
  const account = await idOf(
    request.post(`/api/v1/add/account/${user}`, {
      headers,
      data: { bankName: 'First Bank', bankAccountNumber: '001', bankAccountHolderName: 'Parish', currency: 'NGN' },
    }),
  );
  const prayer = await idOf(
    request.post(`/api/v1/add/prayer/${user}`, {
      headers,
      data: { title: 'Angelus', prayer: 'The Angel of the Lord…' },
    }),
  );
  return {
    details: [`/bookshelf/${book}`, `/group/${group}`, `/donations/${donation}`],
    cleanup: async () => {
      await request.delete(`/api/v1/book/${user}/${book}`, { headers });
      await request.delete(`/api/v1/group/${user}/${group}`, { headers });
      await request.delete(`/api/v1/donation/${user}/${donation}`, { headers });
      await request.delete(`/api/v1/delete/account/${user}/${account}`, { headers });
      await request.post(`/api/v1/delete/prayer/${user}/${prayer}`, { headers });
    },
  };
}

async function seriousViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`);
}

for (const viewport of [
  { name: 'wide', width: 1280, height: 800 },
  { name: 'phone', width: 390, height: 844 },
]) {
  test(`every screen and dialog has no serious or critical axe violation (${viewport.name})`, async ({
    page,
    request,
  }) => {
    // About thirty screens, each loaded afresh and scanned.
    test.setTimeout(300_000);
    const seeded = await seed(request);
    try {
      expect(await scanEverything(page, seeded, viewport)).toEqual([]);
    } finally {
      await seeded.cleanup();
    }
  });
}

/** Every screen (and two open dialogs) at this size; the violations found, by screen. */
async function scanEverything(page: Page, seeded: Seeded, viewport: { width: number; height: number }) {
  await page.setViewportSize(viewport);
  const found: { screen: string; violations: string[] }[] = [];
  const scan = async (screen: string) => {
    const violations = await seriousViolations(page);
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
  for (const screen of [...FORMS_AND_LISTS, ...seeded.details]) {
    await page.goto(screen);
    await page.waitForLoadState('networkidle');
    await scan(screen);
  }
  // Open dialogs: an edit modal and a delete confirmation.
  await page.goto('/bank-accounts');
  const table = page.getByRole('table', { name: 'Bank accounts' });
  await table.getByRole('button', { name: 'Edit' }).first().click();
  await expect(page.getByRole('dialog', { name: 'Edit Bank Account' })).toBeVisible();
  await scan('/bank-accounts (Edit Bank Account)');
  await page.keyboard.press('Escape');
  await table.getByRole('button', { name: 'Delete' }).first().click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await scan('/bank-accounts (delete confirmation)');
  if (refusedByPolicy.length) found.push({ screen: 'Content-Security-Policy', violations: refusedByPolicy });
  return found;
}
