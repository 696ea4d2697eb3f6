import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { session } from 'shared';
import { renderRoutes, signIn, stubApi } from 'shared/testing';
import fs from 'node:fs';
import path from 'node:path';
import { loadRemoteApp } from '../remotes/federation';
import { RemotesMapStore, type RemotesMap, type RouteEntry } from '../remotes/remotesMap';
import { composeMenu } from '../layout/menu';
import { appRoutes } from './router';

jest.mock('../remotes/federation', () => ({
  ...jest.requireActual('../remotes/federation'),
  prefetchRemotes: jest.fn(() => () => undefined),
  loadRemoteApp: jest.fn(async (remote: { name: string }) => ({ default: () => <p>{remote.name} remote screen</p> })),
}));

// The live map as the server folds it: each remote's route table, from the files its releases carry.
const routeTable = (remote: string) =>
  JSON.parse(fs.readFileSync(path.join(__dirname, '..', '..', '..', `remote-${remote}`, 'routes.json'), 'utf8')) as {
    label: string;
    routes: RouteEntry[];
  };
const map: RemotesMap = {
  apiBaseUrl: '/api/v1',
  loadTimeoutMs: 3000,
  remotes: ['community', 'content', 'finance'].map((name) => ({
    name,
    ...routeTable(name),
    release: '1.0.0-aaaaaaa',
    entry: `/remotes/${name}/1.0.0-aaaaaaa/mf-manifest.json`,
  })),
};
const config = new RemotesMapStore(async () => map);
beforeAll(() => config.refresh());
const userId = '0123456789abcdef01234567';
/** GET /account for a role, with the permissions the server's table gives it. */
const accountAs = (role: string, permissions: string[]) => ({
  'GET /account': () =>
    [200, { message: 'ok', data: { _id: userId, email: 'a@example.com', role, permissions } }] as [number, unknown],
});
const analytics = {
  [`GET /analytics/${userId}`]: () => [200, { message: 'ok', data: { totalBooks: 7 } }] as [number, unknown],
  ...accountAs('Admin', ['content', 'finance', 'team']),
};

beforeEach(() => {
  localStorage.clear();
  session.clear();
});

describe('login', () => {
  it("shows the spec's messages for touched fields only", async () => {
    renderRoutes(appRoutes(config), '/login');
    expect(screen.getByRole('heading', { name: 'Welcome Admin' })).toBeInTheDocument();
    expect(screen.queryByText('Email is required')).not.toBeInTheDocument();
    await userEvent.click(screen.getByLabelText('Email'));
    await userEvent.click(screen.getByLabelText('Password'));
    await userEvent.tab();
    expect(await screen.findByText('Email is required')).toBeInTheDocument();
    expect(screen.getByText('Password is required')).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Email'), 'nope');
    expect(await screen.findByText('Invalid email address')).toBeInTheDocument();
  });

  it('stores the session, says so and opens the dashboard', async () => {
    const calls = stubApi({
      'POST /admin/login': () => [
        200,
        { message: 'Login Successful', token: 'tok', doesUserEmailExist: { _id: userId, email: 'admin@example.com' } },
      ],
      ...analytics,
    });
    const { router } = renderRoutes(appRoutes(config), '/');
    await userEvent.type(screen.getByLabelText('Email'), 'admin@example.com');
    await userEvent.type(screen.getByLabelText('Password'), 'secret');
    await userEvent.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByText('Login Successful')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    expect(calls[0].body).toEqual({ email: 'admin@example.com', password: 'secret' });
    expect(localStorage.getItem('token')).toBe('tok');
    expect(JSON.parse(localStorage.getItem('user')!)._id).toBe(userId);
  });

  it('keeps what was typed when the login fails', async () => {
    stubApi({ 'POST /admin/login': () => [401, { message: 'Invalid email or password' }] });
    renderRoutes(appRoutes(config), '/login');
    await userEvent.type(screen.getByLabelText('Email'), 'admin@example.com');
    await userEvent.type(screen.getByLabelText('Password'), 'wrong');
    await userEvent.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByText('Invalid email or password')).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveValue('admin@example.com');
    expect(screen.getByLabelText('Password')).toHaveValue('wrong');
  });

  it('sends a logged-in visitor of /login to the dashboard', async () => {
    signIn(userId);
    stubApi(analytics);
    const { router } = renderRoutes(appRoutes(config), '/login');
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
  });
});

