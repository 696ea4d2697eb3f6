import { adminEmail, adminPassword, expect, HASHING, test, SMOKE } from './fixtures';
import { logIn, menuLink, openDashboard, openScreen } from './session';

test('the administrator runs the foundation screens end to end', SMOKE, async ({ page, request }) => {
  const remoteRequests: string[] = [];
  page.on('request', (req) => {
    if (new URL(req.url()).pathname.startsWith('/remotes/')) remoteRequests.push(req.url());
  });
  // The scripts' bodies, to tell that the dashboard's chart library comes with the dashboard only.
  const scripts: Promise<string>[] = [];
  page.on('response', (res) => {
    if (res.request().resourceType() === 'script') scripts.push(res.text().catch(() => ''));
  });
  const chartLibraryLoaded = async () =>
    (await Promise.all(scripts)).some((body) => body.includes('Canvas is already in use'));

  // Login page: no remote code before login, and no chart library.
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Welcome Admin' })).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(remoteRequests).toEqual([]);
  expect(await chartLibraryLoaded()).toBe(false);

  // Wrong password: the server's message, nothing stored.
  await page.getByLabel('Email').fill('admin@example.com');
  await page.getByLabel('Password').fill('not-the-password');
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page.getByText('Invalid email or password')).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();

  await logIn(page);
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  await expect(page.getByRole('article', { name: 'Bookshelves' }).getByText('N/A')).toBeVisible();
  // The Donations chart: drawn, named, and its 12 months as a table.
  const donations = page.getByRole('figure', { name: 'Donations added per month' });
  await expect(donations.getByRole('img', { name: /^Bar chart of the donations added per month/ })).toBeVisible();
  await expect(donations.getByRole('table', { name: 'Donations added per month' }).getByRole('row')).toHaveCount(13);
  expect(await chartLibraryLoaded()).toBe(true);
  const stored = await page.evaluate(() => ({
    token: localStorage.getItem('token'),
    user: localStorage.getItem('user'),
  }));
  expect(stored.token).toBeTruthy();
  expect(JSON.parse(stored.user!)._id).toMatch(/^[0-9a-f]{24}$/);

  // A mass intention sent through the mobile app's public call appears for the administrator.
  const sent = await request.post('/api/v1/mass/intention', {
    data: { fullname: 'Grace Appiah', email: 'grace@example.com', intention: 'Thanksgiving for a safe journey' },
  });
  expect(sent.status()).toBe(201);
  await (await menuLink(page, 'Mass Scheduling')).click();
  await expect(page).toHaveURL(/\/mass-scheduling$/);
  const table = page.getByRole('table', { name: 'Mass intentions' });
  await expect(table.getByRole('cell', { name: 'Grace Appiah', exact: true })).toBeVisible();
  await expect(table.getByRole('cell', { name: 'Thanksgiving for a safe journey' })).toBeVisible();

  // The header search filters the list through ?q=.
  await page.getByRole('searchbox', { name: 'Search' }).fill('nobody-matches');
  await expect(page).toHaveURL(/q=nobody-matches/);
  await expect(page.getByText('No mass intentions match “nobody-matches”.')).toBeVisible();

  await (await menuLink(page, 'Dashboard')).click();
  await page.getByRole('article', { name: 'Total Users' }).getByRole('link').click();
  await expect(page).toHaveURL(/\/users$/);
  await expect(page.getByRole('table', { name: 'Users (sample data)' })).toBeVisible();

  await (await menuLink(page, 'Settings')).click();
  await expect(page).toHaveURL(/\/settings\/profile$/);
  await expect(page.getByLabel('Country')).toBeVisible();
  await expect(page.getByRole('note')).toHaveCount(0);
  // The administrator's own account and the team, on the server: no sample data left in Settings.
  await page.getByRole('navigation', { name: 'Settings sections' }).getByRole('link', { name: 'Team' }).click();
  await expect(
    page.getByRole('table', { name: 'Team' }).getByRole('row', { name: /admin@example\.com/ }),
  ).toBeVisible();
  await expect(page.getByRole('note')).toHaveCount(0);

  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page.getByText('Logout Successful')).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();

  // The revoked token no longer works.
  const revoked = await request.get(`/api/v1/analytics/${JSON.parse(stored.user!)._id}`, {
    headers: { Authorization: `Bearer ${stored.token}` },
  });
  expect(revoked.status()).toBe(401);
});

