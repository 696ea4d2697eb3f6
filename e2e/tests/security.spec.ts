import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { adminEmail, adminPassword, expect, test } from './fixtures';
import { repoRoot } from './releases';

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

test.describe('a release published with a publish-only token', () => {
  test.use({ signedIn: true });

  test("runs none of its script in an Admin's browser when its files are opened directly", async ({
    page,
    baseURL,
  }) => {
    const api = async (route: string, init: RequestInit & { token?: string }) => {
      const answer = await fetch(`${baseURL}/api/v1${route}`, {
        ...init,
        headers: { ...init.headers, ...(init.token ? { authorization: `Bearer ${init.token}` } : {}) },
      });
      return { status: answer.status, body: (await answer.json()) as { data: Record<string, string> } };
    };
    const admin = (
      (await (
        await fetch(`${baseURL}/api/v1/admin/login`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ email: adminEmail, password: adminPassword }),
        })
      ).json()) as { token: string }
    ).token;
    const made = await api('/deploy-tokens', {
      method: 'POST',
      token: admin,
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        name: 'finance CI',
        remote: 'finance',
        scope: 'publish',
        expiresAt: new Date(Date.now() + 86_400_000).toISOString(),
      }),
    });
    expect(made.status).toBe(201);

    // The finance build, under a release id of its own, with a page and a script planted in it.
    const build = fs.mkdtempSync(path.join(os.tmpdir(), 'e2e-planted-'));
    fs.cpSync(path.join(repoRoot, 'remote-finance', 'dist'), build, { recursive: true });
    const info = JSON.parse(fs.readFileSync(path.join(build, 'release.json'), 'utf8')) as { release: string };
    const release = `${info.release}-planted`;
    fs.writeFileSync(path.join(build, 'release.json'), JSON.stringify({ ...info, release }));
    fs.writeFileSync(
      path.join(build, 'planted.html'),
      '<!doctype html><title>Planted</title><script src="same.js"></script>',
    );
    fs.writeFileSync(path.join(build, 'same.js'), 'fetch("/stolen?" + encodeURIComponent(localStorage.token))');
    const archive = execFileSync('tar', ['-czf', '-', '-C', build, '.'], { maxBuffer: 64 * 1024 * 1024 });
    fs.rmSync(build, { recursive: true, force: true });
    const published = await api('/releases/finance', {
      method: 'POST',
      token: made.body.data.secret,
      headers: { 'content-type': 'application/gzip' },
      body: archive,
    });
    expect(published.status).toBe(201);

    const stolen: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/stolen')) stolen.push(request.url());
    });
    await page.goto('/');
    await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
    // Opened by a link, the page is a download, never a page of this origin.
    const download = page.waitForEvent('download');
    await page.evaluate((url) => window.location.assign(url), `/remotes/finance/${release}/planted.html`);
    expect((await download).suggestedFilename()).toBe('planted.html');
    // And shown anyway (a browser that renders it), it is a sandbox with no script.
    const shown = await page.context().request.get(`/remotes/finance/${release}/planted.html`);
    expect(shown.headers()['content-security-policy']).toContain('sandbox');
    expect(stolen).toEqual([]);
  });
});