describe('guard', () => {
  it('sends a visitor to /login and back to the remembered page and query after login', async () => {
    stubApi({
      'POST /admin/login': () => [
        200,
        { message: 'Login Successful', token: 'tok', doesUserEmailExist: { _id: userId, email: 'a@example.com' } },
      ],
    });
    const { router } = renderRoutes(appRoutes(config), '/mass-scheduling?q=anna');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    await userEvent.type(screen.getByLabelText('Email'), 'a@example.com');
    await userEvent.type(screen.getByLabelText('Password'), 'secret');
    await userEvent.click(screen.getByRole('button', { name: 'Login' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/mass-scheduling'));
    expect(router.state.location.search).toBe('?q=anna');
    expect(await screen.findByText('community remote screen')).toBeInTheDocument();
  });

  it('ends the session on a 401 and remembers the page, without a red toast', async () => {
    signIn(userId);
    stubApi({ [`GET /analytics/${userId}`]: () => [401, { message: 'Your session has expired' }] });
    const { router } = renderRoutes(appRoutes(config), '/dashboard');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(router.state.location.state).toEqual({ from: '/dashboard' });
    expect(localStorage.getItem('token')).toBeNull();
    expect(screen.queryByText('Your session has expired')).not.toBeInTheDocument();
  });
});

describe('layout', () => {
  it("composes the spec's menu from the remotes' route tables: groups, labels, order and targets", async () => {
    signIn(userId);
    stubApi(analytics);
    renderRoutes(appRoutes(config), '/dashboard');
    await userEvent.click(await screen.findByRole('button', { name: 'Open menu' }));
    // Screens a role may not open wait for the role to be known.
    await screen.findByRole('link', { name: 'Donations' });
    const nav = screen.getByRole('navigation', { name: 'Main menu' });
    // The groups' buttons (all open at first), not the drawer's Close menu.
    const menu = within(nav)
      .getAllByRole('button', { expanded: true })
      .map((group) => ({
        group: group.textContent!.replace('▾', '').trim(),
        entries: within(document.getElementById(group.getAttribute('aria-controls')!)!)
          .getAllByRole('link')
          .map((link) => `${link.textContent} → ${link.getAttribute('href')}`),
      }));
    expect(menu).toEqual([
      { group: 'Main', entries: ['Dashboard → /dashboard'] },
      {
        group: 'Media',
        entries: ['BookShelf → /bookshelf', 'BibleInAYear → /bible-list', 'Live Streaming → /live-streaming'],
      },
      {
        group: 'Reflections',
        entries: ['Adult Reflection → /adult-reflection', 'Children Reflection → /children-reflection'],
      },
      {
        group: 'Community',
        entries: [
          'Group Formation → /group-list',
          'Mass Scheduling → /mass-scheduling',
          'Prayer Requests → /prayer-requests',
        ],
      },
      { group: 'Finance', entries: ['Donations → /donations', 'Bank Accounts → /bank-accounts'] },
      { group: 'Others', entries: ['Section A Prayer → /prayers', 'About Us → /about', 'Settings → /settings'] },
    ]);
  });

  it("hides the screens a role may not open: a Manager's menu has no Finance group", async () => {
    signIn(userId, 'from GET /account');
    const calls = stubApi({ ...analytics, ...accountAs('Manager', ['content']) });
    renderRoutes(appRoutes(config), '/dashboard');
    await userEvent.click(await screen.findByRole('button', { name: 'Open menu' }));
    const nav = screen.getByRole('navigation', { name: 'Main menu' });
    await waitFor(() => expect(calls.map((call) => call.url)).toContain('/account'));
    expect(await within(nav).findByRole('link', { name: 'Settings' })).toBeInTheDocument();
    expect(within(nav).queryByRole('link', { name: 'Donations' })).not.toBeInTheDocument();
    expect(within(nav).queryByRole('link', { name: 'Bank Accounts' })).not.toBeInTheDocument();
    expect(within(nav).queryByRole('button', { name: /Finance/ })).not.toBeInTheDocument();
  });

  it('leaves out of the menu the screens whose permission the role lacks, or while the role is not known', () => {
    const labels = (permissions: Parameters<typeof composeMenu>[1]) =>
      composeMenu(map, permissions).flatMap((group) => group.entries.map((entry) => entry.label));
    expect(labels(['content'])).toEqual(expect.arrayContaining(['BookShelf', 'Prayer Requests', 'Settings']));
    expect(labels(['content'])).not.toEqual(expect.arrayContaining(['Donations']));
    expect(labels(['content'])).not.toEqual(expect.arrayContaining(['Bank Accounts']));
    expect(labels('unknown')).not.toEqual(expect.arrayContaining(['Donations']));
    expect(labels(['content', 'finance', 'team'])).toEqual(expect.arrayContaining(['Donations', 'Bank Accounts']));
    // GET /account unreadable: everything, the server refuses in words what the role may not do.
    expect(labels('all')).toEqual(expect.arrayContaining(['Donations', 'Bank Accounts']));
  });

  it.each([
    ['/bookshelf/abc', 'Book Details'],
    ['/group/edit/abc', 'Edit Group'],
    ['/adult-reflection/2026-03-04', 'Adult Reflection Details'],
    ['/edit-donation/abc', 'Edit Donation'],
  ])("titles %s from its remote's route table: %s", async (pathname, title) => {
    signIn(userId);
    renderRoutes(appRoutes(config), pathname);
    expect(await screen.findByRole('heading', { level: 1, name: title })).toBeInTheDocument();
  });

  it('has the six menu groups with their entries, collapsible', async () => {
    signIn(userId);
    stubApi(analytics);
    renderRoutes(appRoutes(config), '/dashboard');
    // jsdom has no wide screen, so the menu starts closed, as on a phone.
    await userEvent.click(await screen.findByRole('button', { name: 'Open menu' }));
    const nav = screen.getByRole('navigation', { name: 'Main menu' });
    for (const group of ['Main', 'Media', 'Reflections', 'Community', 'Finance', 'Others']) {
      expect(within(nav).getByRole('button', { name: group })).toHaveAttribute('aria-expanded', 'true');
    }
    expect(within(nav).getByRole('link', { name: 'Section A Prayer' })).toHaveAttribute('href', '/prayers');
    expect(within(nav).getByRole('link', { name: 'Group Formation' })).toHaveAttribute('href', '/group-list');
    await userEvent.click(within(nav).getByRole('button', { name: 'Media' }));
    expect(within(nav).queryByRole('link', { name: 'BookShelf' })).not.toBeInTheDocument();
    await userEvent.click(within(nav).getByRole('button', { name: 'Media' }));
    expect(within(nav).getByRole('link', { name: 'BookShelf' })).toHaveAttribute('href', '/bookshelf');
  });

  it("opens and closes the side menu from the header icon, and shows the title and today's date", async () => {
    signIn(userId);
    stubApi(analytics);
    renderRoutes(appRoutes(config), '/dashboard');
    expect(await screen.findByRole('heading', { level: 1, name: 'Dashboard' })).toBeInTheDocument();
    const today = new Date();
    const dd = String(today.getDate()).padStart(2, '0');
    const mm = String(today.getMonth() + 1).padStart(2, '0');
    expect(screen.getByText(`${dd}/${mm}/${today.getFullYear()}`)).toBeInTheDocument();
    // jsdom has no wide screen: the menu opens as a drawer, which has its own Close menu button.
    const toggle = await screen.findByRole('button', { name: 'Open menu' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await userEvent.click(
      within(screen.getByRole('dialog', { name: 'Menu' })).getByRole('button', { name: 'Close menu' }),
    );
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
  });

  it.each([
    ['/dashboard', () => screen.findByRole('article', { name: 'Bookshelves' })],
    ['/mass-scheduling', () => screen.findByText('community remote screen')],
    ['/settings/profile', () => screen.findByText('finance remote screen')],
  ])(
    'offers Skip to content as the first Tab stop of %s, which moves the focus to the screen',
    async (address, shown) => {
      signIn(userId);
      stubApi(analytics);
      renderRoutes(appRoutes(config), address);
      const screenContent = await shown();
      await userEvent.tab();
      const skip = screen.getByRole('link', { name: 'Skip to content' });
      expect(skip).toHaveFocus();
      await userEvent.keyboard('{Enter}');
      const content = document.getElementById('main-content')!;
      expect(content).toHaveFocus();
      expect(content).toContainElement(screenContent);
      expect(content).not.toContainElement(screen.getByRole('button', { name: 'Logout' }));
    },
  );

  it('writes the search term into ?q= on list screens', async () => {
    signIn(userId);
    const { router } = renderRoutes(appRoutes(config), '/mass-scheduling');
    await userEvent.type(await screen.findByRole('searchbox', { name: 'Search' }), 'Anna');
    // Once typing pauses.
    await waitFor(() => expect(new URLSearchParams(router.state.location.search).get('q')).toBe('Anna'));
  });

  it('logs out: revokes, says so, clears the session and shows the login', async () => {
    signIn(userId);
    const calls = stubApi({ ...analytics, 'GET /auth/logout': () => [200, { message: 'Logout Successful' }] });
    const { router } = renderRoutes(appRoutes(config), '/dashboard');
    await userEvent.click(await screen.findByRole('button', { name: 'Logout' }));
    expect(await screen.findByText('Logout Successful')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(calls.some((call) => call.url === '/auth/logout')).toBe(true);
    expect(localStorage.getItem('token')).toBeNull();
  });

  it('still ends the local session when the logout call fails', async () => {
    signIn(userId);
    stubApi({ ...analytics, 'GET /auth/logout': () => [500, { message: 'down' }] });
    const { router } = renderRoutes(appRoutes(config), '/dashboard');
    await userEvent.click(await screen.findByRole('button', { name: 'Logout' }));
    expect(await screen.findByText('Logout Unsuccessful')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(localStorage.getItem('token')).toBeNull();
  });

  it('says why a page the role may not open is not shown, opened by its address, and never loads it', async () => {
    signIn(userId, 'from GET /account');
    stubApi({ ...analytics, ...accountAs('Manager', ['content']) });
    renderRoutes(appRoutes(config), '/donations');
    expect(
      await screen.findByText('Your role cannot open this page. An Admin can change it in Settings → Team.'),
    ).toBeInTheDocument();
    expect(screen.queryByText('finance remote screen')).not.toBeInTheDocument();
  });

  it('ends a session the server no longer knows when the role is read, on a screen whose reads are public', async () => {
    signIn(userId, 'from GET /account');
    stubApi({ ...analytics, 'GET /account': () => [401, { message: 'Unauthorized' }] });
    const { router } = renderRoutes(appRoutes(config), '/donations');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(localStorage.getItem('token')).toBeNull();
    expect(await screen.findByText(/Your session has expired/)).toBeInTheDocument();
  });

  it('opens the same page for a role that may', async () => {
    signIn(userId, 'from GET /account');
    stubApi({ ...analytics, ...accountAs('Admin', ['content', 'finance', 'team']) });
    renderRoutes(appRoutes(config), '/donations');
    expect(await screen.findByText('finance remote screen')).toBeInTheDocument();
  });

  it.each([
    '/settings',
    '/settings/profile',
    '/settings/password',
    '/settings/two-factor',
    '/settings/sessions',
    '/settings/team',
    '/settings/mail',
    '/settings/activity',
    '/settings/versions',
  ])('opens %s in the finance remote, titled Settings, the menu’s Settings current', async (address) => {
    signIn(userId);
    stubApi(analytics);
    renderRoutes(appRoutes(config), address);
    expect(await screen.findByText('finance remote screen')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Settings' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Open menu' }));
    const nav = screen.getByRole('navigation', { name: 'Main menu' });
    expect(within(nav).getByRole('link', { name: 'Settings' })).toHaveAttribute('aria-current', 'page');
    expect(
      within(nav)
        .getAllByRole('link')
        .filter((link) => link.hasAttribute('aria-current')),
    ).toHaveLength(1);
  });

  it('says so for a section of Settings that does not exist', async () => {
    signIn(userId);
    renderRoutes(appRoutes(config), '/settings/nowhere');
    expect(await screen.findByText('This page does not exist.')).toBeInTheDocument();
    await act(async () => undefined);
  });

  it("starts a remote's code beside the check of the live map, not after it", async () => {
    signIn(userId);
    stubApi(analytics);
    // The map known from the last read (the browser's copy); the check of the live one waits for its answer.
    let answerCheck: () => void = () => undefined;
    const store = new RemotesMapStore(() => new Promise((resolve) => (answerCheck = () => resolve(map))), {
      read: () => map,
      write: () => undefined,
    });
    const load = jest.mocked(loadRemoteApp);
    load.mockClear();
    renderRoutes(appRoutes(store), '/bookshelf');
    // Well before the navigation gives up on the check (1 s) and goes on with the map it knows.
    await waitFor(() => expect(load).toHaveBeenCalledWith(expect.objectContaining({ name: 'content' }), 3000), {
      timeout: 500,
    });
    expect(screen.queryByText('content remote screen')).not.toBeInTheDocument();
    answerCheck();
    expect(await screen.findByText('content remote screen')).toBeInTheDocument();
  });

  it("starts the first reads its route names with a screen's code, not for a screen the role may not open", async () => {
    signIn(userId, ['content']);
    const calls = stubApi({
      ...analytics,
      'GET /all/books/': () => [200, { message: 'ok', data: [] }],
      'GET /all/donations': () => [200, { message: 'ok', data: [] }],
    });
    const { router } = renderRoutes(appRoutes(config), '/bookshelf');
    expect(await screen.findByText('content remote screen')).toBeInTheDocument();
    expect(calls.map((call) => `${call.method} ${call.url}`)).toContain('GET /all/books/');
    await act(() => router.navigate('/donations'));
    expect(
      await screen.findByText('Your role cannot open this page. An Admin can change it in Settings → Team.'),
    ).toBeInTheDocument();
    expect(calls.map((call) => call.url)).not.toContain('/all/donations');
  });

  it('says so for a path no screen owns', async () => {
    signIn(userId);
    renderRoutes(appRoutes(config), '/nowhere');
    expect(await screen.findByText('This page does not exist.')).toBeInTheDocument();
    await act(async () => undefined);
  });
});
