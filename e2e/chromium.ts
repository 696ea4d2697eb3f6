import { existsSync } from 'node:fs';

/**
 * Debian's Chromium, never a downloaded browser, with the flags this machine needs: without the
 * background-networking ones Chromium keeps calling hosts the closed network refuses.
 */
const args = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** The whole browser, as an administrator runs it: what the bench times and the screenshots show. */
export const chromiumLaunchOptions = {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args,
};

const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';

/**
 * The browser suite's Chromium: Debian's headless shell (the same Blink and V8 without the browser's
 * own frame, what Playwright itself runs headless) when installed, else the whole browser. It does the
 * suite's work in about two thirds of the CPU time (docs/testing.md "The headless shell").
 */
export const testBrowserLaunchOptions = {
  executablePath: process.env.CHROMIUM_PATH ?? (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : '/usr/bin/chromium'),
  args,
};
