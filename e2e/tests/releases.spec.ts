import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { expect, test, type Browser, type Page } from './fixtures';
import {
  addScreen,
  declareSharedRange,
  getText,
  lastLine,
  liveRelease,
  makeScreenThrow,
  mapFile,
  npmRun,
  overHttps,
  publishScratchRemote,
  releasesCli,
  repoRoot,
  stampVersion,
  startCdn,
  withScratchBuild,
} from './releases';
import { adminPassword, signInState, type AdminState } from './fixtures';
import { menuLink, openDashboard } from './session';

// A remote team's release workflow against the running production server: release, deploy and
// roll back with the commands, while a browser stays open, without touching the shell.

test.describe.configure({ mode: 'serial' });
// The browsers start signed in as the administrator (a session made once for the file, fixtures.ts).
test.use({ signedIn: true });

/**
 * A new Admin, added by the Admin in Settings → Team's call and signed in: the storage state of a
 * browser of their own (a rollout counts each member once, however many browsers they use).
 */
async function memberState(url: string, admin: AdminState, email: string): Promise<AdminState> {
  const token = admin.origins[0]!.localStorage.find((item) => item.name === 'token')!.value;
  const added = await fetch(`${url}/api/v1/team`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({ name: email.split('@')[0], email, role: 'Admin' }),
  });
  if (!added.ok) throw new Error(`Adding ${email} answered ${added.status}: ${await added.text()}`);
  const { link } = (await added.json()) as { link: { url: string } };
  const set = await fetch(`${url}/api/v1/account/set-password`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ token: new URL(link.url).searchParams.get('token'), password: adminPassword }),
  });
  if (!set.ok) throw new Error(`Setting ${email}'s password answered ${set.status}: ${await set.text()}`);
  return signInState(url, email, adminPassword);
}

function collectPageErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

function contentRequests(page: Page): string[] {
  const urls: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname.includes('/content/')) urls.push(url.href);
  });
  return urls;
}

let firstRelease: string;
let newRelease: string;

test('a new content release goes live while a browser sits on the book list; its next navigation loads it cleanly', async ({
  server,
  page,
  baseURL,
}) => {
  const errors = collectPageErrors(page);
  await openDashboard(page);
  await (await menuLink(page, 'BookShelf')).click();
  await expect(page.getByRole('link', { name: 'Add New Book' })).toBeVisible();
  firstRelease = (await liveRelease(baseURL!, 'content')).release;

  // The content team builds and publishes a release, then puts it live.
  // A CI's pre-release stamp, new at each run (the build itself may be the same as the live one's).
  const version = `1.1.0-e2e.${Date.now()}`;
  const released = npmRun(server, ['release', '-w', 'remote-content'], { RELEASE_VERSION: version });
  newRelease = lastLine(released);
  expect(newRelease).toMatch(new RegExp(`^${version.replace(/\./g, '\\.')}-[0-9a-f]{7}$`));
  expect(newRelease).not.toBe(firstRelease);
  expect(lastLine(npmRun(server, ['deploy', '--', 'content', newRelease]))).toBe(
    `content ${newRelease} is live (was ${firstRelease}).`,
  );
  const listing = npmRun(server, ['releases', '--', 'content']);
  expect(listing).toMatch(new RegExp(`\\* live\\s+${newRelease.replace(/\./g, '\\.')}`));

  // The open browser's next navigation loads the new release whole, Quill's lazy chunks included.
  const requested = contentRequests(page);
  await (await menuLink(page, 'Adult Reflection')).click();
  await page.getByRole('link', { name: 'Add Adult Reflection' }).click();
  await expect(page.getByRole('textbox', { name: 'Reflection' })).toBeVisible();
  await expect(page).toHaveURL(/\/add-adult-reflection$/);
  await expect(page.getByRole('alert')).toHaveCount(0);
  expect(requested.some((url) => url.includes(`/remotes/content/${newRelease}/`))).toBe(true);
  expect(requested.filter((url) => url.includes(`/remotes/content/${firstRelease}/`))).toEqual([]);
  expect(errors).toEqual([]);

  // The release the browser ran before stays served, so a page still on it keeps loading its chunks.
  expect((await page.request.get(`/remotes/content/${firstRelease}/remoteEntry.js`)).status()).toBe(200);
});

