import { execFileSync } from 'node:child_process';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import { adminEmail, adminPassword, expect, HASHING, test, type WorkerServer } from './fixtures';
import { logIn, logOut, signInOverApi } from './session';

// Two-factor sign-in end to end: the Admin turns it on in Settings by "scanning" the key the page shows
// (read here and fed to the same TOTP library an app would use), then signs in with a code; a wrong and
// a replayed code are refused in words, a recovery code lets in once, and `npm run admin -- reset-2fa`
// is the way back. This file's later tests sign in with the password alone: it is always reset.
// Then the team's requirement: a second Admin without it sets it up at sign-in before any session.

const PERIOD_MS = 30_000;
const stepNow = () => Math.floor(Date.now() / PERIOD_MS);

/**
 * A code of a step later than `after` (a code of a used step is refused). The server takes the code of
 * the step after the current one too (its window covers a clock a step apart), so the next step's code
 * serves at once; only when that one is used too does this wait for the clock.
 */
async function freshCode(totp: TOTP, after: number): Promise<{ code: string; step: number }> {
  while (after > stepNow()) await new Promise((resolve) => setTimeout(resolve, 250));
  const step = Math.max(stepNow(), after + 1);
  return { code: totp.generate({ timestamp: step * PERIOD_MS + 1 }), step };
}

function reset2fa(server: WorkerServer): string {
  return execFileSync(
    process.execPath,
    [path.join(__dirname, '..', '..', 'api', 'dist', 'account', 'cli.js'), 'reset-2fa', adminEmail],
    { env: { ...process.env, DATA_DIR: server.dataDir }, encoding: 'utf8' },
  );
}

async function password(page: Page) {
  await page.goto('/login');
  await page.getByLabel('Email').fill(adminEmail);
  await page.getByLabel('Password').fill(adminPassword);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page.getByLabel('Authentication code')).toBeVisible(HASHING);
}

async function code(page: Page, typed: string) {
  await page.getByLabel('Authentication code').fill(typed);
  await page.getByRole('button', { name: 'Verify' }).click();
}

test('two-factor sign-in: turned on by scanning, a code signs in, wrong and replayed codes refused, a recovery code once', async ({
  page,
  server,
}) => {
  test.setTimeout(180_000);
  try {
    await logIn(page);
    await page.goto('/settings/two-factor');
    const panel = page.getByRole('region', { name: 'Two-factor sign-in' });
    await panel.screenshot({ path: test.info().outputPath('two-factor-off.png') });
    await panel.getByRole('button', { name: 'Turn on two-factor sign-in' }).click();
    await expect(panel.getByRole('img', { name: 'QR code to scan with your authenticator app' })).toBeVisible();
    const key = (await panel.getByLabel('Key to type into your authenticator app').textContent())!.replace(/\s/g, '');
    const totp = new TOTP({ secret: Secret.fromBase32(key), period: 30, digits: 6, algorithm: 'SHA1' });
    await panel.screenshot({ path: test.info().outputPath('two-factor-setup.png') });

    // A wrong first code: said by the field until another is typed.
    const setupField = panel.getByLabel('Authentication code');
    await setupField.fill(totp.generate({ timestamp: Date.now() + 20 * PERIOD_MS }));
    await panel.getByRole('button', { name: 'Turn on', exact: true }).click();
    await expect(setupField).toHaveAccessibleDescription(/The code is not correct/);
    await page.waitForTimeout(2500);
    await expect(setupField).toHaveAccessibleDescription(/The code is not correct/);
    await expect(page.getByRole('alert')).toHaveCount(0);

    let used = await freshCode(totp, 0);
    await panel.getByLabel('Authentication code').fill(used.code);
    await panel.getByRole('button', { name: 'Turn on', exact: true }).click();
    const box = panel.getByRole('status', { name: 'Recovery codes' });
    await expect(box.getByRole('listitem')).toHaveCount(10);
    const recoveryCodes = await box.getByRole('listitem').allTextContents();
    await panel.screenshot({ path: test.info().outputPath('two-factor-recovery-codes.png') });
    await box.getByRole('button', { name: 'I have saved them' }).click();
    await expect(panel.getByText('10 of 10 recovery codes left')).toBeVisible();
    await panel.screenshot({ path: test.info().outputPath('two-factor-on.png') });

    // The password alone no longer signs in: the code is asked.
    await logOut(page);
    await password(page);
    await expect(page.getByRole('heading', { name: 'Two-factor sign-in' })).toBeVisible();
    await page.screenshot({ path: test.info().outputPath('two-factor-login.png'), fullPage: true });
    const wrong = totp.generate({ timestamp: Date.now() + 10 * PERIOD_MS });
    await code(page, wrong);
    // Said by the field, not in a toast that goes; and once signed in, no failure is left beside the success.
    const refused = 'The code is not correct. Check your authenticator app and try again.';
    await expect(page.getByLabel('Authentication code')).toHaveAccessibleDescription(
      new RegExp(refused.replace(/\./g, '\\.')),
    );
    await page.waitForTimeout(2500);
    await expect(page.getByText(refused)).toBeVisible();
    await page.screenshot({ path: test.info().outputPath('two-factor-code-refused.png'), fullPage: true });
    used = await freshCode(totp, used.step);
    await code(page, used.code);
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByText('Login Successful')).toBeVisible();
    await expect(page.getByText(refused)).toHaveCount(0);

    // The same code again, within its window: refused.
    await logOut(page);
    await password(page);
    await code(page, used.code);
    await expect(page.getByText('This code has already been used. Wait for the next one.')).toBeVisible();
    // A recovery code instead: in, once.
    await code(page, recoveryCodes[0]!);
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.goto('/settings/two-factor');
    await expect(panel.getByText('9 of 10 recovery codes left')).toBeVisible();

    await logOut(page);
    await password(page);
    await code(page, recoveryCodes[0]!);
    await expect(page.getByText('The code is not correct. Check your authenticator app and try again.')).toBeVisible();

    // The operator's way back: the password alone signs in again.
    expect(reset2fa(server)).toContain(`Two-factor sign-in is off for ${adminEmail}`);
    await logIn(page);
  } finally {
    reset2fa(server);
  }
});

