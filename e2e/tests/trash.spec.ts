import { expect, test, png } from './fixtures';
import { holdToast, menuLink, openDashboard, signInOverApi } from './session';

// The tests start signed in as the administrator (a session made once for the file, fixtures.ts).
test.use({ signedIn: true });

// A delete moves what it removes to the trash: its toast offers Undo for 10 s, and Settings → Trash
// restores it later. The records here are this file's own.

test('a deleted book comes back with its cover by the toast’s Undo', async ({ page, request }) => {
  const { headers, userId } = await signInOverApi(request);
  const title = 'The Cloud of Unknowing (trash)';
  const added = await request.post(`/api/v1/add/book/${userId}`, {
    headers,
    multipart: {
      bookName: title,
      bookLink: 'https://example.org/cloud',
      category: 'Spiritual Books',
      bookImage: { name: 'cloud.png', mimeType: 'image/png', buffer: png },
    },
  });
  expect(added.status()).toBe(201);

  await openDashboard(page);
  await (await menuLink(page, 'BookShelf')).click();
  await page.getByRole('link', { name: `View details of ${title}` }).click();
  await expect(page.getByRole('heading', { name: title })).toBeVisible();
  await expect(page.getByText('No earlier versions yet.')).toBeVisible();

  // Nothing is asked of the server about the book once it is deleted: no 404 in the console.
  const afterDelete: string[] = [];
  page.on('request', (sent) => {
    if (sent.method() === 'GET' && sent.url().includes('/api/v1/')) afterDelete.push(new URL(sent.url()).pathname);
  });
  await page.getByRole('button', { name: 'Delete Book' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
  const toast = await holdToast(page.getByRole('alert').filter({ hasText: 'Book deleted successfully' }));
  await expect(page).toHaveURL(/\/bookshelf$/);
  await expect(page.getByRole('link', { name: `View details of ${title}` })).toHaveCount(0);
  const bookId = ((await added.json()) as { data: { _id: string } }).data._id;
  expect(afterDelete.filter((pathname) => pathname.includes(bookId))).toEqual([]);
  await expect(page.getByRole('link', { name: `View details of ${title}` })).toHaveCount(0);
  // Gone from the mobile app's calls too.
  const id = ((await added.json()) as { data: { _id: string } }).data._id;
  expect((await request.get(`/api/v1/single/book/${id}`)).status()).toBe(404);

  await toast.getByRole('button', { name: 'Undo' }).click();
  await expect(page.getByText('Book restored successfully')).toBeVisible();
  const cover = page.getByRole('img', { name: `Cover of ${title}` });
  await expect(cover).toBeVisible();
  await expect.poll(() => cover.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(2);
  expect((await request.get(`/api/v1/single/book/${id}`)).status()).toBe(200);
});

test('Delete All of the New prayer requests, then restore them all from Settings → Trash', async ({ page }) => {
  const requests = ['Trash: for the harvest.', 'Trash: for the travellers.', 'Trash: for the choir.'];
  // The mobile app's public call (no token).
  for (const request of requests) {
    expect((await page.request.post('/api/v1/prayer/request', { data: { request } })).status()).toBe(201);
  }

  await openDashboard(page);
  await (await menuLink(page, 'Prayer Requests')).click();
  const table = page.getByRole('table', { name: 'Prayer requests' });
  for (const request of requests) await expect(table.getByText(request)).toBeVisible();
  await page.getByRole('button', { name: 'Delete All' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
  // The default tab shows the New ones: all three.
  await expect(page.getByText(`${requests.length} New prayer requests deleted successfully`)).toBeVisible();
  await expect(page.getByText('No prayer requests available.')).toBeVisible();

  await (await menuLink(page, 'Settings')).click();
  await page.getByRole('navigation', { name: 'Settings sections' }).getByRole('link', { name: 'Trash' }).click();
  await expect(page).toHaveURL(/\/settings\/trash$/);
  const trash = page.getByRole('table', { name: 'Trash' });
  // The latest delete first: one entry for the whole Delete All.
  const entry = trash.getByRole('row').nth(1);
  await expect(entry).toContainText(`${requests.length} New prayer requests`);
  await expect(entry).toContainText(`${requests.length} prayer requests`);
  await entry.getByRole('button', { name: `Restore ${requests.length} New prayer requests` }).click();
  await expect(page.getByText(`${requests.length} prayer requests restored successfully`)).toBeVisible();

  await (await menuLink(page, 'Prayer Requests')).click();
  for (const request of requests) await expect(table.getByText(request)).toBeVisible();
});
