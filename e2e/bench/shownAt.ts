import type { Locator, Page } from 'playwright-core';

/**
 * What the bench waits to see on screen: a dashboard card's figure, a table (by its caption) with a
 * row of records, or the login form ready (both fields, Login enabled).
 */
export type Sight = { card: string; text: string } | { table: string } | { loginForm: true };

// Runs in the page: records performance.now() when the sight first appears. A MutationObserver sees
// the change in the task that made it; Playwright's waiting polls, up to hundreds of ms late. Kept as
// text: the bench's TypeScript runner adds helpers to compiled functions that the page does not have.
const WATCH = `(sight) => {
  window.__shownAt = undefined;
  const seen = () => {
    if ('card' in sight) {
      const card = document.querySelector('article[aria-label="' + sight.card + '"]');
      return !!card && [...card.querySelectorAll('p')].some((element) => element.textContent === sight.text);
    }
    if ('table' in sight) {
      return [...document.querySelectorAll('table')].some(
        (table) => table.caption?.textContent === sight.table && table.rows.length > 1,
      );
    }
    const login = [...document.querySelectorAll('button')].find((button) => button.textContent?.trim() === 'Login');
    return !!document.querySelector('input[name=email]') && !!document.querySelector('input[name=password]') && !!login && !login.disabled;
  };
  const observer = new MutationObserver(() => check());
  const check = () => {
    if (window.__shownAt !== undefined || !seen()) return;
    window.__shownAt = performance.now();
    observer.disconnect();
  };
  observer.observe(document, { subtree: true, childList: true, characterData: true, attributes: true });
  check();
}`;

const script = (sight: Sight) => `(${WATCH})(${JSON.stringify(sight)})`;

/** From now on, in the page: when `sight` appears (read it with `shownAt`). */
export async function markWhenShown(page: Page, sight: Sight): Promise<void> {
  await page.evaluate(script(sight));
}

/** The same, for the next document the page loads (before any of its scripts run). */
export async function markWhenShownOnLoad(page: Page, sight: Sight): Promise<void> {
  await page.addInitScript({ content: script(sight) });
}

/** Waits for the sight marked last, and answers the page's performance.now() when it appeared. */
export async function shownAt(page: Page, timeoutMs = 60_000): Promise<number> {
  const handle = await page.waitForFunction(() => (window as unknown as { __shownAt?: number }).__shownAt, undefined, {
    timeout: timeoutMs,
  });
  return (await handle.jsonValue()) as number;
}

/**
 * Clicks `target` and answers the page's performance.now() when the click's event fired there: the
 * steps Playwright takes before it (finding the element, scrolling to it, waiting for it to be still)
 * are no part of the screen's time, and on a loaded machine they took tens of milliseconds.
 */
export async function clickedAt(page: Page, target: Locator): Promise<number> {
  await page.evaluate(
    `window.__clickedAt = undefined;
     window.addEventListener('click', () => { window.__clickedAt = performance.now(); }, { capture: true, once: true });`,
  );
  await target.click();
  const at = (await page.evaluate('window.__clickedAt')) as number | undefined;
  if (at === undefined) throw new Error('the click did not reach the page');
  return at;
}
