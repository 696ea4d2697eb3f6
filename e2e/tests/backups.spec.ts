import { adminEmail, adminPassword, expect, HASHING, test } from './fixtures';
import { menuLink, openScreen } from './session';

// The tests start signed in as the administrator (a session made once for the file, fixtures.ts).
// A restore ends every session and puts the whole server back: it has a file, and a server, of its own.
test.use({ signedIn: true });

test('a backup made in Settings is restored from there: what came after it is gone, what was before is back', async ({
  page,
}) => {
  const before = 'Pray for the parish council, written before the backup.';
  const after = 'Pray for the choir, written after the backup.';
  expect((await page.request.post('/api/v1/prayer/request', { data: { request: before } })).status()).toBe(201);

  await openScreen(page, '/settings/backups');
  const table = page.getByRole('table', { name: 'Backups' });
  await page.getByRole('button', { name: 'Back up now' }).click();
  await expect(page.getByText('The backup is being made')).toBeVisible();
  await expect(table.getByRole('row')).toHaveCount(2, { timeout: 30_000 });
  await expect(table.getByRole('row').nth(1)).toContainText(/\d (bytes|KB|MB)/);

  expect((await page.request.post('/api/v1/prayer/request', { data: { request: after } })).status()).toBe(201);

  await table.getByRole('button', { name: /^Restore the backup of / }).click();
  const dialog = page.getByRole('dialog', { name: 'Restore a backup' });
  await expect(dialog).toContainText('everyone is signed out (you too)');
  await dialog.getByLabel('Your password').fill('not my password');
  await dialog.getByRole('button', { name: 'Restore' }).click();
  await expect(dialog.getByText('The password is not right: nothing was restored.')).toBeVisible(HASHING);
  await dialog.getByLabel('Your password').fill(adminPassword);
  await dialog.getByRole('button', { name: 'Restore' }).click();
  // Every session ended with the restore: this browser is at the sign-in.
  await expect(page).toHaveURL(/\/login$/, { timeout: 30_000 });

  // Signed in again, back where the restore was made.
  await page.getByLabel('Email').fill(adminEmail);
  await page.getByLabel('Password').fill(adminPassword);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page.getByText('Login Successful')).toBeVisible(HASHING);
  await expect(page).toHaveURL(/\/settings\/backups$/);
  await (await menuLink(page, 'Prayer Requests')).click();
  const requests = page.getByRole('table', { name: 'Prayer requests' });
  await expect(requests.getByText(before)).toBeVisible();
  await expect(requests.getByText(after)).toHaveCount(0);
});
