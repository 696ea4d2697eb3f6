import { expect, test, type Page, png } from './fixtures';
import { logIn, signInOverApi } from './session';

// Phones (390×844): list tables become stacked cards, so that every row's actions are on screen
// without scrolling sideways.

test.use({ viewport: { width: 390, height: 844 } });

/** Nothing of the page reaches past the screen's right edge. */
async function expectNoSidewaysScroll(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
}

test('a list on a phone shows each row as a card with its actions on screen', async ({ page, request }) => {
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
    await logIn(page);
    await page.goto('/bookshelf');
    const details = page.getByRole('link', { name: /^View details of The Imitation of Christ/ });
    await expect(details).toBeInViewport();
    await expectNoSidewaysScroll(page);
    await page.screenshot({ path: test.info().outputPath('bookshelf-390.png'), fullPage: true });

    await page.goto('/bank-accounts');
    const table = page.getByRole('table', { name: 'Bank accounts' });
    await expect(table.getByRole('button', { name: 'Edit' })).toBeInViewport();
    await expect(table.getByRole('button', { name: 'Delete' })).toBeInViewport();
    await expectNoSidewaysScroll(page);
    await page.screenshot({ path: test.info().outputPath('bank-accounts-390.png'), fullPage: true });
  } finally {
    await request.delete(`/api/v1/book/${userId}/${bookId}`, { headers });
    await request.delete(`/api/v1/delete/account/${userId}/${accountId}`, { headers });
  }
});
