import { execFileSync } from 'node:child_process';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { adminEmail, adminPassword, expect, HASHING, png, test, type WorkerServer, SMOKE } from './fixtures';
import { logIn, logOut, signInOverApi } from './session';

// Settings → Profile made real: the administrator changes the password printed at first start
// and signs in with it; a forgotten password comes back through `npm run admin -- reset-password`'s link.
// This file's later tests sign in with adminPassword: whatever happens here, it is put back.

const changed = 'a parish password, changed';

/**
 * `npm run admin -- reset-password` on the worker's server: the one-time link it prints. (Against a
 * server started elsewhere, E2E_DATA_DIR — and DATABASE_URL for PostgreSQL — name its data.)
 */
function resetLink(server: WorkerServer): string {
  const printed = execFileSync(
    process.execPath,
    [path.join(__dirname, '..', '..', 'api', 'dist', 'account', 'cli.js'), 'reset-password', adminEmail],
    { env: { ...process.env, DATA_DIR: server.dataDir, PUBLIC_URL: server.url }, encoding: 'utf8' },
  );
  return printed.split('\n').find((line) => line.includes('/set-password?token='))!;
}

/** Settings → Team → Add member, as the signed-in Admin: the one-time set-password link it shows. */
async function addMember(page: Page, name: string, email: string, role: string) {
  await page.goto('/settings/team');
  const team = page.getByRole('region', { name: 'Team' });
  await team.getByLabel('Full name').fill(name);
  await team.getByLabel('Email').fill(email);
  await team.getByLabel('Role', { exact: true }).selectOption(role);
  await team.getByRole('button', { name: 'Add member' }).click();
  await expect(page.getByText('Member added')).toBeVisible();
  const link = (await team.getByRole('status', { name: 'Password link' }).locator('code').textContent())!;
  return { team, link };
}

test(
  'the administrator changes the password in Settings, signs in with it, and a reset link sets it again',
  SMOKE,
  async ({ page, server }) => {
    try {
      await logIn(page);
      await page.goto('/settings/profile');
      const profile = page.getByRole('region', { name: 'Profile' });
      await profile.getByLabel('Full name').fill('Fr. Anthony Okafor');
      await profile.getByLabel('Country').selectOption('Ghana');
      const digest = profile.getByRole('checkbox', { name: 'Send me the weekly digest by email' });
      await expect(digest).toBeChecked();
      await digest.uncheck();
      await profile.getByRole('button', { name: 'Save profile' }).click();
      await expect(page.getByText('Profile saved')).toBeVisible();
      // Kept by the server: read again, the weekly digest stays off.
      await page.reload();
      await expect(profile.getByLabel('Full name')).toHaveValue('Fr. Anthony Okafor');
      await expect(digest).not.toBeChecked();

      await page.getByRole('navigation', { name: 'Settings sections' }).getByRole('link', { name: 'Password' }).click();
      await expect(page).toHaveURL(/\/settings\/password$/);
      const password = page.getByRole('region', { name: 'Password' });
      // A wrong current password is said by its field, and stays there until it is corrected.
      const current = password.getByLabel('Current password');
      await current.fill('not the password at all');
      await password.getByLabel('New password', { exact: true }).fill(changed);
      await password.getByLabel('Confirm new password').fill(changed);
      await password.getByRole('button', { name: 'Change password' }).click();
      await expect(current).toHaveAccessibleDescription('The current password is not correct', HASHING);
      await expect(current).toHaveAttribute('aria-invalid', 'true');
      await page.waitForTimeout(4500);
      await expect(current).toHaveAccessibleDescription('The current password is not correct');
      await expect(page.getByRole('alert')).toHaveCount(0);
      await password.screenshot({ path: test.info().outputPath('password-refused.png') });
      await current.fill(adminPassword);
      await expect(current).not.toHaveAttribute('aria-invalid', 'true');
      await password.getByLabel('New password', { exact: true }).fill(changed);
      await expect(password.getByText('Strength: strong')).toBeVisible();
      await password.getByLabel('Confirm new password').fill(changed);
      await password.getByRole('button', { name: 'Change password' }).click();
      await expect(page.getByText('Password changed')).toBeVisible(HASHING);
      await page.goto('/settings/sessions');
      await expect(page.getByRole('table', { name: 'Sessions' }).getByText('This device')).toBeVisible();
      await page.screenshot({ path: test.info().outputPath('settings.png'), fullPage: true });

      await logOut(page);
      await page.getByLabel('Email').fill(adminEmail);
      await page.getByLabel('Password').fill(changed);
      await page.getByRole('button', { name: 'Login' }).click();
      await expect(page).toHaveURL(/\/dashboard$/, HASHING);
      await page.reload();
      // /settings opens its first section, Profile.
      await page.goto('/settings');
      await expect(page).toHaveURL(/\/settings\/profile$/);
      await expect(page.getByRole('region', { name: 'Profile' }).getByLabel('Full name')).toHaveValue(
        'Fr. Anthony Okafor',
      );

      // Forgotten: the operator prints a link; opening it sets the password and ends every session.
      await page.goto(resetLink(server));
      await expect(page.getByRole('heading', { name: 'Set your password' })).toBeVisible();
      await page.getByLabel('New password', { exact: true }).fill(adminPassword);
      await page.getByLabel('Confirm new password').fill(adminPassword);
      await page.getByRole('button', { name: 'Set password' }).click();
      await expect(page.getByText('Password set. You can now log in.')).toBeVisible(HASHING);
      await expect(page).toHaveURL(/\/login$/);
      await logIn(page);
    } finally {
      // Put the suite's password back, whatever failed above.
      const token = new URL(resetLink(server)).searchParams.get('token');
      await page.request.post('/api/v1/account/set-password', { data: { token, password: adminPassword } });
    }
  },
);

