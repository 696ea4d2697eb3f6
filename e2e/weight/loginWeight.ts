import type { Page } from 'playwright-core';

/** One JavaScript file the browser downloaded, with the bytes it took on the wire. */
export interface WireFile {
  path: string;
  bytes: number;
}

/**
 * Records, from now on, every .js response of the page as the network carried it (brotli when the
 * server precompressed it): path → encoded length. The map fills as the page loads.
 */
export async function recordJsOnTheWire(page: Page): Promise<Map<string, number>> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  const urls = new Map<string, string>();
  const wire = new Map<string, number>();
  cdp.on('Network.responseReceived', (event) => urls.set(event.requestId, event.response.url));
  cdp.on('Network.loadingFinished', (event) => {
    const url = urls.get(event.requestId);
    if (url?.endsWith('.js')) wire.set(new URL(url).pathname, event.encodedDataLength);
  });
  return wire;
}

/**
 * The JavaScript the login page sends until it is idle, the federation runtime included, largest
 * first. The page's context must be fresh (nothing cached) for the figure to mean a first visit.
 */
export async function loginPageJs(
  page: Page,
  base: string,
  wire?: Map<string, number>,
): Promise<{ files: WireFile[]; total: number }> {
  const recorded = wire ?? (await recordJsOnTheWire(page));
  await page.goto(`${base}/login`, { waitUntil: 'networkidle' });
  const files = [...recorded.entries()].map(([path, bytes]) => ({ path, bytes })).sort((a, b) => b.bytes - a.bytes);
  return { files, total: files.reduce((sum, file) => sum + file.bytes, 0) };
}

/** A slow mobile connection: 1.6 Mbps down, 750 kbps up, 150 ms round trip (Chromium's emulation). */
export const SLOW_CONNECTION = {
  offline: false,
  latency: 150,
  downloadThroughput: (1.6 * 1024 * 1024) / 8,
  uploadThroughput: (750 * 1024) / 8,
};

/**
 * Milliseconds from asking for /login on a slow connection to a form that can be used: both fields
 * and an enabled Login button. The page's context must be fresh (nothing cached).
 */
export async function timeToUsableLogin(page: Page, base: string): Promise<number> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', SLOW_CONNECTION);
  const started = Date.now();
  await page.goto(`${base}/login`, { waitUntil: 'commit' });
  await page.getByLabel('Email').waitFor();
  await page.getByLabel('Password').waitFor();
  await page.getByRole('button', { name: 'Login' }).and(page.locator(':enabled')).waitFor();
  const elapsed = Date.now() - started;
  await cdp.detach();
  return elapsed;
}
