import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { chromium, request, type APIRequestContext, type Page } from '@playwright/test';
import { chromiumLaunchOptions } from '../chromium';
import { startServer } from '../tests/fixtures';
import { everyScreen, seed } from '../tests/screens';
import { logIn, signInOverApi } from '../tests/session';

// `npm run screenshots [folder]`: a PNG of every screen — the login page, the dashboard, every
// route of the remotes' route tables and the views and dialogs of VIEWS, with a record of every kind
// seeded, each list sorted by its first sortable column — wide and on a phone, into `screenshots/` or
// the folder given. It serves the production build as it is (`npm run build` first), from a server of
// its own on an empty data directory. Two things are checked: on a phone no screen is wider than the screen (it would scroll
// sideways), and on a laptop no table is wider than its card (its last columns, often the row's
// actions, would need scrolling sideways); it fails naming each such screen and what is too wide, once
// every PNG is written.

const VIEWPORTS = [
  { name: 'wide', width: 1366, height: 900 },
  { name: 'phone', width: 390, height: 844 },
];

/**
 * Where the page is wider than the viewport: the element that reaches furthest past its right edge
 * (outside any part that scrolls or clips on its own), described for a person; else undefined.
 */
function overflowOf(page: Page): Promise<string | undefined> {
  return page.evaluate(() => {
    const root = document.documentElement;
    const width = root.clientWidth;
    if (root.scrollWidth <= width) return undefined;
    // No function is declared in here: tsx would wrap it in a helper the page does not have.
    let widest: Element | undefined;
    let right = width;
    for (const element of document.body.querySelectorAll('*')) {
      const box = element.getBoundingClientRect();
      if (box.right <= right + 0.5) continue;
      // Inside a part that scrolls or clips on its own, it does not widen the page.
      let clipped = false;
      for (let parent = element.parentElement; parent && parent !== document.body; parent = parent.parentElement) {
        if (getComputedStyle(parent).overflowX !== 'visible') clipped = true;
      }
      if (clipped) continue;
      widest = element;
      right = box.right;
    }
    const page = `the page is ${root.scrollWidth} px wide in a ${width} px viewport`;
    if (!widest) return page;
    const name = widest.getAttribute('aria-label') ?? widest.getAttribute('role') ?? '';
    const text = (widest.textContent ?? '').replace(/\s+/g, ' ').trim().slice(0, 60);
    const what = `<${widest.tagName.toLowerCase()}>${name ? ` ${name}` : ''}${text ? ` "${text}"` : ''}`;
    return `${page}: ${what} reaches ${Math.round(right)} px (${Math.round(widest.getBoundingClientRect().width)} px wide)`;
  });
}

/**
 * At a laptop's width, each table wider than the box it scrolls in or than its card: its caption (or
 * its headers) and both widths, described for a person; empty when every table fits.
 */
function tablesTooWide(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const found: string[] = [];
    for (const table of document.querySelectorAll('table')) {
      if (table.getClientRects().length === 0) continue;
      // The table's card: the section that frames it; else the box it sits in.
      const card = table.closest('section') ?? table.parentElement;
      if (!card) continue;
      const style = getComputedStyle(card);
      const inner = card.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
      const width = Math.max(table.getBoundingClientRect().width, table.scrollWidth);
      let scroller = table.parentElement;
      while (scroller && scroller !== card && getComputedStyle(scroller).overflowX === 'visible') {
        scroller = scroller.parentElement;
      }
      const scrolls = scroller !== null && scroller.scrollWidth > scroller.clientWidth + 1;
      if (width <= inner + 1 && !scrolls) continue;
      const name =
        table.querySelector('caption')?.textContent?.trim() ||
        Array.from(table.querySelectorAll('th'))
          .map((th) => th.textContent?.trim())
          .join(' | ');
      found.push(`table "${name}" is ${Math.round(width)} px wide in a card of ${Math.round(inner)} px`);
    }
    return found;
  });
}

/**
 * Records as the office's own are, beside the seed's short ones: Mass intentions of a long name, email
 * and intention, Requested, Scheduled and Cancelled, so that a table that fits only short texts shows.
 */
async function seedLongTexts(api: APIRequestContext) {
  const { headers, userId } = await signInOverApi(api);
  const people = [
    'Chukwuemeka Oluwaseun Adebayo-Nwachukwu',
    'Oluwafunmilayo Chiamaka Okonkwo-Bankole',
    'Adaobi Folasade Nwosu-Akinwande',
  ];
  for (const [index, fullname] of people.entries()) {
    const sent = await api.post('/api/v1/mass/intention', {
      data: {
        fullname,
        email: `${fullname.toLowerCase().replace(/[^a-z]+/g, '.')}@stmaryscatholicparish.example.org`,
        intention:
          `For examination success of ${fullname} and of all the students who sit their final ` +
          'examinations this week, that the Holy Spirit guide their minds and calm their hearts',
      },
    });
    const id = ((await sent.json()) as { data: { _id: string } }).data._id;
    if (index === 1) {
      await api.put(`/api/v1/mass/intention/place/${userId}/${id}`, { headers, data: { massId: 'next' } });
    }
    if (index === 2) await api.put(`/api/v1/mass/intention/${userId}/${id}`, { headers, data: { state: 'Cancelled' } });
  }
}

/**
 * A list is shown sorted by its first sortable column, so that every list's picture shows its headers'
 * sort: by the header on a laptop, by the "Sort by" choice on a phone (which has no header row).
 */
