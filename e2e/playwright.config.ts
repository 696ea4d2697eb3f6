import { defineConfig } from '@playwright/test';
import { testBrowserLaunchOptions } from './chromium';

// Each worker runs its own production server on an empty data directory (tests/fixtures.ts): the spec
// files are spread over the workers, and the tests of one file run in order on one of them. The
// releases spec rebuilds the shell and remotes in the repository, whose builds every server serves: it
// runs after all the others, alone.
const releases = /releases\.spec\.ts$/;
export default defineConfig({
  testDir: './tests',
  fullyParallel: false,
  workers: process.env.E2E_BASE_URL ? 1 : Number(process.env.E2E_WORKERS ?? 2),
  retries: 0,
  timeout: 60_000,
  reporter: 'list',
  use: {
    // A failed test keeps its screenshot and its error context (the page's accessibility tree, the
    // failing step in its source). A trace (every action with the DOM before and after it) is recorded
    // for every test, failing or not, and cost about a tenth of the suite's CPU on a 2-core machine:
    // E2E_TRACE=1 records them, kept for the failures, when a failure needs more.
    trace: process.env.E2E_TRACE ? { mode: 'retain-on-failure', screenshots: false } : 'off',
    screenshot: 'only-on-failure',
    launchOptions: testBrowserLaunchOptions,
  },
  outputDir: './test-results',
  projects: [
    { name: 'screens', testIgnore: releases },
    { name: 'releases', testMatch: releases, dependencies: ['screens'] },
  ],
});