test('rollback puts the release before live again, and an open browser follows at its next navigation', async ({
  server,
  page,
  baseURL,
}) => {
  const errors = collectPageErrors(page);
  await openDashboard(page);
  await (await menuLink(page, 'BookShelf')).click();
  await expect(page.getByRole('link', { name: 'Add New Book' })).toBeVisible();

  expect(lastLine(npmRun(server, ['rollback', '--', 'content']))).toBe(
    `content rolled back to ${firstRelease} (was ${newRelease}).`,
  );
  expect((await liveRelease(baseURL!, 'content')).release).toBe(firstRelease);

  const requested = contentRequests(page);
  await (await menuLink(page, 'Live Streaming')).click();
  await expect(page).toHaveURL(/\/live-streaming$/);
  await expect(page.getByRole('link', { name: 'Add New Stream' })).toBeVisible();
  expect(requested.some((url) => url.includes(`/remotes/content/${firstRelease}/`))).toBe(true);
  expect(errors).toEqual([]);
});

test('a hand edit of the map that does not hold is refused; the last good map keeps being served', async ({
  server,
  page,
  baseURL,
}) => {
  const good = fs.readFileSync(mapFile(server), 'utf8');
  const served = await getText(`${baseURL}/remotes.json`);
  try {
    for (const edit of [
      '{ "remotes": { "content": ',
      JSON.stringify({ remotes: { content: { release: '9.9.9-0000000' } } }),
      JSON.stringify({ remotes: { payroll: { release: firstRelease } } }),
      JSON.stringify({
        remotes: { content: { release: firstRelease, entry: 'https://evil.example/mf-manifest.json' } },
      }),
    ]) {
      fs.writeFileSync(mapFile(server), edit);
      expect(await getText(`${baseURL}/remotes.json`)).toBe(served);
      expect(npmRun(server, ['releases'])).toMatch(/remotes\.json is refused/);
    }
    await openDashboard(page);
    await (await menuLink(page, 'BookShelf')).click();
    await expect(page.getByRole('link', { name: 'Add New Book' })).toBeVisible();
  } finally {
    fs.writeFileSync(mapFile(server), good);
  }
});

test('a rebuild of the shell leaves the live map untouched', async ({ server, baseURL }) => {
  npmRun(server, ['deploy', '--', 'content', newRelease]);
  const before = fs.readFileSync(mapFile(server), 'utf8');
  npmRun(server, ['build', '-w', 'shell']);
  expect(fs.readFileSync(mapFile(server), 'utf8')).toBe(before);
  expect((await liveRelease(baseURL!, 'content')).release).toBe(newRelease);
  npmRun(server, ['deploy', '--', 'content', firstRelease]);
});

test('a shell build while a browser is open, then its next navigations into all three remotes work', async ({
  server,
  page,
}) => {
  const errors = collectPageErrors(page);
  const missing: string[] = [];
  page.on('response', (response) => {
    if (response.status() === 404) missing.push(response.url());
  });
  await openDashboard(page);
  const screens = [
    { menu: 'BookShelf', shows: page.getByRole('link', { name: 'Add New Book' }) },
    { menu: 'Prayer Requests', shows: page.getByRole('heading', { level: 1, name: 'Prayer Requests' }) },
    { menu: 'Donations', shows: page.getByRole('heading', { level: 1, name: 'Donations' }) },
  ];
  const visitAll = async () => {
    for (const screen of screens) {
      await (await menuLink(page, screen.menu)).click();
      await expect(screen.shows).toBeVisible();
      await expect(page.getByRole('alert')).toHaveCount(0);
    }
  };

  // The build empties shell/dist and writes it again while the open page keeps navigating.
  const version = `1.1.0-e2e.${Date.now()}`;
  const build = spawn('npm', ['run', '--silent', 'build', '-w', 'shell'], {
    cwd: repoRoot,
    env: { ...process.env, RELEASE_VERSION: version },
    stdio: 'ignore',
  });
  const built = new Promise<number | null>((resolve) => build.on('exit', resolve));
  let running = true;
  void built.then(() => (running = false));
  do await visitAll();
  while (running);
  expect(await built).toBe(0);

  // The build is a release once published; deploying it switches the shell at once, and the page
  // opened on the one before keeps working.
  const shellRelease = lastLine(releasesCli(server, ['publish', 'shell']));
  expect(shellRelease).toMatch(new RegExp(`^${version.replace(/\./g, '\\.')}-[0-9a-f]{7}$`));
  expect(lastLine(npmRun(server, ['deploy', '--', 'shell', shellRelease]))).toMatch(
    new RegExp(`^shell ${shellRelease.replace(/\./g, '\\.')} is live \\(was .+\\)\\.$`),
  );
  await visitAll();
  expect(missing).toEqual([]);
  expect(errors).toEqual([]);

  // A new page gets the new shell; rollback puts the one before back.
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Donations' })).toBeVisible();
  expect((await (await page.request.get('/release.json')).json()).release).toBe(shellRelease);
  npmRun(server, ['rollback', '--', 'shell']);
  expect((await (await page.request.get('/release.json')).json()).release).not.toBe(shellRelease);
});

