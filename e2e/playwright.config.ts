import { defineConfig } from '@playwright/test';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromiumLaunchOptions } from './chromium';

const port = Number(process.env.E2E_PORT ?? 4173);
export const adminEmail = 'admin@example.com';
export const adminPassword = 'e2e-Password-1';

// Every run starts on an empty database in a fresh data directory. Workers load this file again:
// the environment carries the runner's folder to them (the release tests run the commands on it).
export const dataDir = (process.env.E2E_DATA_DIR ??= mkdtempSync(path.join(tmpdir(), 'backoffice-e2e-')));
/** A second origin that serves remote releases, as a CDN would (the releases tests start it). */
export const cdnPort = port + 1;

export default defineConfig({
  testDir: './tests',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 60_000,
  reporter: 'list',
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: chromiumLaunchOptions,
  },
  outputDir: './test-results',
  webServer: {
    // The production build on one origin, as `npm start` serves it.
    command: 'node ../api/dist/server.js',
    url: `http://127.0.0.1:${port}/api/v1/openapi.json`,
    reuseExistingServer: false,
    timeout: 60_000,
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      ADMIN_EMAIL: adminEmail,
      ADMIN_PASSWORD: adminPassword,
      LOGIN_RATE_MAX: '50',
      REMOTE_ORIGINS: `http://127.0.0.1:${cdnPort}`,
      // Chromium shares the 2 cores: a busy moment must not shed the clicks under test (shedding is
      // tested in api/src/http/pressure.test.ts).
      EVENT_LOOP_LAG_LIMIT_MS: '0',
    },
  },
});
