import { expect, test } from './fixtures';
import { openScreen } from './session';

// The tests start signed in as the administrator (a session made once for the file, fixtures.ts).
test.use({ signedIn: true });

// Settings → Parish: the parish's name, saved by an Admin, is the header's on every screen from then on.

test('an Admin renames the parish and the header says the new name, after a reload too', async ({ page }) => {
  await openScreen(page, '/settings/parish');
  const panel = page.getByRole('region', { name: 'Parish' });
  // The page's header bar (inside <main>, so no banner landmark).
  const header = page.locator('header').first();
  await expect(header).toContainText('Our Parish');

  const name = panel.getByLabel('Parish name');
  await name.fill('');
  await panel.getByRole('button', { name: 'Save parish' }).click();
  await expect(panel.getByText('Parish name is required')).toBeVisible();

  await name.fill('St Mary’s, Lekki');
  await panel.getByLabel('Currency').selectOption('GHS');
  await panel.getByLabel('First day of the week').selectOption({ label: 'Sunday' });
  await panel.getByRole('button', { name: 'Save parish' }).click();
  await expect(page.getByText('Parish settings saved')).toBeVisible();
  await expect(header.getByText('St Mary’s, Lekki')).toBeVisible();

  await openScreen(page, '/dashboard');
  await expect(header.getByText('St Mary’s, Lekki')).toBeVisible();
  await openScreen(page, '/settings/parish');
  await expect(panel.getByLabel('Parish name')).toHaveValue('St Mary’s, Lekki');
  await expect(panel.getByLabel('Currency')).toHaveValue('GHS');
  await expect(panel.getByLabel('First day of the week')).toHaveValue('0');

  // The change is in the activity record.
  await openScreen(page, '/settings/activity');
  await expect(page.getByText(/Changed the parish's settings: “St Mary’s, Lekki”, GHS/)).toBeVisible();
});