test('a remote served from a second origin (a CDN) through the map', async ({ server, page, baseURL }) => {
  const cdn = await startCdn(server);
  try {
    const entry = `${cdn.origin}/content/${firstRelease}/mf-manifest.json`;
    npmRun(server, ['deploy', '--', 'content', firstRelease, '--entry', entry]);
    expect(await liveRelease(baseURL!, 'content')).toEqual(expect.objectContaining({ release: firstRelease, entry }));

    await openDashboard(page);
    await (await menuLink(page, 'BookShelf')).click();
    await expect(page.getByRole('link', { name: 'Add New Book' })).toBeVisible();
    expect(cdn.requests).toEqual(
      expect.arrayContaining([`/content/${firstRelease}/mf-manifest.json`, `/content/${firstRelease}/remoteEntry.js`]),
    );
  } finally {
    npmRun(server, ['deploy', '--', 'content', firstRelease]);
    await cdn.close();
  }
});

test("a screen added to a remote, built and deployed alone, appears in the running shell's menu, title and routes", async ({
  server,
  page,
  baseURL,
}) => {
  const before = (await liveRelease(baseURL!, 'finance')).release;
  try {
    // Only that remote is built; the shell is not touched.
    const shellIndex = fs.readFileSync(path.join(repoRoot, 'shell', 'dist', 'index.html'), 'utf8');
    const release = publishScratchRemote(server, 'finance', (scratch) =>
      addScreen(scratch, { path: '/finance-report', title: 'Finance Report', text: 'Giving by month will be here.' }),
    );
    expect(release).toMatch(/^1\.0\.0-[0-9a-f]{7}$/);
    npmRun(server, ['deploy', '--', 'finance', release]);
    expect(fs.readFileSync(path.join(repoRoot, 'shell', 'dist', 'index.html'), 'utf8')).toBe(shellIndex);

    await openDashboard(page);
    const entry = await menuLink(page, 'Finance Report');
    await entry.click();
    await expect(page).toHaveURL(/\/finance-report$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Finance Report' })).toBeVisible();
    await expect(page.getByText('Giving by month will be here.')).toBeVisible();
  } finally {
    npmRun(server, ['deploy', '--', 'finance', before]);
  }
});

test('a remote that needs a newer shared than the shell provides is refused with a panel naming both; one built for an older minor runs', async ({
  server,
  page,
  baseURL,
}) => {
  const provided = (
    JSON.parse(fs.readFileSync(path.join(repoRoot, 'shared', 'package.json'), 'utf8')) as {
      version: string;
    }
  ).version;
  const [major, minor] = provided.split('.').map(Number);
  const before = (await liveRelease(baseURL!, 'finance')).release;
  try {
    // Built against the next minor of shared (it would use what only that version exports).
    const newer = `^${major}.${minor + 1}.0`;
    npmRun(server, [
      'deploy',
      '--',
      'finance',
      publishScratchRemote(server, 'finance', (dir) => declareSharedRange(dir, newer)),
    ]);
    const pageErrors = collectPageErrors(page);
    await openDashboard(page);
    await (await menuLink(page, 'Donations')).click();
    const panel = page.getByRole('alert').filter({ hasText: 'need a newer version of the back-office' });
    await expect(
      panel.getByRole('heading', { name: 'The Finance screens need a newer version of the back-office' }),
    ).toBeVisible();
    await page.screenshot({ path: test.info().outputPath('needs-newer-shared.png') });
    await expect(panel).toContainText(`needs shared ${newer}; this back-office provides shared ${provided}.`);
    // The rest of the back-office works, and nothing of that release ran.
    await expect(page.getByRole('heading', { level: 1, name: 'Donations' })).toBeVisible();
    await (await menuLink(page, 'BookShelf')).click();
    await expect(page.getByRole('link', { name: 'Add New Book' })).toBeVisible();
    expect(pageErrors).toEqual([]);

    // Built against an older minor of shared: the shell's newer one serves it.
    const older = `^${major}.0.0`;
    npmRun(server, [
      'deploy',
      '--',
      'finance',
      publishScratchRemote(server, 'finance', (dir) => declareSharedRange(dir, older)),
    ]);
    await page.goto('/donations');
    await expect(page.getByRole('link', { name: 'Add New Donation' })).toBeVisible();
    await expect(page.getByRole('alert').filter({ hasText: 'Finance screens' })).toHaveCount(0);
  } finally {
    npmRun(server, ['deploy', '--', 'finance', before]);
  }
});

test("a remote team's CI releases and deploys a scratch finance over HTTPS with a finance token; a content token is refused", async ({
  server,
  page,
  baseURL,
}) => {
  const before = (await liveRelease(baseURL!, 'finance')).release;
  // An Admin creates the finance team's token in Settings → Deployed versions; its secret is shown once.
  await page.goto('/settings/versions');
  await page.getByRole('button', { name: 'New token' }).click();
  const form = page.getByRole('dialog', { name: 'New deploy token' });
  await form.getByLabel('Name').fill('Finance CI');
  await form.getByLabel('Remote').selectOption({ label: 'Finance' });
  // A new token publishes only until going live is chosen; this CI deploys too.
  await expect(form.getByLabel('Scope')).toHaveValue('publish');
  await form.getByLabel('Scope').selectOption({ label: 'Publish and go live' });
  await form.getByRole('button', { name: 'Create token' }).click();
  const shown = page.getByRole('dialog', { name: 'Copy the new token' });
  const financeToken = (await shown.locator('code').textContent())!;
  expect(financeToken).toMatch(/^bo_deploy_/);
  await shown.getByRole('button', { name: 'Done' }).click();
  await expect(
    page.getByRole('table', { name: 'Deploy tokens' }).getByRole('row', { name: /Finance CI/ }),
  ).toBeVisible();
  // The content team's, made over the API with the Admin's session.
  const session = await page.evaluate(() => localStorage.getItem('token'));
  const made = await page.request.post('/api/v1/deploy-tokens', {
    headers: { authorization: `Bearer ${session}` },
    data: { name: 'Content CI', remote: 'content', scope: 'deploy', expiresAt: new Date(Date.now() + 86_400_000) },
  });
  const contentToken = ((await made.json()) as { data: { secret: string } }).data.secret;

  try {
    const release = withScratchBuild(
      'finance',
      (scratch) => addScreen(scratch, { path: '/finance-https', title: 'Over HTTPS', text: 'Released over HTTPS.' }),
      (dist) => {
        const refused = overHttps(baseURL!, contentToken, ['publish', 'finance', dist]);
        expect(refused.status).toBe(1);
        expect(refused.stderr.trim()).toBe('The deploy token “Content CI” is for content; it cannot touch finance');
        const published = overHttps(baseURL!, financeToken, ['publish', 'finance', dist]);
        expect(published.stderr).toBe('');
        return lastLine(published.stdout);
      },
    );
    expect(release).toMatch(/^1\.0\.0-[0-9a-f]{7}$/);
    expect((await liveRelease(baseURL!, 'finance')).release).toBe(before);
    expect(lastLine(overHttps(baseURL!, financeToken, ['deploy', 'finance', release]).stdout)).toBe(
      `finance ${release} is live (was ${before}).`,
    );

    await openDashboard(page);
    await (await menuLink(page, 'Over HTTPS')).click();
    await expect(page).toHaveURL(/\/finance-https$/);
    await expect(page.getByText('Released over HTTPS.')).toBeVisible();
  } finally {
    npmRun(server, ['deploy', '--', 'finance', before]);
  }
});

const escaped = (text: string) => text.replace(/[.+]/g, '\\$&');

/** A fresh browser (no cookie, nothing cached), signed in as the administrator, that opened `address`. */
async function freshBrowser(browser: Browser, baseURL: string, admin: AdminState, address: string) {
  const context = await browser.newContext({ baseURL, storageState: admin });
  const page = await context.newPage();
  const financeFiles: string[] = [];
  page.on('request', (request) => {
    const { pathname } = new URL(request.url());
    if (pathname.startsWith('/remotes/finance/')) financeFiles.push(pathname);
  });
  await page.goto(address);
  return { context, page, financeFiles };
}

test('a finance release rolled out to 50 % reaches between 5 and 15 of 20 fresh browsers, each keeping its choice', async ({
  server,
  browser,
  page,
  baseURL,
}) => {
  // A build of the scratch copy and twenty browsers, one after the other.
  test.setTimeout(180_000);
  const live = (await liveRelease(baseURL!, 'finance')).release;
  // Before the build: a pooled connection does not outlive the seconds it blocks this process.
  const admin = await signInState(baseURL!);
  const rollout = publishScratchRemote(server, 'finance', (dir) => stampVersion(dir, '1.5.0-rollout.1'));
  try {
    expect(npmRun(server, ['deploy', '--', 'finance', rollout, '--share', '50'])).toContain(
      `finance ${rollout} is served to 50 % of the browsers; ${live} to the rest.`,
    );
    let inRollout = 0;
    for (let n = 0; n < 20; n += 1) {
      const { context, page, financeFiles } = await freshBrowser(browser, baseURL!, admin, '/donations');
      await expect(page.getByRole('link', { name: 'Add New Donation' })).toBeVisible();
      const got = financeFiles.some((file) => file.startsWith(`/remotes/finance/${rollout}/`));
      const kept = financeFiles.some((file) => file.startsWith(`/remotes/finance/${live}/`));
      // One release or the other, never both in one page.
      expect(got).not.toBe(kept);
      if (got) inRollout += 1;
      // Sticky: the next read of the map gives this browser the same release.
      const again = (await (await context.request.get('/remotes.json')).json()) as {
        remotes: { name: string; release: string }[];
      };
      expect(again.remotes.find((remote) => remote.name === 'finance')!.release).toBe(got ? rollout : live);
      await context.close();
    }
    expect(inRollout).toBeGreaterThanOrEqual(5);
    expect(inRollout).toBeLessThanOrEqual(15);

    // Deployed versions shows the Admin both releases with their shares, and how the new one fares.
    await page.goto('/settings/versions');
    const rollouts = page.getByRole('table', { name: 'Rollouts' });
    // Every fresh browser is this one Admin's: the figures count members, each once, so 1.
    await expect(rollouts.getByRole('row', { name: /^Finance / })).toContainText(
      new RegExp(`^Finance${escaped(live)}${escaped(rollout)}50 % / 50 %0 of 1 \\(0 %\\)`),
    );
    await page.screenshot({ path: test.info().outputPath('rollout-1366.png'), fullPage: true });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.reload();
    await expect(rollouts).toBeVisible();
    await page.screenshot({ path: test.info().outputPath('rollout-390.png'), fullPage: true });
    expect(npmRun(server, ['promote', '--', 'finance'])).toContain(
      `finance ${rollout} is live for every browser (was ${live}).`,
    );
    expect((await liveRelease(baseURL!, 'finance')).release).toBe(rollout);
  } finally {
    npmRun(server, ['deploy', '--', 'finance', live]);
  }
});

test('a release whose screen throws is rolled back by itself within a minute, and Admins are told', async ({
  server,
  browser,
  page,
  baseURL,
}) => {
  // A build of the scratch copy, then a minute at most of browsers opening it.
  test.setTimeout(180_000);
  const live = (await liveRelease(baseURL!, 'finance')).release;
  // Before the build: a pooled connection does not outlive the seconds it blocks this process.
  const admin = await signInState(baseURL!);
  // The browsers that will open it, each a member of its own (one member's browsers count once),
  // signed in one after the other: a first sign-in from an address waits for the one before it.
  const members: AdminState[] = [];
  for (const n of [1, 2, 3, 4, 5, 6])
    members.push(await memberState(baseURL!, admin, `rollout-member-${n}@example.com`));
  const broken = publishScratchRemote(server, 'finance', (dir) => {
    stampVersion(dir, '1.6.0-throws.1');
    makeScreenThrow(dir, 'src/donations/DonationListScreen.tsx', 'DonationListScreen');
  });
  try {
    npmRun(server, ['deploy', '--', 'finance', broken, '--share', '100']);
    const started = Date.now();
    let opened = 0;
    // Asked of the Admins' call, not of /remotes.json: a read of the map is a browser served the release.
    const token = admin.origins[0]!.localStorage.find((item) => item.name === 'token')!.value;
    const inRollout = async () => {
      const answer = await getText(`${baseURL}/api/v1/rollouts`, { authorization: `Bearer ${token}` });
      const { data } = JSON.parse(answer) as { data: { name: string; rollout: unknown }[] };
      return data.find((remote) => remote.name === 'finance')!.rollout !== null;
    };
    while (await inRollout()) {
      expect(Date.now() - started, `still rolled out after ${opened} browsers`).toBeLessThan(60_000);
      const context = await browser.newContext({ baseURL, storageState: members[opened] });
      const fresh = await context.newPage();
      const reported = fresh.waitForRequest((request) => request.url().endsWith('/api/v1/client-reports'));
      await fresh.goto('/donations');
      await expect(
        fresh.getByRole('alert').filter({ hasText: 'The Finance screens could not be loaded' }),
      ).toBeVisible();
      await reported;
      opened += 1;
      await context.close();
    }
    expect(Date.now() - started).toBeLessThan(60_000);
    // Judged once 5 members were served it, every one of them failing.
    expect(opened).toBe(5);
    expect((await liveRelease(baseURL!, 'finance')).release).toBe(live);

    // The Admin sees it: a notice in Deployed versions, a line in Activity.
    await page.goto('/settings/versions');
    await expect(page.getByRole('alert')).toContainText(
      new RegExp(
        `Finance ${escaped(broken)} was rolled back automatically on .+: 5 of 5 members' browsers failed\\. Every browser gets ${escaped(live)}\\.`,
      ),
    );
    await page.screenshot({ path: test.info().outputPath('rolled-back-1366.png'), fullPage: true });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.reload();
    await expect(page.getByRole('alert')).toBeVisible();
    await page.screenshot({ path: test.info().outputPath('rolled-back-390.png'), fullPage: true });
    await page.goto('/settings/activity');
    await expect(page.getByText(`Finance ${broken} rolled back automatically:`, { exact: false })).toBeVisible();
  } finally {
    npmRun(server, ['deploy', '--', 'finance', live]);
  }
});

test('a release previewed in one browser while a second keeps the live one, until it leaves the preview', async ({
  server,
  browser,
  page,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const live = (await liveRelease(baseURL!, 'finance')).release;
  const admin = await signInState(baseURL!);
  const previewed = publishScratchRemote(server, 'finance', (dir) => {
    stampVersion(dir, '1.6.0-preview.1');
    addScreen(dir, { path: '/finance-preview', title: 'Previewed screen', text: 'Only in the preview.' });
  });
  // The link the team's CI prints starts the preview in the browser that opens it, signed in.
  await page.goto(`/settings/versions?preview=${encodeURIComponent(`finance/${previewed}`)}`);
  const banner = page.getByRole('region', { name: 'Preview' });
  await expect(banner).toHaveText('Previewing Finance 1.6.0-preview.1 — Leave preview');
  await expect(page).toHaveURL(/\/settings\/versions$/);
  await (await menuLink(page, 'Previewed screen')).click();
  await expect(page.getByText('Only in the preview.')).toBeVisible();
  await expect(banner).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('preview-1366.png') });

  // A second browser of the same Admin keeps the live release: no banner, no previewed screen.
  const other = await freshBrowser(browser, baseURL!, admin, '/donations');
  try {
    await expect(other.page.getByRole('link', { name: 'Add New Donation' })).toBeVisible();
    expect(other.financeFiles.every((file) => file.startsWith(`/remotes/finance/${live}/`))).toBe(true);
    await expect(other.page.getByRole('region', { name: 'Preview' })).toHaveCount(0);
    await expect(other.page.getByRole('navigation', { name: 'Main menu' })).not.toContainText('Previewed screen');
  } finally {
    await other.context.close();
  }
  expect((await liveRelease(baseURL!, 'finance')).release).toBe(live);

  // Leaving: this browser loads the live release again.
  await banner.getByRole('button', { name: 'Leave preview' }).click();
  await expect(page.getByRole('region', { name: 'Preview' })).toHaveCount(0);
  await page.goto('/donations');
  await expect(page.getByRole('link', { name: 'Add New Donation' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Main menu' })).not.toContainText('Previewed screen');
});