test('required for every Admin: an Admin without it sets it up at sign-in, then lands in the app', async ({ page }) => {
  test.setTimeout(180_000);
  await logIn(page);
  // The session that switches the requirement off again, whatever happens below (sessions open stay).
  const own = await signInOverApi(page.request);
  try {
    // A second Admin, with a password of their own.
    const email = `second.admin.${Date.now()}@example.com`;
    const password = 'second-Admin-Password-1';
    await page.goto('/settings/team');
    const team = page.getByRole('region', { name: 'Team' });
    await team.getByLabel('Full name').fill('Second Admin');
    await team.getByLabel('Email').fill(email);
    await team.getByLabel('Role', { exact: true }).selectOption('Admin');
    await team.getByRole('button', { name: 'Add member' }).click();
    const link = (await team.getByRole('status', { name: 'Password link' }).locator('code').textContent())!;
    const token = new URL(link).searchParams.get('token');
    expect((await page.request.post('/api/v1/account/set-password', { data: { token, password } })).ok()).toBe(true);

    await page.goto('/settings/two-factor');
    const panel = page.getByRole('region', { name: 'Two-factor sign-in' });
    await panel.getByRole('button', { name: 'Require it for every Admin' }).click();
    await expect(page.getByText('Two-factor sign-in is now required for every Admin')).toBeVisible();
    await logOut(page);

    // The password alone opens no session: the set-up comes first.
    await page.goto('/login');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill(password);
    await page.getByRole('button', { name: 'Login' }).click();
    await expect(page.getByRole('heading', { name: 'Set up two-factor sign-in' })).toBeVisible(HASHING);
    await expect(page.getByText(/Your team requires two-factor sign-in for every Admin/)).toBeVisible();
    await expect(page.getByRole('img', { name: 'QR code to scan with your authenticator app' })).toBeVisible();
    for (const [width, height] of [
      [1366, 900],
      [390, 844],
    ] as const) {
      await page.setViewportSize({ width, height });
      // Nothing wider than the screen: on a phone the set-up wraps within its card.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      await page.screenshot({ path: test.info().outputPath(`two-factor-enrol-${width}.png`), fullPage: true });
    }
    await page.setViewportSize({ width: 1366, height: 900 });
    const key = (await page.getByLabel('Key to type into your authenticator app').textContent())!.replace(/\s/g, '');
    const totp = new TOTP({ secret: Secret.fromBase32(key), period: 30, digits: 6, algorithm: 'SHA1' });
    const used = await freshCode(totp, 0);
    await page.getByLabel('Authentication code').fill(used.code);
    await page.getByRole('button', { name: 'Turn on and sign in' }).click();

    const box = page.getByRole('status', { name: 'Recovery codes' });
    await expect(box.getByRole('listitem')).toHaveCount(10);
    for (const [width, height] of [
      [1366, 900],
      [390, 844],
    ] as const) {
      await page.setViewportSize({ width, height });
      await page.screenshot({ path: test.info().outputPath(`two-factor-enrol-codes-${width}.png`), fullPage: true });
    }
    await page.setViewportSize({ width: 1366, height: 900 });
    await box.getByRole('button', { name: 'Continue' }).click();
    await expect(page.getByText('Login Successful')).toBeVisible();
    await expect(page).toHaveURL(/\/dashboard$/);

    // From now on that Admin's sign-in asks for a code, as any account with it on.
    await logOut(page);
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill(password);
    await page.getByRole('button', { name: 'Login' }).click();
    await expect(page.getByRole('heading', { name: 'Two-factor sign-in' })).toBeVisible(HASHING);
    const next = await freshCode(totp, used.step);
    await code(page, next.code);
    await expect(page).toHaveURL(/\/dashboard$/);
  } finally {
    await page.request.put('/api/v1/team/two-factor', { headers: own.headers, data: { required: false } });
  }
});
