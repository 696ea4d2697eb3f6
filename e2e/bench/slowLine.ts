import type { Page, Request } from 'playwright-core';
import { SLOW_CONNECTION } from '../weight/loginWeight';
import { markWhenShown, markWhenShownOnLoad, shownAt, type Sight } from './shownAt';

/**
 * One request of the page, in ms from the press of Login: when the page asked for it, when it left
 * the browser (after waiting for one of the six connections HTTP/1.1 allows an origin) and when its
 * answer ended.
 */
export interface Leg {
  what: string;
  sent: number;
  left: number;
  done: number;
}

/**
 * A first visit on a slow line (SLOW_CONNECTION; the page's context must be fresh): ms from asking for
 * /login to a usable form (both fields and an enabled Login), then from the press of Login to `sight`
 * on screen (both timed in the page), with every request answered meanwhile and its times from the
 * press: the round trips between the two.
 */
export async function signInOnSlowLine(
  page: Page,
  base: string,
  credentials: { email: string; password: string },
  sight: Sight,
): Promise<{ usable: number; pressToShown: number; legs: Leg[] }> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', SLOW_CONNECTION);
  let pressedAt = Infinity;
  const sentAt = new Map<Request, number>();
  const legs: Leg[] = [];
  page.on('request', (request) => {
    if (Date.now() >= pressedAt) sentAt.set(request, Date.now() - pressedAt);
  });
  const finished = (request: Request) => {
    const sent = sentAt.get(request);
    if (sent === undefined) return;
    const { requestStart } = request.timing();
    legs.push({
      what: `${request.method()} ${new URL(request.url()).pathname}`,
      sent,
      left: requestStart >= 0 ? sent + requestStart : sent,
      done: Date.now() - pressedAt,
    });
  };
  page.on('requestfinished', finished);
  page.on('requestfailed', finished);

  // The page's clock starts as the browser asks for /login.
  await markWhenShownOnLoad(page, { loginForm: true });
  await page.goto(`${base}/login`, { waitUntil: 'commit' });
  const usable = await shownAt(page);

  await page.getByLabel('Email').fill(credentials.email);
  await page.getByLabel('Password').fill(credentials.password);
  await markWhenShown(page, sight);
  await page.evaluate(() =>
    document.addEventListener(
      'click',
      () => ((window as unknown as { __pressedAt?: number }).__pressedAt = performance.now()),
      {
        capture: true,
        once: true,
      },
    ),
  );
  pressedAt = Date.now();
  await page.getByRole('button', { name: 'Login' }).click();
  const shown = await shownAt(page);
  const pressed = await page.evaluate(() => (window as unknown as { __pressedAt: number }).__pressedAt);
  page.off('requestfinished', finished);
  page.off('requestfailed', finished);
  await cdp.detach();
  legs.sort((a, b) => a.sent - b.sent);
  return { usable: Math.round(usable), pressToShown: Math.round(shown - pressed), legs };
}
