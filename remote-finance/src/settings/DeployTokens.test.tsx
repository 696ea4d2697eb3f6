import { screen, waitFor, within } from '@testing-library/react';
import { userEvent as userEvents } from '@testing-library/user-event';
import { renderRoutes, stubApi } from 'shared/testing';
import App from '../App';

// Settings → Deployed versions → Deploy tokens: an Admin's; a new token's secret shown once, a revoke
// asked first.

const userEvent = userEvents.setup({ delay: null });

const build = (release: string) => ({
  version: release.split('-')[0],
  release,
  commit: '82f1e40d9b1a',
  builtAt: '2026-11-23T09:05:00.000Z',
});
const remote = (name: string, label: string, release: string) => ({
  name,
  label,
  release,
  entry: `/remotes/${name}/${release}/mf-manifest.json`,
  build: build(release),
  manifest: null,
});
const versions = {
  api: { version: '1.0.0' },
  shell: build('1.0.0-5e11aaa'),
  remotes: [remote('content', 'Content', '1.1.0-bbbbbbb'), remote('finance', 'Finance', '1.0.0-ccccccc')],
};
const me = {
  _id: '65a1b2c3d4e5f60718293a4b',
  email: 'admin@example.com',
  name: 'Fr. Anthony Okafor',
  phone: '',
  country: 'Ghana',
  role: 'Admin',
  permissions: ['content', 'finance', 'team'],
};
const SECRET = 'bo_deploy_Zm9yIHRoZSBmaW5hbmNlIHRlYW0gb25seSwgc2hvd24gb25jZQ';
const contentCi = {
  _id: '65a1b2c3d4e5f60718293b01',
  name: 'Content CI',
  remote: 'content',
  scope: 'publish',
  expiresAt: '2027-02-01T22:59:59.000Z',
  createdAt: '2026-11-20T10:00:00.000Z',
  createdBy: 'Fr. Anthony Okafor',
  lastUsedAt: null,
  revokedAt: null,
  state: 'active',
};

const tokensApi = (account = me) => {
  let tokens: Record<string, unknown>[] = [contentCi];
  return stubApi({
    'GET /version': () => [200, { message: 'ok', data: versions }],
    'GET /account': () => [200, { message: 'ok', data: account }],
    'GET /deploy-tokens': () => [200, { message: 'ok', data: tokens }],
    'POST /deploy-tokens': (call) => {
      const body = call.body as Record<string, string>;
      const token = { ...contentCi, _id: '65a1b2c3d4e5f60718293b02', ...body, state: 'active' };
      tokens = [token, ...tokens];
      return [201, { message: 'Deploy token created: copy its secret now', data: { token, secret: SECRET } }];
    },
    'POST /deploy-tokens/65a1b2c3d4e5f60718293b01/revoke': () => {
      tokens = tokens.map((token) => ({ ...token, state: 'revoked', revokedAt: '2026-11-27T10:00:00.000Z' }));
      return [200, { message: 'Deploy token revoked', data: tokens[0] }];
    },
  });
};

const tokensTable = () => screen.findByRole('table', { name: 'Deploy tokens' });

describe('Deploy tokens', () => {
  it('lists the tokens, and creates one whose secret is shown once, with a Copy button', async () => {
    const calls = tokensApi();
    renderRoutes([{ path: '*', element: <App /> }], '/settings/versions');
    const table = await tokensTable();
    expect(within(table).getAllByRole('row')[1]).toHaveTextContent(/^Content CIContentPublish only.*NeverActive/);

    await userEvent.click(screen.getByRole('button', { name: 'New token' }));
    const dialog = screen.getByRole('dialog', { name: 'New deploy token' });
    await userEvent.type(within(dialog).getByLabelText('Name'), 'Finance CI');
    await userEvent.selectOptions(within(dialog).getByLabelText('Remote'), 'Finance');
    await userEvent.selectOptions(within(dialog).getByLabelText('Scope'), 'Publish and go live');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create token' }));

    const shown = await screen.findByRole('dialog', { name: 'Copy the new token' });
    expect(within(shown).getByText(SECRET)).toBeInTheDocument();
    expect(within(shown).getByText(/it will not be shown again/)).toBeInTheDocument();
    const sent = calls.find((call) => call.method === 'POST' && call.url === '/deploy-tokens')!.body as Record<
      string,
      string
    >;
    expect(sent).toMatchObject({ name: 'Finance CI', remote: 'finance', scope: 'deploy' });
    // 90 days ahead by default, through the end of that day.
    const days = (new Date(sent.expiresAt!).getTime() - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(89);
    expect(days).toBeLessThan(91);

    await userEvent.click(within(shown).getByRole('button', { name: 'Copy' }));
    expect(await navigator.clipboard.readText()).toBe(SECRET);
    await userEvent.click(within(shown).getByRole('button', { name: 'Done' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.queryByText(SECRET)).not.toBeInTheDocument();
    expect(within(await tokensTable()).getAllByRole('row')[1]).toHaveTextContent(
      /^Finance CIFinancePublish and go live/,
    );
  });

  it('starts a new token on the least power, publish only, and on the remote whose releases are in view', async () => {
    tokensApi();
    renderRoutes([{ path: '*', element: <App /> }], '/settings/versions');
    await tokensTable();
    await userEvent.click(screen.getByRole('button', { name: 'New token' }));
    let dialog = screen.getByRole('dialog', { name: 'New deploy token' });
    expect(within(dialog).getByLabelText('Scope')).toHaveDisplayValue('Publish only');
    expect(within(dialog).getByLabelText('Remote')).toHaveDisplayValue('Content');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));

    const releases = screen.getByRole('region', { name: 'Releases' });
    await userEvent.selectOptions(within(releases).getByLabelText('Remote'), 'Finance');
    await userEvent.click(screen.getByRole('button', { name: 'New token' }));
    dialog = screen.getByRole('dialog', { name: 'New deploy token' });
    expect(within(dialog).getByLabelText('Remote')).toHaveDisplayValue('Finance');
    expect(within(dialog).getByLabelText('Scope')).toHaveDisplayValue('Publish only');
  });

  it('revokes a token only once confirmed', async () => {
    const calls = tokensApi();
    renderRoutes([{ path: '*', element: <App /> }], '/settings/versions');
    await tokensTable();
    const revokes = () => calls.filter((call) => call.url.endsWith('/revoke'));

    await userEvent.click(screen.getByRole('button', { name: 'Revoke Content CI' }));
    const question = screen.getByRole('dialog', { name: 'Please confirm' });
    expect(question).toHaveTextContent('Are you sure you want to revoke the deploy token “Content CI”?');
    await userEvent.click(within(question).getByRole('button', { name: 'Cancel' }));
    expect(revokes()).toEqual([]);

    await userEvent.click(screen.getByRole('button', { name: 'Revoke Content CI' }));
    await userEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Revoke' }));
    await waitFor(() => expect(revokes()).toHaveLength(1));
    expect(await screen.findByText('Revoked')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Revoke Content CI' })).not.toBeInTheDocument();
  });

  it.each(['Manager', 'Guest User'])('is not shown to a %s, nor asked for', async (role) => {
    const calls = tokensApi({ ...me, role, permissions: role === 'Manager' ? ['content'] : [] });
    renderRoutes([{ path: '*', element: <App /> }], '/settings/versions');
    await screen.findByRole('table', { name: 'Deployed versions' });
    expect(screen.queryByRole('table', { name: 'Deploy tokens' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'New token' })).not.toBeInTheDocument();
    expect(calls.map((call) => call.url)).not.toContain('/deploy-tokens');
  });
});
