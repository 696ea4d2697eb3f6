import { expect, test, type Page } from './fixtures';
import { menuLink, openDashboard, openScreen } from './session';

// The tests start signed in as the administrator (a session made once for the file, fixtures.ts).
test.use({ signedIn: true });

// Settings is one screen of sections, each at its own address: a link, Back and a bookmark reach it.

const SECTIONS = [
  ['Profile', '/settings/profile'],
  ['Password', '/settings/password'],
  ['Two-factor sign-in', '/settings/two-factor'],
  ['Sessions', '/settings/sessions'],
  ['Parish', '/settings/parish'],
  ['Team', '/settings/team'],
  ['Mail', '/settings/mail'],
  ['Activity', '/settings/activity'],
  ['Trash', '/settings/trash'],
  ['Backups', '/settings/backups'],
  ['Deployed versions', '/settings/versions'],
] as const;

const sections = (page: Page) => page.getByRole('navigation', { name: 'Settings sections' });

test('each section of Settings has its own address; the menu keeps Settings current; Back goes back', async ({
  page,
}) => {
  await openDashboard(page);
  // The side menu's Settings opens the first section, in place of /settings in the history.
  await (await menuLink(page, 'Settings')).click();
  await expect(page).toHaveURL(/\/settings\/profile$/);
  await expect(page.getByRole('region', { name: 'Profile' })).toBeVisible();

  for (const [name, address] of SECTIONS) {
    await sections(page).getByRole('link', { name, exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`${address}$`));
    await expect(page.getByRole('region', { name, exact: true })).toBeVisible();
    for (const [other] of SECTIONS) {
      if (other !== name) await expect(page.getByRole('region', { name: other, exact: true })).toHaveCount(0);
    }
    await expect(sections(page).getByRole('link', { name, exact: true })).toHaveAttribute('aria-current', 'page');
    await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
    await expect(await menuLink(page, 'Settings')).toHaveAttribute('aria-current', 'page');
  }

  await page.goBack();
  await expect(page).toHaveURL(/\/settings\/backups$/);
  await expect(page.getByRole('region', { name: 'Backups' })).toBeVisible();
  // A bookmark: the address opened afresh.
  await page.goto('/settings/sessions');
  await expect(page.getByRole('table', { name: 'Sessions' }).getByText('This device')).toBeVisible();
  // Back from the first section leaves Settings: /settings itself is not in the history.
  await page.goto('/dashboard');
  await page.goto('/settings');
  await expect(page).toHaveURL(/\/settings\/profile$/);
  await page.goBack();
  await expect(page).toHaveURL(/\/dashboard$/);
});

test('Deployed versions keeps the shared libraries behind Technical details, closed at first', async ({ page }) => {
  await openScreen(page, '/settings/versions');
  await expect(page.getByRole('table', { name: 'Deployed versions' })).toBeVisible();
  const libraries = page.getByRole('table', { name: 'Shared libraries in this browser' });
  await expect(libraries).toBeHidden();
  await page.getByText('Technical details').click();
  await expect(libraries).toBeVisible();
  await expect(libraries.getByRole('row', { name: /^react / })).toBeVisible();
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the sections are a row of tabs that scrolls sideways, never the page', async ({ page }) => {
    await openScreen(page, '/settings/versions');
    const current = sections(page).getByRole('link', { name: 'Deployed versions' });
    await expect(current).toHaveAttribute('aria-current', 'page');
    // The last tab, far to the right of the row, is scrolled into view.
    await expect(current).toBeInViewport();
    await expect(page.getByRole('table', { name: 'Deployed versions' })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await sections(page).getByRole('link', { name: 'Profile' }).click();
    await expect(page).toHaveURL(/\/settings\/profile$/);
    await expect(page.getByRole('region', { name: 'Profile' }).getByLabel('Full name')).toBeVisible();
  });
});

test('a member added without a mail server: the link is shown, and Settings → Mail keeps the invitation as not sent', async ({
  page,
}) => {
  await openScreen(page, '/settings/team');
  const team = page.getByRole('region', { name: 'Team' });
  await team.getByLabel('Full name').fill('Sister Agnes');
  await team.getByLabel('Email').fill('agnes@parish.org');
  await team.getByRole('button', { name: 'Add member' }).click();
  await expect(team.getByRole('status', { name: 'Password link' })).toContainText('No email is sent.');

  await sections(page).getByRole('link', { name: 'Mail', exact: true }).click();
  const mail = page.getByRole('region', { name: 'Mail', exact: true });
  await expect(mail.getByText(/No mail server is configured: nothing is sent/)).toBeVisible();
  const invitation = mail.getByRole('table', { name: 'Outbox' }).getByRole('row', { name: /agnes@parish\.org/ });
  await expect(invitation).toContainText('not sent: no mail server configured');
  await expect(mail.getByRole('button', { name: 'Send a test message' })).toHaveCount(0);
});