async function sortByFirstColumn(page: Page, phone: boolean) {
  await page.waitForLoadState('networkidle');
  // A phone's header row is laid out off screen, for screen readers: it counts as visible there.
  const header = page.locator('th[aria-sort] button').first();
  if (!phone && (await header.isVisible())) {
    await header.click();
    await page.locator('th[aria-sort="ascending"]').first().waitFor();
    return;
  }
  const choice = page.getByRole('combobox', { name: 'Sort by' }).first();
  if (await choice.isVisible()) {
    const first = await choice.locator('option').nth(1).getAttribute('value');
    if (first) await choice.selectOption(first);
  }
}

/**
 * What the routes alone do not show, each under a name of its own: a view the address keeps, and the
 * dialogs a screen opens (the care of a submission, the week's Mass forms), opened by their buttons.
 */
const VIEWS: { name: string; path: string; open?: (page: Page) => Promise<void> }[] = [
  { name: '/mass-scheduling (week)', path: '/mass-scheduling?view=week' },
  {
    name: '/mass-scheduling (regular masses)',
    path: '/mass-scheduling?view=week',
    open: (page) => page.getByRole('button', { name: 'Regular Masses' }).click(),
  },
  {
    name: '/mass-scheduling (edit mass)',
    path: '/mass-scheduling?view=week',
    open: (page) =>
      page
        .getByRole('button', { name: /^Edit / })
        .first()
        .click(),
  },
  {
    name: '/mass-scheduling (intention details)',
    path: '/mass-scheduling',
    open: (page) =>
      page
        .getByRole('button', { name: /^Details of / })
        .first()
        .click(),
  },
  {
    name: '/settings/backups (restore)',
    path: '/settings/backups',
    // A backup made first: the list then has a row, and its Restore opens the dialog.
    open: async (page) => {
      await page.getByRole('button', { name: 'Back up now' }).click();
      const restore = page.getByRole('button', { name: /^Restore the backup of / }).first();
      await restore.waitFor({ timeout: 30_000 });
      await restore.click();
    },
  },
  {
    name: '/prayer-requests (request details)',
    path: '/prayer-requests',
    open: (page) =>
      page
        .getByRole('button', { name: /^Details of / })
        .first()
        .click(),
  },
];

/** '/bookshelf/:id' → 'bookshelf-id', '/' → 'home'. */
const fileName = (route: string, viewport: string) =>
  `${route.replace(/[^a-z0-9]+/gi, '-').replace(/^-|-$/g, '') || 'home'}-${viewport}.png`;

// SCREENSHOTS_ONLY=<regular expression>: only the routes it matches (the login page always).
const only = process.env.SCREENSHOTS_ONLY ? new RegExp(process.env.SCREENSHOTS_ONLY) : undefined;

async function main() {
  const folder = path.resolve(process.argv[2] ?? 'screenshots');
  mkdirSync(folder, { recursive: true });
  const server = await startServer(Number(process.env.SCREENSHOTS_PORT ?? 4900));
  const browser = await chromium.launch(chromiumLaunchOptions);
  const api = await request.newContext({ baseURL: server.url });
  let written = 0;
  const tooWide: string[] = [];
  try {
    const seeded = await seed(api, { payloads: false });
    await seedLongTexts(api);
    // Each screen under the name of its route: the seeded ids differ from one run to the next.
    const routeOf = new Map(Object.entries(seeded.params).map(([route, filled]) => [filled, route]));
    for (const viewport of VIEWPORTS) {
      const context = await browser.newContext({ baseURL: server.url, viewport: viewport });
      const page = await context.newPage();
      const shoot = async (route: string) => {
        await page.waitForLoadState('networkidle');
        // Pictures and fonts are in, and no spinner is left turning.
        await page.evaluate(() => document.fonts.ready);
        await page
          .getByRole('status', { name: /loading/i })
          .first()
          .waitFor({ state: 'hidden', timeout: 10_000 })
          .catch(() => undefined);
        await page.screenshot({ path: path.join(folder, fileName(route, viewport.name)), fullPage: true });
        written += 1;
        if (viewport.name === 'phone') {
          const overflow = await overflowOf(page);
          if (overflow) tooWide.push(`${route} at ${viewport.width} px: ${overflow}`);
        } else {
          for (const table of await tablesTooWide(page)) tooWide.push(`${route} at ${viewport.width} px: ${table}`);
        }
      };
      await page.goto('/login');
      await shoot('/login');
      await logIn(page);
      for (const screen of everyScreen(seeded)) {
        if (only && !only.test(routeOf.get(screen) ?? screen)) continue;
        await page.goto(screen);
        await sortByFirstColumn(page, viewport.name === 'phone');
        await shoot(routeOf.get(screen) ?? screen);
      }
      for (const view of VIEWS) {
        if (only && !only.test(view.name)) continue;
        await page.goto(view.path);
        await page.waitForLoadState('networkidle');
        if (view.open) {
          await view.open(page);
          await page.getByRole('dialog').waitFor();
        }
        await shoot(view.name);
      }
      await context.close();
    }
  } finally {
    await api.dispose();
    await browser.close();
    await server.stop();
  }
  console.log(`${written} screenshots in ${folder}`);
  if (tooWide.length > 0) {
    throw new Error(
      `Screens too wide (a phone's page, or a table in its card):\n${tooWide.map((line) => `  ${line}`).join('\n')}`,
    );
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
