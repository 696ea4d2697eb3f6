import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page, png } from './fixtures';
import { openScreen, signInOverApi } from './session';

// The tests start signed in as the administrator (a session made once for the file, fixtures.ts).
test.use({ signedIn: true });

// Phones (390×844): list tables become divided lists inside the page's card (never a card in a card),
// so that every row's actions are on screen without scrolling sideways; the card has equal gutters;
// the menu is a drawer that keeps the focus while open; the header is one row.

test.use({ viewport: { width: 390, height: 844 } });

/** Nothing of the page reaches past the screen's right edge. */
async function expectNoSidewaysScroll(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
}

/**
 * The table's rows and cells are not framed (a border on all four sides), inside a framed card whose
 * gutters at the screen's left and right edges are equal.
 */
async function expectOneCardWithEqualGutters(page: Page, table: string) {
  const layout = await page.getByRole('table', { name: table }).evaluate((element) => {
    const framed = (node: Element) => {
      const style = getComputedStyle(node);
      return (['Top', 'Right', 'Bottom', 'Left'] as const).every(
        (side) => parseFloat(style[`border${side}Width`]) > 0 && style[`border${side}Style`] !== 'none',
      );
    };
    let card = element.parentElement;
    while (card && !framed(card)) card = card.parentElement;
    const box = card?.getBoundingClientRect();
    return {
      framedRowsOrCells: [...element.querySelectorAll('tr, td, th')].filter(framed).length,
      gutters: box && [box.left, document.documentElement.clientWidth - box.right],
    };
  });
  expect(layout.framedRowsOrCells, 'rows framed as cards inside the card').toBe(0);
  expect(layout.gutters, 'a framed card around the table').toBeDefined();
  const [left, right] = layout.gutters!;
  expect(left).toBeGreaterThan(0);
  expect(Math.abs(left - right), `gutters ${left} px and ${right} px`).toBeLessThanOrEqual(1);
}

test('a list on a phone shows its rows as one card with their actions on screen', async ({ page, request }) => {
  const { headers, userId } = await signInOverApi(request);
  const book = await request.post(`/api/v1/add/book/${userId}`, {
    headers,
    multipart: {
      bookName: 'The Imitation of Christ, with a title long enough to wrap on a phone',
      bookLink: 'https://example.org/a/very/long/address/that/would/push/the/table/sideways/on/a/phone',
      category: 'Devotional',
      bookImage: { name: 'cover.png', mimeType: 'image/png', buffer: png },
    },
  });
  const account = await request.post(`/api/v1/add/account/${userId}`, {
    headers,
    data: {
      bankName: 'First Bank of Nigeria',
      bankAccountNumber: '0012345678',
      bankAccountHolderName: 'St. Mary Parish Building Committee',
      currency: 'NGN',
    },
  });
  const bookId = ((await book.json()) as { data: { _id: string } }).data._id;
  const accountId = ((await account.json()) as { data: { _id: string } }).data._id;
  try {
    await openScreen(page, '/bookshelf');
    const details = page.getByRole('link', { name: /^View details of The Imitation of Christ/ });
    await expect(details).toBeInViewport();
    await expectNoSidewaysScroll(page);
    await expectOneCardWithEqualGutters(page, 'Books');
    await page.screenshot({ path: test.info().outputPath('bookshelf-390.png'), fullPage: true });

    await page.goto('/bank-accounts');
    const table = page.getByRole('table', { name: 'Bank accounts' });
    await expect(table.getByRole('button', { name: 'Edit' })).toBeInViewport();
    await expect(table.getByRole('button', { name: 'Delete' })).toBeInViewport();
    await expectNoSidewaysScroll(page);
    await expectOneCardWithEqualGutters(page, 'Bank accounts');
    await page.screenshot({ path: test.info().outputPath('bank-accounts-390.png'), fullPage: true });
  } finally {
    await request.delete(`/api/v1/book/${userId}/${bookId}`, { headers });
    await request.delete(`/api/v1/delete/account/${userId}/${accountId}`, { headers });
  }
});

test("a row's values on a phone start in one column, however wide a cell's actions", async ({ page, request }) => {
  const { headers, userId } = await signInOverApi(request);
  const sent = await request.post('/api/v1/prayer/request', { data: { request: 'For the sick of the parish' } });
  const id = ((await sent.json()) as { data: { _id: string } }).data._id;
  try {
    await openScreen(page, '/prayer-requests');
    const row = page.getByRole('table', { name: 'Prayer requests' }).getByRole('row', { name: /For the sick/ });
    // Care holds Details and Mark Prayed for, wider than the value column: they wrap, never start left of it.
    const details = row.getByRole('button', { name: /^Details of/ });
    const remove = row.getByRole('button', { name: 'Delete' });
    await expect(details).toBeInViewport();
    const [detailsBox, removeBox] = [(await details.boundingBox())!, (await remove.boundingBox())!];
    expect(Math.round(detailsBox.x)).toBe(Math.round(removeBox.x));
    await expectNoSidewaysScroll(page);
  } finally {
    await request.delete(`/api/v1/prayer/request/${userId}/${id}`, { headers });
  }
});