test.describe('signed in', () => {
  test.use({ signedIn: true });

  test('a remote that cannot be reached affects only its routes, and Retry recovers it', async ({ page }) => {
    // The finance remote is unreachable from the start (its prefetch fails too).
    await page.route('**/remotes/finance/**', (route) => route.abort('connectionrefused'));
    await openDashboard(page);
    await (await menuLink(page, 'Settings')).click();
    await expect(page.getByRole('heading', { name: 'The Finance screens could not be loaded' })).toBeVisible();

    // The rest keeps working: another remote and the menu.
    await (await menuLink(page, 'Mass Scheduling')).click();
    await expect(
      page.getByText('No mass intentions available.').or(page.getByRole('table', { name: 'Mass intentions' })),
    ).toBeVisible();

    // The remote comes back: Retry loads it without reloading the page.
    await (await menuLink(page, 'Settings')).click();
    await expect(page.getByRole('button', { name: 'Retry' })).toBeVisible();
    await page.unroute('**/remotes/finance/**');
    await page.evaluate(() => ((window as unknown as { __noReload: boolean }).__noReload = true));
    await page.getByRole('button', { name: 'Retry' }).click();
    await expect(page.getByLabel('Country')).toBeVisible();
    expect(await page.evaluate(() => (window as unknown as { __noReload?: boolean }).__noReload)).toBe(true);
  });
});

test('a visitor is sent to login and brought back to the page asked for', async ({ page }) => {
  await page.goto('/mass-scheduling?q=grace');
  await expect(page).toHaveURL(/\/login$/);
  await page.getByLabel('Email').fill('admin@example.com');
  await page.getByLabel('Password').fill('e2e-Password-1');
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page).toHaveURL(/\/mass-scheduling\?q=grace$/, HASHING);
});

test('the press of Login sends its call before the code that reads the answer has come', async ({ page }) => {
  await page.goto('/login');
  await expect(page.getByRole('button', { name: 'Login' })).toBeEnabled();
  // From here every script the page asks for is held: the API client, the toasts, the screens.
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  const held: string[] = [];
  await page.route(/\.js$/, async (route) => {
    held.push(new URL(route.request().url()).pathname);
    await Promise.race([released, new Promise((resolve) => setTimeout(resolve, 15_000))]);
    await route.continue();
  });
  const loginCall = page.waitForRequest(
    (request) => request.method() === 'POST' && new URL(request.url()).pathname === '/api/v1/admin/login',
    { timeout: 10_000 },
  );
  await page.getByLabel('Email').fill(adminEmail);
  await page.getByLabel('Password').fill(adminPassword);
  await page.getByRole('button', { name: 'Login' }).click();
  await loginCall;
  expect(held.length, 'the press asked for the code that reads the answer').toBeGreaterThan(0);
  release();
  // With the code come, the answer is read as ever: the session, its toast, the dashboard.
  await expect(page.getByText('Login Successful')).toBeVisible(HASHING);
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('article', { name: 'Total Books' })).toBeVisible();
});

