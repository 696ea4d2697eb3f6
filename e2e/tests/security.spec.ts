import { expect, test } from './fixtures';

// The headers' promises, seen from a browser: the back-office refuses to be framed (a same-site page
// framing Prayer Requests with its Delete All button was the probe's finding).

test('no page, not even one of its own origin, can show the back-office in a frame', async ({ page, baseURL }) => {
  // A page of the same origin even, the hardest case (Chromium refuses a public page framing a
  // private address by its own rules, headers or not).
  const framing = `${baseURL}/framing-page`;
  await page.route(framing, (route) =>
    route.fulfill({
      contentType: 'text/html',
      body: `<!doctype html><title>Framing</title><iframe title="victim" src="${baseURL}/prayer-requests" width="900" height="600"></iframe>`,
    }),
  );
  await page.goto(framing);
  // Chromium replaces a frame its ancestors may not show with its own error page.
  await expect.poll(() => page.frames()[1]?.url()).toMatch(/^chrome-error:/);
  const frame = page.frameLocator('iframe[title="victim"]');
  await expect(frame.locator('#root')).toHaveCount(0);
  await expect(frame.getByRole('button')).toHaveCount(0);
});
