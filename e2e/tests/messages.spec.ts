import { expect, test, type Page } from './fixtures';
import { logIn } from './session';

// Toasts are read, and leave the header usable: below it (its Search, date and Logout stay clickable),
// in the page's text colour, on a wide screen and on a phone. They leave a list's own header usable too
// (its Export and Add New …).

const overlap = (a: DOMRectLike, b: DOMRectLike) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
type DOMRectLike = { x: number; y: number; width: number; height: number };

async function expectToastBelowHeader(page: Page) {
  const toast = page.locator('.Toastify__toast').filter({ hasText: 'Login Successful' });
  await expect(toast).toBeVisible();
  const toastBox = (await toast.boundingBox())!;
  for (const control of [page.getByRole('button', { name: 'Logout' }), page.locator('header').first()]) {
    const box = (await control.boundingBox())!;
    expect(overlap(toastBox, box), 'a toast over the header').toBe(false);
  }
  // The page's text colour (#1d2230), not the library's light grey.
  expect(await toast.evaluate((element) => getComputedStyle(element).color)).toBe('rgb(29, 34, 48)');
}

for (const viewport of [
  { width: 1366, height: 900 },
  { width: 390, height: 844 },
]) {
  test(`at ${viewport.width} px a toast sits below the header and reads in the page's colour`, async ({ page }) => {
    await page.setViewportSize(viewport);
    await logIn(page);
    await expectToastBelowHeader(page);
  });
}

for (const viewport of [
  { width: 1366, height: 900 },
  { width: 390, height: 844 },
]) {
  test(`at ${viewport.width} px a toast leaves a list's Export and Add New Book clear`, async ({ page }) => {
    await page.setViewportSize(viewport);
    await logIn(page);
    const toast = page.locator('.Toastify__toast').filter({ hasText: 'Login Successful' });
    await expect(toast).toBeVisible();
    // To the book shelf in the page, as the menu goes, while the toast is still shown.
    await page.evaluate(() => {
      history.pushState({}, '', '/bookshelf');
      dispatchEvent(new PopStateEvent('popstate'));
    });
    const actions = [page.getByRole('button', { name: 'Export' }), page.getByRole('link', { name: 'Add New Book' })];
    for (const action of actions) await expect(action).toBeVisible();
    await expect(toast).toBeVisible();
    await page.screenshot({ path: test.info().outputPath('toast-over-list.png') });
    const toastBox = (await toast.boundingBox())!;
    for (const action of actions) {
      expect(overlap(toastBox, (await action.boundingBox())!), 'a toast over a list header action').toBe(false);
    }
  });
}
