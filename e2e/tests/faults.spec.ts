import { expect, test, type Page, SAME_ON_EVERY_NODE } from './fixtures';
import { type Fault, faults, jsonError, remotes, unavailable } from './remote-faults';
import { logIn, menuLink, openDashboard } from './session';

// The tests start signed in as the administrator (a session made once for the file, fixtures.ts), but
// for the last, about what the login sets off.
test.use({ signedIn: true });

// Every fault a deploy can cause, and /remotes.json's: only the area that cannot be loaded shows a
// panel in plain words, everything else keeps working, and Retry recovers without a page reload once
// the files are back. Every remote loads through the same loader, and each remote meets every fault
// round after round in fault-rounds.spec.ts: here each fault is met once, from the first page, by one
// remote in turn, so that each remote meets two of them.

const markNoReload = (page: Page) =>
  page.evaluate(() => ((window as unknown as { __noReload: boolean }).__noReload = true));
const stillNoReload = (page: Page) => page.evaluate(() => (window as unknown as { __noReload?: boolean }).__noReload);

for (const [index, fault] of faults.entries()) {
  const remote = remotes[index % remotes.length];
  test(
    `${remote.name}: ${fault.name} shows only its panel, and Retry recovers`,
    SAME_ON_EVERY_NODE,
    async ({ page }) => {
      // From the first page: the idle prefetch meets the fault too, and must stay silent.
      let endStall!: () => void;
      const stalled = new Promise<void>((resolve) => (endStall = resolve));
      const pattern = `**/remotes/${remote.name}/*/${fault.files}`;
      await page.route(pattern, (route) => fault.answer(route, stalled));
      await openDashboard(page);

      await (await menuLink(page, remote.menu)).click();
      const heading = unavailable(page, remote);
      await expect(heading).toBeVisible({ timeout: 10_000 });
      const panel = page.getByRole('alert').filter({ has: heading });
      await expect(panel).toContainText('They may be being updated — try again in a moment.');
      // The runtime's text stays behind Details.
      expect(await panel.innerText()).not.toContain('Federation Runtime');
      await panel.getByText('Details').click();
      await expect(panel.locator('details code')).not.toBeEmpty();

      // The other remotes, the menu and the session keep working.
      for (const other of remotes.filter((candidate) => candidate !== remote)) {
        await (await menuLink(page, other.menu)).click();
        await expect(other.ready(page)).toBeVisible();
      }
      await (await menuLink(page, 'Dashboard')).click();
      await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();

      // The files are back: Retry loads the remote in the same page.
      await (await menuLink(page, remote.menu)).click();
      await expect(heading).toBeVisible({ timeout: 10_000 });
      await page.unroute(pattern);
      endStall();
      await markNoReload(page);
      await page.getByRole('button', { name: 'Retry' }).click();
      await expect(remote.ready(page)).toBeVisible();
      expect(await stillNoReload(page)).toBe(true);
    },
  );
}

const mapFaults: Fault[] = [
  { name: 'a 404', files: '', answer: jsonError(404) },
  { name: 'a 500', files: '', answer: jsonError(500) },
  { name: 'a 503', files: '', answer: jsonError(503) },
  { name: 'a refused connection', files: '', answer: (route) => route.abort('connectionrefused') },
  {
    name: 'a stall',
    files: '',
    answer: async (route, stalled) => {
      await stalled;
      await route.abort('timedout').catch(() => undefined);
    },
  },
  {
    name: 'a body that is not a map',
    files: '',
    answer: (route) =>
      route.fulfill({ status: 200, contentType: 'text/html', body: '<!doctype html><p>Maintenance</p>' }),
  },
];

