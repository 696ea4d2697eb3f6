import { expect, test, SAME_ON_EVERY_NODE } from './fixtures';
import { downThenRetry, faultSwitch, inRounds, manifest404, remotes, unexpectedErrors } from './remote-faults';
import { openDashboard } from './session';

// The reported path: Finance's manifest answers 404 (as a CDN would), Mass Scheduling is visited
// meanwhile, and Retry is pressed as soon as the manifest is back. A remote that failed to start must
// never take a shared module from another remote, nor leave its area without the screen or the panel.

// The two tests share nothing: each may take a worker (and a server) of its own. Signed in as the
// administrator from the start (a session made once for the file on each worker, fixtures.ts).
test.describe.configure({ mode: 'parallel' });
test.use({ signedIn: true });

// Ten rounds each: on the code this guards, both tests failed within their first two rounds, so ten
// are five times what the defect needed to show.
const ROUNDS = 10;
const finance = remotes.find((remote) => remote.name === 'finance')!;

test(
  `Finance's manifest answering 404, then Retry: ${ROUNDS} of ${ROUNDS} recover in one session`,
  SAME_ON_EVERY_NODE,
  async ({ page }) => {
    test.setTimeout(ROUNDS * 10_000);
    const errors = unexpectedErrors(page, finance);
    const faults = await faultSwitch(page, finance, [manifest404]);
    await inRounds(ROUNDS, async () => {
      await downThenRetry(page, finance, faults, manifest404);
      expect(errors).toEqual([]);
    });
  },
);

test(
  `Finance's manifest answering 404, then Retry: ${ROUNDS} of ${ROUNDS} recover in fresh contexts`,
  SAME_ON_EVERY_NODE,
  async ({ page, browser, baseURL }) => {
    test.setTimeout(ROUNDS * 10_000);
    // The fresh contexts take the state the dashboard leaves: the session and the map's copy.
    await openDashboard(page);
    const storageState = await page.context().storageState();
    await inRounds(ROUNDS, async () => {
      const context = await browser.newContext({ baseURL, storageState });
      try {
        const fresh = await context.newPage();
        const errors = unexpectedErrors(fresh, finance);
        await downThenRetry(fresh, finance, await faultSwitch(fresh, finance, [manifest404]), manifest404);
        expect(errors).toEqual([]);
      } finally {
        await context.close();
      }
    });
  },
);
