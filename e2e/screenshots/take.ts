import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { chromium, request } from '@playwright/test';
import { chromiumLaunchOptions } from '../chromium';
import { startServer } from '../tests/fixtures';
import { everyScreen, seed } from '../tests/screens';
import { logIn } from '../tests/session';

// `npm run screenshots [folder]`: a PNG of every screen — the login page, the dashboard and every
// route of the remotes' route tables, with a record of every kind seeded — wide and on a phone, into
// `screenshots/` or the folder given. It serves the production build as it is (`npm run build`
// first), from a server of its own on an empty data directory, and is no test: nothing is checked.

const VIEWPORTS = [
  { name: 'wide', width: 1366, height: 900 },
  { name: 'phone', width: 390, height: 844 },
];

/** '/bookshelf/:id' → 'bookshelf-id', '/' → 'home'. */
const fileName = (route: string, viewport: string) =>
  `${route.replace(/[^a-z0-9]+/gi, '-').replace(/^-|-$/g, '') || 'home'}-${viewport}.png`;

async function main() {
  const folder = path.resolve(process.argv[2] ?? 'screenshots');
  mkdirSync(folder, { recursive: true });
  const server = await startServer(Number(process.env.SCREENSHOTS_PORT ?? 4900));
  const browser = await chromium.launch(chromiumLaunchOptions);
  const api = await request.newContext({ baseURL: server.url });
  let written = 0;
  try {
    const seeded = await seed(api, { payloads: false });
    // Each screen under the name of its route: the seeded ids differ from one run to the next.
    const routeOf = new Map(Object.entries(seeded.params).map(([route, filled]) => [filled, route]));
    for (const viewport of VIEWPORTS) {
      const context = await browser.newContext({ baseURL: server.url, viewport: viewport });
      const page = await context.newPage();
      const shoot = async (route: string) => {
        await page.waitForLoadState('networkidle');
        // Pictures and fonts are in, and no spinner is left turning.
        await page.evaluate(() => document.fonts.ready);
        await page
          .getByRole('status', { name: /loading/i })
          .first()
          .waitFor({ state: 'hidden', timeout: 10_000 })
          .catch(() => undefined);
        await page.screenshot({ path: path.join(folder, fileName(route, viewport.name)), fullPage: true });
        written += 1;
      };
      await page.goto('/login');
      await shoot('/login');
      await logIn(page);
      for (const screen of everyScreen(seeded)) {
        await page.goto(screen);
        await shoot(routeOf.get(screen) ?? screen);
      }
      await context.close();
    }
  } finally {
    await api.dispose();
    await browser.close();
    await server.stop();
  }
  console.log(`${written} screenshots in ${folder}`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
