import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from './fixtures';
import { openScreen } from './session';

// The tests start signed in as the administrator (a session made once for the file, fixtures.ts).
test.use({ signedIn: true });
// A browser whose own date format is mm/dd/yyyy: the field still shows and takes dd/mm/yyyy.
test.use({ locale: 'en-US' });

const pad = (n: number) => String(n).padStart(2, '0');
const shown = (date: Date) => `${pad(date.getDate())}/${pad(date.getMonth() + 1)}/${date.getFullYear()}`;
const monthName = (date: Date) => date.toLocaleDateString('en-GB', { month: 'long', year: 'numeric' });

/** The calendar lies wholly inside the window (a phone's too). */
async function expectInWindow(page: Page, calendar: ReturnType<Page['getByRole']>) {
  const box = (await calendar.boundingBox())!;
  const width = page.viewportSize()!.width;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(width);
}

test('a one-off Mass is dated from the calendar, by the keys, in the Add Mass dialog', async ({ page }, testInfo) => {
  await page.setViewportSize({ width: 1366, height: 900 });
  await openScreen(page, '/mass-scheduling?view=week');
  await page.getByRole('button', { name: 'Add Mass' }).click();
  const form = page.getByRole('dialog', { name: 'Add Mass' });
  await form.getByLabel('Title').fill('Wedding');
  // The form holds a day of the week shown: emptied, the calendar opens on today.
  const date = form.getByLabel('Date', { exact: true });
  await date.fill('');

  const choose = form.getByRole('button', { name: 'Choose date for Date' });
  await choose.click();
  const calendar = page.getByRole('dialog', { name: 'Choose date for Date' });
  await expect(calendar).toBeVisible();
  const today = new Date();
  await expect(calendar.getByRole('grid', { name: monthName(today) })).toBeVisible();
  // The parish's week starts on Monday.
  await expect(calendar.getByRole('columnheader').first()).toHaveAttribute('aria-label', 'Monday');
  // Today is marked and focused, no day is selected.
  await expect(calendar.getByRole('gridcell', { selected: true })).toHaveCount(0);
  const focused = calendar.locator('button:focus');
  await expect(focused).toHaveAttribute('aria-label', /^Today, /);
  await expectInWindow(page, calendar);
  // Kept with the test's results, to look at.
  await page.screenshot({ path: testInfo.outputPath('calendar-1366.png') });

  // A month on and back, a day on and back: today again, and Enter picks it.
  await page.keyboard.press('PageDown');
  const nextMonth = new Date(today.getFullYear(), today.getMonth() + 1, 1);
  await expect(calendar.getByRole('grid', { name: monthName(nextMonth) })).toBeVisible();
  await page.keyboard.press('PageUp');
  await expect(calendar.getByRole('grid', { name: monthName(today) })).toBeVisible();
  await page.keyboard.press('ArrowRight');
  await expect(focused).not.toHaveAttribute('aria-label', /^Today, /);
  await page.keyboard.press('ArrowLeft');
  await expect(focused).toHaveAttribute('aria-label', /^Today, /);
  await page.keyboard.press('Enter');
  await expect(calendar).toBeHidden();
  await expect(date).toHaveValue(shown(today));
  await expect(choose).toBeFocused();

  // Escape closes the calendar alone, not the form's dialog.
  await choose.press('Enter');
  await expect(calendar).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(calendar).toBeHidden();
  await expect(form).toBeVisible();
  await expect(choose).toBeFocused();

  await form.getByLabel('Time').fill('18:00');
  await form.getByLabel('Place').fill('Chapel of St Anne');
  await form.getByRole('button', { name: 'Add Mass' }).click();
  await expect(form).toBeHidden();
  await expect(page.getByText('Chapel of St Anne').first()).toBeVisible();
});

test('on a phone the calendar fits the window, and a tapped day is the reading’s date', async ({ page }, testInfo) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await openScreen(page, '/bible-plan-organizer');
  await page.getByLabel('Day').fill('8');
  await page.getByLabel('Week', { exact: true }).fill('2');
  const date = page.getByLabel('Date', { exact: true });
  await date.fill('01/01/2026');
  const choose = page.getByRole('button', { name: 'Choose date for Date' });
  await choose.click();
  const calendar = page.getByRole('dialog', { name: 'Choose date for Date' });
  await expect(calendar.getByRole('grid', { name: 'January 2026' })).toBeVisible();
  await expect(calendar.getByRole('gridcell', { selected: true })).toHaveText('1');
  await expectInWindow(page, calendar);
  await page.screenshot({ path: testInfo.outputPath('calendar-390.png') });
  // The open calendar itself: no serious or critical axe violation (the crawl sees forms, not it).
  const scan = await new AxeBuilder({ page }).include('[role="dialog"]').analyze();
  expect(
    scan.violations
      .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
      .map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`),
  ).toEqual([]);

  await calendar.getByRole('button', { name: 'Thursday, 8 January 2026' }).click();
  await expect(calendar).toBeHidden();
  await expect(date).toHaveValue('08/01/2026');
  await page.getByLabel('Passage').fill('Genesis 22');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Reading added successfully')).toBeVisible();
  await expect(page).toHaveURL(/\/bible-list\?week=2$/);
  await expect(page.getByText('08/01/2026').first()).toBeVisible();
});