for (const fault of mapFaults) {
  test(`/remotes.json: ${fault.name} never turns a screen into 'This page does not exist.', and Retry recovers`, async ({
    page,
  }) => {
    await openDashboard(page);
    // A browser that never read the map (no copy kept from an earlier page).
    await page.evaluate(() => localStorage.removeItem('remotesMap'));
    let endStall!: () => void;
    const stalled = new Promise<void>((resolve) => (endStall = resolve));
    await page.route('**/remotes.json', (route) => fault.answer(route, stalled));
    await page.goto('/bookshelf');

    const heading = page.getByRole('heading', { name: 'This screen could not be loaded' });
    await expect(heading).toBeVisible({ timeout: 10_000 });
    await expect(page.getByText('This page does not exist.')).toHaveCount(0);
    await expect(page.getByRole('alert')).toContainText('They may be being updated — try again in a moment.');

    // The shell's own screens and the menu keep working.
    await (await menuLink(page, 'Dashboard')).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
    await page.goBack();
    await expect(heading).toBeVisible({ timeout: 10_000 });

    await page.unroute('**/remotes.json');
    endStall();
    await markNoReload(page);
    // The map is retried with back-off on its own too; Retry asks at once.
    await page
      .getByRole('button', { name: 'Retry' })
      .click({ timeout: 2000 })
      .catch(() => undefined);
    await expect(page.getByRole('link', { name: 'Add New Book' })).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: 'BookShelf' })).toBeVisible();
    expect(await stillNoReload(page)).toBe(true);
  });
}

test('a page opened while /remotes.json answers 503 works from the copy of the map it kept', async ({ page }) => {
  // The dashboard keeps a copy of the map it read.
  await openDashboard(page);
  await page.route('**/remotes.json', jsonError(503));
  await page.goto('/mass-scheduling');
  await expect(remotes[1].ready(page)).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: 'Mass Scheduling' })).toBeVisible();
  await (await menuLink(page, 'BookShelf')).click();
  await expect(remotes[0].ready(page)).toBeVisible();
});

test.describe('signed out', () => {
  test.use({ signedIn: false });

  test('prefetching the remotes after login warns of nothing in the console, and its failures stay silent', async ({
    page,
  }) => {
    const messages: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'warning' || message.type() === 'error') messages.push(message.text());
    });
    // Chromium warns of a preloaded file left unused a few seconds after the load: only a preload link
    // can cause it. Every such link the page ever gets is recorded, from before its first script.
    await page.context().addInitScript(() => {
      const links: string[] = [];
      Object.assign(window, { __preloadLinks: links });
      new MutationObserver((changes) => {
        for (const change of changes)
          for (const node of change.addedNodes)
            if (node instanceof HTMLLinkElement && /preload|prefetch/i.test(node.rel)) links.push(node.href);
      }).observe(document, { childList: true, subtree: true });
    });
    const prefetched: Promise<unknown>[] = [];
    page.on('request', (request) => {
      if (request.url().includes('__federation_expose_App')) prefetched.push(request.response());
    });
    await logIn(page);
    await expect.poll(() => prefetched.length).toBeGreaterThanOrEqual(3);
    await Promise.all(prefetched);
    const preloadLinks = await page.evaluate(() => [
      ...(window as unknown as { __preloadLinks: string[] }).__preloadLinks,
      ...[...document.querySelectorAll<HTMLLinkElement>('link')]
        .filter((link) => /preload|prefetch/i.test(link.rel))
        .map((link) => link.href),
    ]);
    expect(preloadLinks).toEqual([]);
    expect(messages.filter((text) => /preload/i.test(text))).toEqual([]);

    // A remote that cannot be reached: prefetch fails without a panel or a toast.
    const failing = await page.context().newPage();
    await failing.route('**/remotes/finance/**', (route) => route.abort('connectionrefused'));
    const refused = failing.waitForEvent('requestfailed', (request) => request.url().includes('/remotes/finance/'));
    await failing.goto('/dashboard');
    await expect(failing.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
    await refused;
    // The loader's failure is handled as the request fails: a panel or a toast would be painted by the
    // next frame.
    await failing.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve))));
    await expect(failing.getByRole('alert')).toHaveCount(0);
    await failing.close();
  });
});