test('an Admin adds a Manager to the team; the Manager sets a password at the link, sees no Donations, adds a book; Activity shows both', async ({
  page,
  request,
}) => {
  await logIn(page);
  const { team, link } = await addMember(page, 'Sister Grace', 'grace@parish.org', 'Manager');
  await expect(team.getByRole('table', { name: 'Team' }).getByRole('row', { name: /grace@parish\.org/ })).toContainText(
    'Active',
  );
  await page.screenshot({ path: test.info().outputPath('team.png'), fullPage: true });
  await logOut(page);

  await page.goto(link);
  await page.getByLabel('New password', { exact: true }).fill('grace sets her own');
  await page.getByLabel('Confirm new password').fill('grace sets her own');
  await page.getByRole('button', { name: 'Set password' }).click();
  await expect(page).toHaveURL(/\/login$/, HASHING);
  await page.getByLabel('Email').fill('grace@parish.org');
  await page.getByLabel('Password').fill('grace sets her own');
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page).toHaveURL(/\/dashboard$/, HASHING);

  const menu = page.getByRole('navigation', { name: 'Main menu' });
  await expect(menu.getByRole('link', { name: 'BookShelf', exact: true })).toBeVisible();
  await expect(menu.getByRole('link', { name: 'Donations', exact: true })).toHaveCount(0);
  await expect(menu.getByRole('link', { name: 'Bank Accounts', exact: true })).toHaveCount(0);

  await menu.getByRole('link', { name: 'BookShelf', exact: true }).click();
  await page.getByRole('link', { name: 'Add New Book' }).click();
  await page.getByLabel('Category').selectOption('Spiritual Books');
  await page.getByLabel('Title').fill('The Practice of the Presence of God');
  await page.getByLabel('Link').fill('https://example.org/presence');
  await page.getByLabel('Image').setInputFiles({ name: 'presence.png', mimeType: 'image/png', buffer: png });
  await page.getByRole('button', { name: 'Save & Continue' }).click();
  await expect(page.getByText('Book added successfully')).toBeVisible();

  // The Admin reads both members' writes in Settings → Activity.
  await logOut(page);
  await logIn(page);
  await page.goto('/settings/activity');
  const activity = page.getByRole('table', { name: 'Activity' });
  await expect(
    activity.getByRole('row', { name: /Sister Grace Added book “The Practice of the Presence of God”/ }),
  ).toBeVisible();
  await expect(activity.getByRole('row', { name: /Added a member “Sister Grace”/ })).toBeVisible();
  await page.getByRole('region', { name: 'Activity' }).getByLabel('Member').selectOption('Sister Grace');
  await expect(activity.getByRole('row', { name: /Added a member/ })).toHaveCount(0);

  // This file has a server of its own. On one shared by every file (E2E_BASE_URL), the others expect
  // an empty shelf: the Manager's book goes again.
  if (process.env.E2E_BASE_URL) {
    const { headers, userId } = await signInOverApi(request);
    const books = (await (await request.get('/api/v1/all/books/')).json()) as {
      data: { _id: string; bookName: string }[];
    };
    for (const book of books.data.filter((entry) => entry.bookName === 'The Practice of the Presence of God'))
      await request.delete(`/api/v1/book/${userId}/${book._id}`, { headers });
  }
});

test('a Guest User looks at every screen a Manager opens, without Add, Edit, Delete or Import', async ({ page }) => {
  await logIn(page);
  const { link } = await addMember(page, 'Brother Tom', 'tom@parish.org', 'Guest User');
  // The Admin's own shelf has its Add (the control for what the Guest must not see).
  await page.goto('/bookshelf');
  await expect(page.getByRole('link', { name: 'Add New Book' })).toBeVisible();
  await logOut(page);

  await page.goto(link);
  await page.getByLabel('New password', { exact: true }).fill('tom looks but never touches');
  await page.getByLabel('Confirm new password').fill('tom looks but never touches');
  await page.getByRole('button', { name: 'Set password' }).click();
  await page.getByLabel('Email').fill('tom@parish.org');
  await page.getByLabel('Password').fill('tom looks but never touches');
  // The role is read once after the sign-in; until it is known, no write is shown to anyone.
  const roleRead = page.waitForResponse((answer) => answer.url().endsWith('/api/v1/account') && answer.ok());
  await page.getByRole('button', { name: 'Login' }).click();
  await roleRead;

  const menu = page.getByRole('navigation', { name: 'Main menu' });
  await expect(menu.getByRole('link', { name: 'Donations', exact: true })).toHaveCount(0);
  await menu.getByRole('link', { name: 'BookShelf', exact: true }).click();
  await expect(page.getByRole('table', { name: 'Books' }).or(page.getByText('No books available.'))).toBeVisible();
  await expect(page.getByRole('link', { name: 'Add New Book' })).toHaveCount(0);
  await menu.getByRole('link', { name: 'BibleInAYear', exact: true }).click();
  await expect(page.getByLabel('Week', { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Import CSV' })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Add New Plan' })).toHaveCount(0);
  await menu.getByRole('link', { name: 'Section A Prayer', exact: true }).click();
  await expect(
    page.getByRole('table', { name: 'Section A Prayers' }).or(page.getByText('No prayers available.')),
  ).toBeVisible();
  await expect(page.getByRole('link', { name: 'Add Prayer' })).toHaveCount(0);
  await page.screenshot({ path: test.info().outputPath('guest.png'), fullPage: true });
  // An add form opened by its address: why there is nothing to fill in, and the way back.
  await page.goto('/bookshelf-organizer');
  await expect(
    page.getByText('Your role cannot make changes here. An Admin can change it in Settings → Team.'),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: 'Save & Continue' })).toHaveCount(0);
});
