import AxeBuilder from '@axe-core/playwright';
import axe from 'axe-core';
import { expect, test, type Page, SAME_ON_EVERY_NODE } from './fixtures';
import { everyScreen, seed, type Seeded } from './screens';
import { FIRST_PAGE, logIn } from './session';

// One crawl of every screen of the back-office — forms, lists, details and open dialogs — wide and on
// a phone, checking three things at once: no serious or critical axe violation; nothing refused by
// the Content-Security-Policy; and no stored script run, though every record shown carries one. The lists hold a record each, so their tables, actions
// and details are scanned too.

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
  // Every rule still runs on every node; only the violations are collected in full (the passes and the
  // rules that did not apply, which nothing here reads, come back as one node each).
  const results = await new AxeBuilder({ page }).options({ rules: EVERY_RULE, resultTypes: ['violations'] }).analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`);
}

// The two crawls are the longest tests of the suite: each may take a worker (and a server) of its own.
test.describe.configure({ mode: 'parallel' });

for (const viewport of [
  { name: 'wide', width: 1280, height: 800 },
  { name: 'phone', width: 390, height: 844 },
]) {
  test(
    `every screen and dialog has no serious or critical axe violation (${viewport.name})`,
    SAME_ON_EVERY_NODE,
    async ({ page, request }) => {
      // About forty-five screens, each opened and scanned.
      test.setTimeout(600_000);
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
    // One visual system: each screen's title is its only h1, in the page's card beside its actions.
    const titles = await page
      .locator('h1')
      .evaluateAll((found) =>
        found.map((h1) => ({ text: h1.textContent, inPage: h1.closest('main') !== null && !h1.closest('header') })),
      );
    if (screen !== '/login' && (titles.length !== 1 || !titles[0].inPage)) {
      violations.push(`the title is not one h1 in the page: ${JSON.stringify(titles)}`);
    }
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
  // Each screen opened in the page the login left, as the menu's links and the browser's Back do (the
  // shell's router, with its navigation into a remote's area): axe, not loading the same shell and
  // remotes forty times over, is what the crawl spends its time on. Loading a screen from its address
  // is what the screens' own specs do.
  for (const screen of everyScreen(seeded)) {
    await openInPage(page, screen);
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

/** What the shell's frame titles the page at an address no screen has. */
const NO_SCREEN_TITLE = 'Page not found · Community Admin';

/**
 * Opens `screen` in the page's router, as a Back would (history.pushState, then the popstate event the
 * router listens to), by way of an address no screen has: the frame's title there ("Page not found")
 * says that the screen left is gone, and a title other than it that the router has rendered `screen`,
 * or where it leads (/settings opens its first section), as a load of the address would (two sections
 * of Settings share their h1, so a changed h1 cannot say it). Then, as a screen's first
 * load: its h1, no Loading left, and its pictures in.
 */
async function openInPage(page: Page, screen: string) {
  const pop = (to: string) =>
    page.evaluate((address) => {
      history.pushState(null, '', address);
      dispatchEvent(new PopStateEvent('popstate'));
    }, to);
  if (new URL(page.url()).pathname !== screen) {
    await pop('/no-screen-here');
    await expect(page).toHaveTitle(NO_SCREEN_TITLE, FIRST_PAGE);
    await pop(screen);
    await expect(page).not.toHaveTitle(NO_SCREEN_TITLE, FIRST_PAGE);
  }
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible(FIRST_PAGE);
  await expect(page.getByRole('status', { name: 'Loading' })).toHaveCount(0, FIRST_PAGE);
  // Its pictures in, without networkidle's half second of quiet on each of ninety screens.
  await page.waitForFunction(() => Array.from(document.images).every((image) => image.complete), undefined, FIRST_PAGE);
}