test('the menu on a phone is a drawer that keeps the focus until it closes', async ({ page }) => {
  await openScreen(page, '/bookshelf');
  const menuButton = page.getByRole('button', { name: 'Open menu' });
  const drawer = page.getByRole('dialog', { name: 'Menu' });
  await menuButton.click();
  await expect(drawer).toBeVisible();
  await expect(drawer.getByRole('button', { name: 'Close menu' })).toBeFocused();
  await page.screenshot({ path: test.info().outputPath('menu-390.png') });
  const axe = await new AxeBuilder({ page }).analyze();
  expect(
    axe.violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical'),
    'axe on the open drawer',
  ).toEqual([]);

  // Tab and Shift+Tab go round its controls and never reach the page behind.
  const focusInDrawer = () => page.evaluate(() => Boolean(document.activeElement?.closest('[role="dialog"]')));
  const controls = await drawer.locator('a[href], button').count();
  for (let step = 0; step <= controls; step++) {
    await page.keyboard.press('Tab');
    expect(await focusInDrawer(), `focus after ${step + 1} Tab`).toBe(true);
  }
  await drawer.getByRole('button', { name: 'Close menu' }).focus();
  await page.keyboard.press('Shift+Tab');
  await expect(drawer.getByRole('link', { name: 'Settings' })).toBeFocused();

  // Escape closes it and gives the focus back to the menu button; so does a tap beside it.
  await page.keyboard.press('Escape');
  await expect(drawer).toBeHidden();
  await expect(menuButton).toBeFocused();
  await menuButton.click();
  await expect(drawer).toBeVisible();
  await page.mouse.click(370, 420);
  await expect(drawer).toBeHidden();
  await expect(menuButton).toBeFocused();

  // Following a link closes it.
  await menuButton.click();
  await drawer.getByRole('link', { name: 'Live Streaming', exact: true }).click();
  await expect(page).toHaveURL(/\/live-streaming$/);
  await expect(drawer).toBeHidden();
});

test('the header on a phone is one row: menu, Search, date and Logout', async ({ page }) => {
  await openScreen(page, '/bookshelf');
  const header = page.locator('header').first();
  const search = page.getByRole('button', { name: 'Search' });
  const logout = page.getByRole('button', { name: 'Logout' });
  const today = header.locator('time');
  await expect(search).toBeVisible();
  expect((await header.boundingBox())!.height).toBeLessThanOrEqual(64);
  // Every control of the row is in it, side by side.
  for (const control of [page.getByRole('button', { name: 'Open menu' }), search, today, logout]) {
    await expect(control).toBeInViewport();
    const box = (await control.boundingBox())!;
    const bar = (await header.boundingBox())!;
    expect(box.y).toBeGreaterThanOrEqual(bar.y);
    expect(box.y + box.height).toBeLessThanOrEqual(bar.y + bar.height);
  }
  await expect(today).toHaveText(/^\d{2}\/\d{2}\/\d{4}$/);
  await expectNoSidewaysScroll(page);

  // Search opens its field over the row, with the focus in it; the term filters the list.
  await search.click();
  const field = page.getByRole('searchbox', { name: 'Search' });
  await expect(field).toBeFocused();
  await field.fill('zzz');
  await expect(page).toHaveURL(/[?&]q=zzz/);
  expect((await header.boundingBox())!.height).toBeLessThanOrEqual(64);
  await page.screenshot({ path: test.info().outputPath('search-390.png') });
  // A filtered list keeps its field open; closing it clears the term and gives the focus back.
  await page.reload();
  await expect(field).toHaveValue('zzz');
  await page.getByRole('button', { name: 'Close search' }).click();
  await expect(page).not.toHaveURL(/q=/);
  await expect(field).toBeHidden();
  await expect(search).toBeFocused();
  await search.click();
  await page.keyboard.press('Escape');
  await expect(field).toBeHidden();
  await expect(search).toBeFocused();
});

test("a details screen's Back, Edit and Delete share one row on a phone", async ({ page, request }) => {
  const { headers, userId } = await signInOverApi(request);
  // The longest labels of the details screens: Edit Donation, Delete Donation.
  const donation = await request.post(`/api/v1/add/donation/${userId}`, {
    headers,
    multipart: {
      donationName: 'Restoring the bell tower of the parish church',
      donationDescription: 'For the roof and the bells',
      file: { name: 'cover.png', mimeType: 'image/png', buffer: png },
    },
  });
  const donationId = ((await donation.json()) as { data: { _id: string } }).data._id;
  try {
    await openScreen(page, `/donations/${donationId}`);
    const buttons = [
      page.getByRole('link', { name: 'Back' }),
      page.getByRole('link', { name: 'Edit Donation' }),
      page.getByRole('button', { name: 'Delete Donation' }),
    ];
    const boxes = [];
    for (const button of buttons) {
      await expect(button).toBeInViewport({ ratio: 1 });
      boxes.push((await button.boundingBox())!);
    }
    for (const box of boxes.slice(1))
      expect(Math.abs(box.y - boxes[0].y), 'the buttons on one row').toBeLessThanOrEqual(1);
    await expectNoSidewaysScroll(page);
    await page.screenshot({ path: test.info().outputPath('donation-details-390.png'), fullPage: true });
  } finally {
    await request.delete(`/api/v1/donation/${userId}/${donationId}`, { headers });
  }
});
