import { expect, test, type Page, SAME_ON_EVERY_NODE } from './fixtures';
import { FIRST_PAGE, openDashboard, signInOverApi } from './session';

// The tests start signed in as the administrator (a session made once for the file, fixtures.ts).
test.use({ signedIn: true });

// A failed load is a state of the screen, not an empty list: it says what could not be loaded and why,
// offers Retry, and never offers an action that presumes emptiness (docs/composition.md, "Load states").

interface ListUnderTest {
  path: string;
  /** The list's call, as a pattern of its URL. */
  call: RegExp;
  items: string;
  /** What the screen says once the list is loaded (empty or not). */
  loaded: (page: Page) => ReturnType<Page['getByRole']>;
}

const table = (name: string) => (page: Page) =>
  page
    .getByRole('table', { name })
    .or(page.getByText(/available/))
    .first();

const lists: ListUnderTest[] = [
  { path: '/bookshelf', call: /\/api\/v1\/all\/books\/$/, items: 'books', loaded: table('Books') },
  {
    path: '/bible-list',
    call: /\/api\/v1\/weekly\/reading\/1$/,
    items: 'readings',
    loaded: table('Readings of week 1'),
  },
  { path: '/live-streaming', call: /\/api\/v1\/stream$/, items: 'live streams', loaded: table('Live streams') },
  {
    path: '/adult-reflection',
    call: /\/api\/v1\/all\/adult\/reflection$/,
    items: 'adult reflections',
    loaded: table('Adult reflections'),
  },
  {
    path: '/children-reflection',
    call: /\/api\/v1\/all\/children\/reflection$/,
    items: 'children reflections',
    loaded: table('Children reflections'),
  },
  { path: '/group-list', call: /\/api\/v1\/all\/groups$/, items: 'groups', loaded: table('Groups') },
  {
    path: '/mass-scheduling',
    call: /\/api\/v1\/mass\/intention\/[^/]+$/,
    items: 'mass intentions',
    loaded: table('Mass intentions'),
  },
  {
    path: '/prayer-requests',
    call: /\/api\/v1\/prayer\/request\/[^/]+$/,
    items: 'prayer requests',
    loaded: table('Prayer requests'),
  },
  { path: '/donations', call: /\/api\/v1\/all\/donations$/, items: 'donations', loaded: table('Donations') },
  { path: '/bank-accounts', call: /\/api\/v1\/all\/accounts$/, items: 'bank accounts', loaded: table('Bank accounts') },
  { path: '/prayers', call: /\/api\/v1\/get\/prayers$/, items: 'prayers', loaded: table('Section A Prayers') },
];

/** Makes the call answer 500 until `heal` is called (only GETs: the screen's load). */
async function breakCall(page: Page, call: RegExp) {
  let broken = true;
  await page.route(call, (route) =>
    broken && route.request().method() === 'GET'
      ? route.fulfill({
          status: 500,
          contentType: 'application/json',
          body: JSON.stringify({ message: 'The database is unavailable' }),
        })
      : route.fallback(),
  );
  return () => {
    broken = false;
  };
}

const failure = (page: Page) => page.getByRole('alert').filter({ hasText: 'could not be loaded.' });

// From the dashboard, as after a login: its idle prefetch brings the remotes' code, so that the screen
// under test meets the broken call, not a cold remote's load timeout on a loaded machine. The first
// failure shown may still take as long as a test's first page: the routed call bypasses the cache.
test.beforeEach(async ({ page }) => {
  await openDashboard(page);
});

for (const list of lists) {
  test(
    `${list.path}: a failed load says so with Retry, not that the list is empty, and Retry loads it`,
    SAME_ON_EVERY_NODE,
    async ({ page }) => {
      const heal = await breakCall(page, list.call);
      await page.goto(list.path);
      await expect(failure(page)).toContainText(
        `The ${list.items} could not be loaded. The database is unavailable`,
        FIRST_PAGE,
      );
      await expect(page.getByText(/No .* available/)).toHaveCount(0);
      heal();
      await failure(page).getByRole('button', { name: 'Retry' }).click();
      await expect(list.loaded(page)).toBeVisible();
      await expect(failure(page)).toHaveCount(0);
    },
  );
}

test('About Us: a failed load offers neither Add About Us nor Edit, and Retry shows the text', async ({ page }) => {
  const heal = await breakCall(page, /\/api\/v1\/about$/);
  await page.goto('/about');
  await expect(failure(page)).toContainText('About Us could not be loaded.', FIRST_PAGE);
  await expect(page.getByRole('link', { name: 'Add About Us' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Edit About Us' })).toHaveCount(0);
  heal();
  await failure(page).getByRole('button', { name: 'Retry' }).click();
  await expect(
    page.getByRole('link', { name: 'Add About Us' }).or(page.getByRole('button', { name: 'Edit About Us' })),
  ).toBeVisible();
});

test('a details screen tells a record that does not exist from one that could not be loaded', async ({
  page,
  request,
}) => {
  const { headers, userId } = await signInOverApi(request);
  const group = await request.post(`/api/v1/add/group/${userId}`, {
    headers,
    multipart: { groupName: 'Load error choir', groupLink: 'https://example.org/choir', groupDescription: 'Sings' },
  });
  expect(group.status()).toBe(201);
  const { data } = (await group.json()) as { data: { _id: string } };

  const heal = await breakCall(page, new RegExp(`/api/v1/single/group/${data._id}$`));
  await page.goto(`/group/${data._id}`);
  await expect(failure(page)).toContainText('This group could not be loaded. The database is unavailable', FIRST_PAGE);
  await expect(page.getByText('Group details not found.')).toHaveCount(0);
  heal();
  await failure(page).getByRole('button', { name: 'Retry' }).click();
  await expect(page.getByRole('heading', { name: 'Load error choir' })).toBeVisible();

  await page.goto('/group/0123456789abcdef01234567');
  await expect(page.getByText('Group details not found.')).toBeVisible();
  await expect(failure(page)).toHaveCount(0);
  await request.delete(`/api/v1/group/${userId}/${data._id}`, { headers });
});

test('a network failure is retried, then shown; a 503 is retried after its Retry-After', async ({ page }) => {
  let attempts = 0;
  await page.route(/\/api\/v1\/get\/prayers$/, (route) => {
    attempts += 1;
    return route.abort('connectionrefused');
  });
  await page.goto('/prayers');
  await expect(failure(page)).toContainText('The server could not be reached.', { timeout: 15_000 });
  expect(attempts).toBe(4);
  await page.unroute(/\/api\/v1\/get\/prayers$/);

  let busy = 0;
  await page.route(/\/api\/v1\/all\/accounts$/, (route) =>
    ++busy <= 2
      ? route.fulfill({
          status: 503,
          headers: { 'retry-after': '1' },
          contentType: 'application/json',
          body: JSON.stringify({ message: 'Busy' }),
        })
      : route.fallback(),
  );
  await page.goto('/bank-accounts');
  await expect(table('Bank accounts')(page)).toBeVisible({ timeout: 10_000 });
  await expect(failure(page)).toHaveCount(0);
  expect(busy).toBe(3);
});
