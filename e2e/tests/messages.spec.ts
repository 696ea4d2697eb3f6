import { expect, test, type Page } from './fixtures';
import { logIn } from './session';

// Toasts are read, and leave the header usable: below it (its Search, date and Logout stay clickable),
// in the page's text colour, on a wide screen and on a phone.

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
