import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { session } from 'shared';
import { renderRoutes, signIn, stubApi } from 'shared/testing';
import fs from 'node:fs';
import path from 'node:path';
import { RemotesMapStore, type RemotesMap, type RouteEntry } from '../remotes/remotesMap';
import { appRoutes } from '../app/router';

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

beforeEach(() => {
  localStorage.clear();
  session.clear();
  signIn();
  // The screens' first reads, which the shell starts with their code (the remotes here are stand-ins).
  stubApi({
    'GET /all/books/': () => [200, { message: 'ok', data: [] }],
    'GET /all/donations': () => [200, { message: 'ok', data: [] }],
  });
});

/** A screen of this width or wider (jsdom has no matchMedia: without this stub every screen is narrow). */
function screenWidth(width: number) {
  window.matchMedia = ((query: string) => ({
    matches: /min-width: (\d+)px/.test(query) && width >= Number(/min-width: (\d+)px/.exec(query)![1]),
    media: query,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
  })) as unknown as typeof window.matchMedia;
}
afterEach(() => {
  delete (window as Partial<Window>).matchMedia;
});

/** Opens the menu on a narrow screen: its drawer, with the focus inside. */
async function openDrawer() {
  renderRoutes(appRoutes(config), '/bookshelf');
  expect(await screen.findByText('content remote screen')).toBeInTheDocument();
  const menuButton = screen.getByRole('button', { name: 'Open menu' });
  expect(screen.queryByRole('dialog', { name: 'Menu' })).not.toBeInTheDocument();
  await userEvent.click(menuButton);
  const drawer = screen.getByRole('dialog', { name: 'Menu' });
  return { menuButton, drawer };
}

describe('the menu on a narrow screen', () => {
  it('opens as a drawer that takes the focus and keeps it: Tab and Shift+Tab cycle, the page behind is inert', async () => {
    const { menuButton, drawer } = await openDrawer();
    expect(menuButton).toHaveAttribute('aria-expanded', 'true');
    expect(drawer).toHaveAttribute('aria-modal', 'true');
    expect(within(drawer).getByRole('navigation', { name: 'Main menu' })).toBeInTheDocument();
    const close = within(drawer).getByRole('button', { name: 'Close menu' });
    expect(close).toHaveFocus();
    // The header and the screen are out of reach while it is open.
    expect(menuButton.closest('[inert]')).not.toBeNull();
    expect(screen.getByText('content remote screen').closest('[inert]')).not.toBeNull();

    // Shift+Tab from the first control goes to the last link, Tab from there back to the first.
    await userEvent.tab({ shift: true });
    const settings = within(drawer).getByRole('link', { name: 'Settings' });
    expect(settings).toHaveFocus();
    await userEvent.tab();
    expect(close).toHaveFocus();
    await userEvent.tab();
    expect(within(drawer).getByRole('button', { name: 'Main' })).toHaveFocus();
  });

  it('skips the links of a collapsed group when the focus wraps around', async () => {
    const { drawer } = await openDrawer();
    await userEvent.click(within(drawer).getByRole('button', { name: 'Others' }));
    within(drawer).getByRole('button', { name: 'Close menu' }).focus();
    await userEvent.tab({ shift: true });
    expect(within(drawer).getByRole('button', { name: 'Others' })).toHaveFocus();
  });

  it('closes on Escape and gives the focus back to the menu button', async () => {
    const { menuButton } = await openDrawer();
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog', { name: 'Menu' })).not.toBeInTheDocument();
    expect(menuButton).toHaveAttribute('aria-expanded', 'false');
    expect(menuButton).toHaveFocus();
    expect(menuButton.closest('[inert]')).toBeNull();
  });

  it('closes on a click beside it, and from its Close menu button', async () => {
    const { menuButton } = await openDrawer();
    await userEvent.click(screen.getByTestId('menu-backdrop'));
    expect(screen.queryByRole('dialog', { name: 'Menu' })).not.toBeInTheDocument();
    expect(menuButton).toHaveFocus();

    await userEvent.click(menuButton);
    await userEvent.click(
      within(screen.getByRole('dialog', { name: 'Menu' })).getByRole('button', { name: 'Close menu' }),
    );
    expect(screen.queryByRole('dialog', { name: 'Menu' })).not.toBeInTheDocument();
    expect(menuButton).toHaveFocus();
  });

  it('closes when a link is followed', async () => {
    const { drawer } = await openDrawer();
    await userEvent.click(within(drawer).getByRole('link', { name: 'Donations' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Donations' })).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: 'Menu' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Open menu' })).toHaveAttribute('aria-expanded', 'false');
  });
});

describe('the menu on a wide screen', () => {
  it('stays beside the page: no drawer, nothing inert, the header button hides and shows it', async () => {
    screenWidth(1366);
    renderRoutes(appRoutes(config), '/bookshelf');
    expect(await screen.findByText('content remote screen')).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Main menu' })).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Close menu' })).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByText('content remote screen').closest('[inert]')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Close menu' }));
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Open menu' })).toHaveAttribute('aria-expanded', 'false'),
    );
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
