import { expect, test, type APIRequestContext, type Page, adminPassword, HASHING } from './fixtures';
import { logIn, menuLink, signInOverApi } from './session';

// A session that ends (12 h, or a logout elsewhere) never throws away what the administrator typed.

/** Ends the browser's session on the server, as a logout in another browser would. */
async function endSessionOnServer(page: Page, request: APIRequestContext) {
  const token = await page.evaluate(() => localStorage.getItem('token'));
  const answer = await request.get('/api/v1/auth/logout', { headers: { authorization: `Bearer ${token}` } });
  expect(answer.ok()).toBe(true);
}

test('a session that ends while a form is filled in is renewed over the form, and Save goes through', async ({
  page,
  request,
}) => {
  await logIn(page);
  await page.goto('/add-bank-account');
  await page.getByLabel('Bank Name').fill('Session Bank');
  await page.getByLabel('Account Number').fill('0099887766');
  await page.getByLabel('Account Holder Name').fill('St. Jude Parish');
  await page.getByLabel('Currency').selectOption('NGN');
  await endSessionOnServer(page, request);

  await page.getByRole('button', { name: 'Add Account' }).click();
  const dialog = page.getByRole('dialog', { name: 'Your session has expired' });
  await expect(dialog).toBeVisible();
  await expect(page).toHaveURL(/\/add-bank-account$/);
  await expect(dialog.getByLabel('Email')).toHaveValue('admin@example.com');
  await dialog.getByLabel('Password').fill(adminPassword);
  await dialog.getByRole('button', { name: 'Sign in' }).click();

  await expect(page.getByText('Bank account added successfully')).toBeVisible(HASHING);
  await expect(page).toHaveURL(/\/bank-accounts$/);
  await expect(page.getByRole('table', { name: 'Bank accounts' })).toContainText('0099887766');

  const { headers } = await signInOverApi(request);
  const accounts = (await (await request.get('/api/v1/all/accounts', { headers })).json()) as {
    data: { _id: string; bankAccountNumber: string }[];
  };
  expect(accounts.data.filter((account) => account.bankAccountNumber === '0099887766')).toHaveLength(1);
});

test('a session that ends elsewhere goes to the login, which says why and comes back to the page', async ({
  page,
  request,
}) => {
  await logIn(page);
  await (await menuLink(page, 'Donations')).click();
  await expect(page).toHaveURL(/\/donations$/);
  await endSessionOnServer(page, request);

  // An admin read (the public lists need no session).
  await (await menuLink(page, 'Prayer Requests')).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByText('Your session has expired. Please log in again.')).toBeVisible();
  await page.getByLabel('Email').fill('admin@example.com');
  await page.getByLabel('Password').fill(adminPassword);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page).toHaveURL(/\/prayer-requests$/, HASHING);
  await expect(page.getByText('Your session has expired. Please log in again.')).toHaveCount(0);
});

/** True once this browser keeps a reflection draft containing `text`. */
const draftHolds = (page: Page, text: string) =>
  page.evaluate(
    (wanted) =>
      Object.keys(localStorage).some(
        (key) => key.startsWith('reflection-draft:') && (localStorage.getItem(key) ?? '').includes(wanted),
      ),
    text,
  );

/** When the reflection's draft was last written (its savedAt), or null while there is none. */
const draftSavedAt = (page: Page) =>
  page.evaluate(() => {
    const key = Object.keys(localStorage).find((candidate) => candidate.startsWith('reflection-draft:'));
    return key
      ? ((JSON.parse(localStorage.getItem(key) ?? 'null') as { savedAt: string } | null)?.savedAt ?? null)
      : null;
  });

test('a reflection being written is kept as a draft: a reload offers Restore draft', async ({ page }) => {
  await logIn(page);
  await page.goto('/add-adult-reflection');
  await page.getByLabel('Topic').fill('A draft that survives');
  await page.getByLabel('Bible Reading').fill('Psalm 23');
  await page.getByRole('textbox', { name: 'Reflection' }).fill('The Lord is my shepherd');
  // Wait until the draft is written with the last field typed (the editor keeps it as HTML, its
  // spaces as &nbsp;), then reload (accepting the unsaved-changes question).
  await expect.poll(() => draftHolds(page, 'shepherd')).toBe(true);
  const keptAt = await draftSavedAt(page);
  page.once('dialog', (dialog) => void dialog.accept());
  await page.reload();

  const offer = page.getByRole('region', { name: 'Unsaved draft' });
  await expect(offer).toBeVisible();
  await expect(page.getByLabel('Topic')).toHaveValue('');
  await offer.getByRole('button', { name: 'Restore draft' }).click();
  await expect(page.getByLabel('Topic')).toHaveValue('A draft that survives');
  await expect(page.getByLabel('Bible Reading')).toHaveValue('Psalm 23');
  await expect(page.getByRole('textbox', { name: 'Reflection' })).toContainText('The Lord is my shepherd');

  // Discard on the next visit leaves an empty form. The restored form keeps writing the draft: wait
  // until it has rewritten it (a later savedAt) before reloading.
  await expect.poll(() => draftSavedAt(page)).not.toBe(keptAt);
  page.once('dialog', (dialog) => void dialog.accept());
  await page.reload();
  await page.getByRole('region', { name: 'Unsaved draft' }).getByRole('button', { name: 'Discard' }).click();
  await expect(page.getByLabel('Topic')).toHaveValue('');
  await page.reload();
  await expect(page.getByLabel('Topic')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Unsaved draft' })).toHaveCount(0);
});
