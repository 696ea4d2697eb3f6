import { expect, test, type Locator, adminEmail, adminPassword, png, SMOKE } from './fixtures';
import type { FileChooser } from '@playwright/test';
import { menuLink, openDashboard, signInOverApi } from './session';

// The tests start signed in as the administrator (a session made once for the file, fixtures.ts), but
// for the keyboard one, which logs in by keyboard.
test.use({ signedIn: true });

test(
  'the administrator runs the book shelf: add with a cover, details, edit keeping it, delete',
  SMOKE,
  async ({ page }) => {
    await openDashboard(page);
    await (await menuLink(page, 'BookShelf')).click();
    await expect(page).toHaveURL(/\/bookshelf$/);
    await expect(page.getByText('No books available.')).toBeVisible();

    await page.getByRole('link', { name: 'Add New Book' }).click();
    await expect(page).toHaveURL(/\/bookshelf-organizer$/);
    // Bad input first: the spec's messages, nothing sent.
    await page.getByRole('button', { name: 'Save & Continue' }).click();
    await expect(page.getByText('Category is required')).toBeVisible();
    await expect(page.getByText('Title is required')).toBeVisible();

    await page.getByLabel('Category').selectOption('Spiritual Books');
    await page.getByLabel('Title').fill('Introduction to the Devout Life');
    await page.getByLabel('Link').fill('https://example.org/devout-life');
    await page.getByLabel('Image').setInputFiles({ name: 'devout.png', mimeType: 'image/png', buffer: png });
    await expect(page.getByAltText('Image preview')).toBeVisible();
    await page.getByRole('button', { name: 'Save & Continue' }).click();
    await expect(page.getByText('Book added successfully')).toBeVisible();
    await expect(page).toHaveURL(/\/bookshelf$/);

    const coverImage = page.getByRole('img', { name: 'Cover of Introduction to the Devout Life' });
    await expect(coverImage).toBeVisible();
    await expect.poll(() => coverImage.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(2);

    await page.getByRole('link', { name: 'View details of Introduction to the Devout Life' }).click();
    await expect(page.getByRole('heading', { name: 'Introduction to the Devout Life' })).toBeVisible();
    await expect(page.getByText('Spiritual Books')).toBeVisible();
    const coverUrl = await page.getByRole('img', { name: /Cover of/ }).getAttribute('src');

    await page.getByRole('link', { name: 'Edit Book' }).click();
    await expect(page.getByLabel('Title')).toHaveValue('Introduction to the Devout Life');
    await expect(page.getByLabel('Category')).toHaveValue('Spiritual Books');
    await page.getByLabel('Title').fill('Introduction to the Devout Life (Annotated)');
    await page.getByRole('button', { name: 'Save & Continue' }).click();
    await expect(page.getByText('Book updated successfully')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Introduction to the Devout Life (Annotated)' })).toBeVisible();
    const keptCover = page.getByRole('img', { name: /Cover of/ });
    await expect(keptCover).toHaveAttribute('src', coverUrl!);
    await expect.poll(() => keptCover.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(2);

    await page.getByRole('button', { name: 'Delete Book' }).click();
    await expect(page.getByRole('dialog')).toContainText('Are you sure you want to delete this book?');
    await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByText('Book deleted successfully')).toBeVisible();
    await expect(page).toHaveURL(/\/bookshelf$/);
    await expect(page.getByText('No books available.')).toBeVisible();
    // The cover went with the record: kept in the trash, served again only if it is restored (trash.spec.ts).
    expect((await page.request.get(coverUrl!)).status()).toBe(404);
  },
);

test("a book sent with the spec's own payload (no category) reaches the shelf, and its edit asks for a category", async ({
  page,
  request,
}) => {
  const { headers, userId } = await signInOverApi(request);
  const added = await request.post(`/api/v1/add/book/${userId}`, {
    headers,
    multipart: {
      bookName: 'The Story of a Soul',
      bookLink: 'https://example.org/story-of-a-soul',
      bookImage: { name: 'soul.png', mimeType: 'image/png', buffer: png },
    },
  });
  expect(added.status()).toBe(201);

  await openDashboard(page);
  await (await menuLink(page, 'BookShelf')).click();
  await page.getByRole('link', { name: 'View details of The Story of a Soul' }).click();
  await page.getByRole('link', { name: 'Edit Book' }).click();
  await expect(page.getByLabel('Title')).toHaveValue('The Story of a Soul');
  await page.getByRole('button', { name: 'Save & Continue' }).click();
  await expect(page.getByText('Category is required')).toBeVisible();
  await page.getByLabel('Category').selectOption('Devotional');
  await page.getByRole('button', { name: 'Save & Continue' }).click();
  await expect(page.getByText('Book updated successfully')).toBeVisible();
  await expect(page.getByText('Devotional')).toBeVisible();

  await page.getByRole('button', { name: 'Delete Book' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('Book deleted successfully')).toBeVisible();
});

test.describe('signed out', () => {
  test.use({ signedIn: false });

  test('keyboard only: log in, add a book, delete it with the confirmation', async ({ page }) => {
    /** Presses Tab until `target` has the focus (never clicks). */
    const tabTo = async (target: Locator) => {
      for (let step = 0; step < 60; step++) {
        if (await target.evaluate((element) => element === document.activeElement)) return;
        await page.keyboard.press('Tab');
      }
      throw new Error(`Tab never reached ${target.toString()}`);
    };

    // Listening from the start: Playwright turns on the browser's file-chooser interception without
    // waiting, so a listener added just before Space could miss the chooser it opens.
    const chooser = new Promise<FileChooser>((resolve) => page.once('filechooser', resolve));

    await page.goto('/login');
    await tabTo(page.getByLabel('Email'));
    await page.keyboard.type(adminEmail);
    await tabTo(page.getByLabel('Password'));
    await page.keyboard.type(adminPassword);
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/dashboard$/);

    await tabTo(page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'BookShelf' }));
    await page.keyboard.press('Enter');
    await tabTo(page.getByRole('link', { name: 'Add New Book' }));
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/bookshelf-organizer$/);

    await tabTo(page.getByLabel('Category'));
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    await expect(page.getByLabel('Category')).toHaveValue('Devotional');
    await tabTo(page.getByLabel('Title'));
    await page.keyboard.type('The Cloud of Unknowing');
    await tabTo(page.getByLabel('Link'));
    await page.keyboard.type('https://example.org/cloud');
    await tabTo(page.getByLabel('Image'));
    await page.keyboard.press('Space');
    await (await chooser).setFiles({ name: 'cloud.png', mimeType: 'image/png', buffer: png });
    await tabTo(page.getByRole('button', { name: 'Save & Continue' }));
    await page.keyboard.press('Enter');
    await expect(page.getByText('Book added successfully')).toBeVisible();

    await tabTo(page.getByRole('link', { name: 'View details of The Cloud of Unknowing' }));
    await page.keyboard.press('Enter');
    await tabTo(page.getByRole('button', { name: 'Delete Book' }));
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog');
    await expect(dialog).toContainText('Are you sure you want to delete this book?');
    await tabTo(dialog.getByRole('button', { name: 'Delete' }));
    await page.keyboard.press('Enter');
    await expect(page.getByText('Book deleted successfully')).toBeVisible();
    await expect(page).toHaveURL(/\/bookshelf$/);
  });
});