test('each shared library is loaded once, from the shell, and remotes are prefetched after login', async ({ page }) => {
  const remoteScripts: string[] = [];
  page.on('response', (response) => {
    const { pathname } = new URL(response.url());
    if (pathname.startsWith('/remotes/') && pathname.endsWith('.js')) remoteScripts.push(pathname);
  });
  await logIn(page);
  // Idle prefetch: every remote's entry and App chunk arrive without visiting any remote screen.
  await expect.poll(() => remoteScripts.filter((path) => path.includes('__federation_expose_App')).length).toBe(3);

  await (await menuLink(page, 'Mass Scheduling')).click();
  await expect(
    page.getByText('No mass intentions available.').or(page.getByRole('table', { name: 'Mass intentions' })),
  ).toBeVisible();
  await (await menuLink(page, 'Settings')).click();
  await expect(page.getByLabel('Country')).toBeVisible();

  // Every shared library in use came from one provider, the shell: no remote loaded its own copy.
  // (`npm run bench` also counts the downloads by the files' contents.)
  const providers = await page.evaluate(() => {
    type Versions = Record<string, { from: string; loaded?: boolean }>;
    const scope = (
      globalThis as unknown as {
        __FEDERATION__: { __SHARE__: Record<string, Record<string, Record<string, Versions>>> };
      }
    ).__FEDERATION__.__SHARE__;
    const found: Record<string, string[]> = {};
    for (const scopes of Object.values(scope))
      for (const packages of Object.values(scopes))
        for (const [name, versions] of Object.entries(packages))
          for (const info of Object.values(versions)) if (info.loaded) (found[name] ??= []).push(info.from);
    return found;
  });
  for (const name of [
    'react',
    'react-dom',
    'react-router-dom',
    'styled-components',
    'react-toastify',
    'formik',
    'axios',
    'shared',
  ]) {
    expect(new Set(providers[name]), name).toEqual(new Set(['shell']));
  }
});

test.describe('signed in', () => {
  test.use({ signedIn: true });

  test('the header search keeps every key typed fast on a slow machine; the address follows, Back restores', async ({
    page,
  }) => {
    await openScreen(page, '/mass-scheduling');
    // A busy machine: the page's scripts run six times slower, and the keys typed meanwhile wait in
    // the browser's queue, each handled before React's next render (sent at once, not one by one).
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 6 });
    const search = page.getByRole('searchbox', { name: 'Search' });
    await search.focus();
    await Promise.all([...'number 1'].map((key) => cdp.send('Input.dispatchKeyEvent', { type: 'char', text: key })));
    await expect(search).toHaveValue('number 1');
    await search.pressSequentially(' more', { delay: 30 });
    await expect(search).toHaveValue('number 1 more');
    await search.press('Control+a');
    await search.pressSequentially('number 1', { delay: 30 });
    await expect(page).toHaveURL(/\?q=number\+1$/);
    await expect(search).toHaveValue('number 1');
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });

    // An address changed from outside sets the field.
    await (await menuLink(page, 'Prayer Requests')).click();
    await expect(search).toHaveValue('');
    await page.goBack();
    await expect(page).toHaveURL(/\/mass-scheduling\?q=number\+1$/);
    await expect(search).toHaveValue('number 1');
  });

  test('Skip to content is the first Tab stop, shown when focused, and moves on to the screen', async ({ page }) => {
    for (const address of ['/dashboard', '/bank-accounts']) {
      await openScreen(page, address);
      await page.keyboard.press('Tab');
      const skip = page.getByRole('link', { name: 'Skip to content' });
      await expect(skip).toBeFocused();
      await expect(skip).toBeInViewport();
      const box = (await skip.boundingBox())!;
      expect(box.width).toBeGreaterThan(60);
      await page.keyboard.press('Enter');
      await expect(page.locator('#main-content')).toBeFocused();
      expect(page.url()).not.toContain('#');
      // The next Tab is the screen's first control, not the side menu's or the header's.
      await page.keyboard.press('Tab');
      expect(await page.evaluate(() => document.getElementById('main-content')!.contains(document.activeElement))).toBe(
        true,
      );
    }
  });

  test("in a short window the side menu shows the current screen's entry", async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 600 });
    await openScreen(page, '/settings');
    await expect(await menuLink(page, 'Settings')).toBeInViewport();
  });
});
