import { defineConfig } from '@playwright/test';
import { chromiumLaunchOptions } from './chromium';

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
    // A failed test keeps its trace: every action with the page's DOM before and after it, its network
    // and console. Without the screencast: its frames, encoded for every test whether it fails or not,
    // took about half the CPU of the whole suite on a 2-core machine (the DOM snapshots show the same
    // screens), and the failure's own screenshot is kept below.
    trace: { mode: 'retain-on-failure', screenshots: false },
    screenshot: 'only-on-failure',
    launchOptions: chromiumLaunchOptions,
  },
  outputDir: './test-results',
  projects: [
    { name: 'screens', testIgnore: releases },
    { name: 'releases', testMatch: releases, dependencies: ['screens'] },
  ],
});
