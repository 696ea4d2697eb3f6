import { act, screen, waitFor, within } from '@testing-library/react';
import { userEvent as userEvents } from '@testing-library/user-event';
import { provideRuntimeInfo } from 'shared';
import { renderRoutes, signIn, stubApi } from 'shared/testing';
import App from '../App';

// Keys typed without a timer between them: the fields see the same events, sooner.
const userEvent = userEvents.setup({ delay: null });

/** A moment given in the browser's local time (the screens show local time), as the API sends it. */
const local = (year: number, month: number, day: number, hours: number, minutes: number) =>
  new Date(year, month - 1, day, hours, minutes).toISOString();

const build = (release: string) => ({
  version: release.split('-')[0],
  release,
  commit: '82f1e40d9b1a',
  builtAt: local(2026, 11, 23, 9, 5),
});
const versions = {
  api: { version: '1.0.0' },
  shell: build('1.0.0-5e11aaa'),
  remotes: [
    {
      name: 'content',
      label: 'Content',
      release: '1.1.0-bbbbbbb',
      entry: '/remotes/content/1.1.0-bbbbbbb/mf-manifest.json',
      build: build('1.1.0-bbbbbbb'),
      manifest: null,
    },
    {
      name: 'finance',
      label: 'Finance',
      release: '1.0.0-ccccccc',
      entry: '/remotes/finance/1.0.0-ccccccc/mf-manifest.json',
      build: build('1.0.0-ccccccc'),
      manifest: null,
    },
    {
      name: 'community',
      label: 'Community',
      release: '1.0.0-ddddddd',
      entry: '/remotes/community/1.0.0-ddddddd/mf-manifest.json',
      build: build('1.0.0-ddddddd'),
      manifest: null,
    },
  ],
};

const me = {
  _id: '65a1b2c3d4e5f60718293a4b',
  email: 'admin@example.com',
  name: 'Fr. Anthony Okafor',
  phone: '+234 803 555 0101',
  country: 'Ghana',
  role: 'Admin',
  permissions: ['content', 'finance', 'team'],
  weeklyDigest: true,
};
const thisDevice = {
  id: '65a1b2c3d4e5f60718293a01',
  device: 'Chrome on Windows',
  signedInAt: local(2026, 11, 20, 8, 0),
  lastUsedAt: local(2026, 11, 25, 9, 0),
  current: true,
};
const phone = {
  id: '65a1b2c3d4e5f60718293a02',
  device: 'Safari on iOS',
  signedInAt: local(2026, 11, 21, 18, 30),
  lastUsedAt: local(2026, 11, 24, 7, 15),
  current: false,
};

const twoFactorOff = { enabled: false, recoveryCodesLeft: 0, requiredForAdmins: false };

const grace = {
  _id: '65a1b2c3d4e5f60718293a4c',
  name: 'Sister Grace',
  email: 'grace@parish.org',
  role: 'Manager',
  active: true,
  createdAt: '2026-11-22T10:00:00.000Z',
};
const members = [{ ...me, active: true, createdAt: '2026-11-01T10:00:00.000Z' }, grace];

/** The calls Settings makes on opening, answered; `more` adds or replaces some. */
const settingsApi = (more: Parameters<typeof stubApi>[0] = {}) =>
  stubApi({
    'GET /version': () => [200, { message: 'ok', data: versions }],
    'GET /rollouts': () => [200, { message: 'ok', data: [] }],
    'GET /account': () => [200, { message: 'ok', data: me }],
    'GET /account/sessions': () => [200, { message: 'ok', data: [thisDevice, phone] }],
    'GET /account/two-factor': () => [200, { message: 'ok', data: twoFactorOff }],
    'GET /team': () => [200, { message: 'ok', data: members }],
    'GET /mail': () => [
      200,
      { message: 'ok', data: { configured: false, server: null, from: null, replyTo: null, messages: [] } },
    ],
    'GET /activity': (call) => [200, activityPage(call.params)],
    'GET /trash': () => [200, { message: 'ok', data: [] }],
    'GET /deploy-tokens': () => [200, { message: 'ok', data: [] }],
    'GET /backups': () => [200, { message: 'ok', data: { backups: [], making: null } }],
    ...more,
  });

const entry = (n: number, member: { _id: string; name: string } = me) => ({
  _id: `65a1b2c3d4e5f607182930${String(n).padStart(2, '0')}`,
  at: new Date(new Date(2026, 10, 25, 9, 0).getTime() - n * 60_000).toISOString(),
  memberId: member._id,
  member: member.name,
  kind: n % 5 === 0 ? 'team' : 'book',
  recordId: null,
  summary: n % 5 === 0 ? `Added a member “Member ${n}”` : `Added book “Book ${n}”`,
});
/** 30 entries, newest first, 25 a page; filtered by member and kind as the server would. */
const activityPage = (params: Record<string, unknown>) => {
  const all = Array.from({ length: 30 }, (_, n) => entry(n + 1, n % 3 === 0 ? grace : me)).filter(
    (row) => (!params.member || row.memberId === params.member) && (!params.kind || row.kind === params.kind),
  );
  const page = Number(params.page ?? 1);
  return {
    message: 'ok',
    data: all.slice((page - 1) * 25, page * 25),
    total: all.length,
    page,
    limit: 25,
    kinds: ['book', 'team'],
  };
};

const profile = () => within(screen.getByRole('region', { name: 'Profile' }));
const sections = () => within(screen.getByRole('navigation', { name: 'Settings sections' }));

describe('Settings', () => {
  it('shows my stored profile with the spec’s countries, and the team with its roles', async () => {
    settingsApi();
    renderRoutes([{ path: '*', element: <App /> }], '/settings/profile');
    expect(await profile().findByLabelText('Full name')).toHaveValue('Fr. Anthony Okafor');
    expect(profile().getByLabelText('Email')).toHaveValue('admin@example.com');
    expect(profile().getByLabelText('Phone')).toHaveValue('+234 803 555 0101');
    const country = profile().getByLabelText('Country') as HTMLSelectElement;
    expect(country).toHaveValue('Ghana');
    expect(Array.from(country.options).map((option) => option.text)).toEqual([
      'Choose a country',
      'Nigeria',
      'Ghana',
      'Togo',
      'Cameroon',
    ]);
    expect(screen.getByText('Role:')).toHaveTextContent('Role: Admin');
    await userEvent.click(sections().getByRole('link', { name: 'Team' }));
    const team = await screen.findByRole('table', { name: 'Team' });
    const role = within(team).getByLabelText('Role of Sister Grace');
    expect(role).toHaveValue('Manager');
    expect(Array.from((role as HTMLSelectElement).options).map((option) => option.text)).toEqual([
      'Admin',
      'Manager',
      'Guest User',
    ]);
    expect(screen.queryByText(/sample data/i)).not.toBeInTheDocument();
  });

  it('adds a member and shows the one-time link to hand over; changes a role; deactivates', async () => {
    const link = {
      url: 'https://office.example.org/set-password?token=abc',
      expiresAt: local(2026, 11, 27, 10, 0),
      mailed: false,
    };
    const calls = settingsApi({
      'POST /team': (call) => [
        201,
        { message: 'Member added', data: { ...grace, ...(call.body as object), _id: 'x', active: true }, link },
      ],
      [`PUT /team/${grace._id}`]: (call) => [
        200,
        {
          message: (call.body as { active?: boolean }).active === false ? 'Member deactivated' : 'Role changed',
          data: grace,
        },
      ],
    });
    renderRoutes([{ path: '*', element: <App /> }], '/settings/team');
    const panel = await screen.findByRole('region', { name: 'Team' });
    await userEvent.type(within(panel).getByLabelText('Full name'), 'Father Peter');
    await userEvent.type(within(panel).getByLabelText('Email'), 'peter@parish.org');
    await userEvent.selectOptions(within(panel).getByLabelText('Role'), 'Guest User');
    await userEvent.click(within(panel).getByRole('button', { name: 'Add member' }));
    const box = await within(panel).findByRole('status', { name: 'Password link' });
    expect(box).toHaveTextContent('Give this link to Father Peter');
    expect(box).toHaveTextContent(link.url);
    expect(box).toHaveTextContent('it lets them set their password once, until 27/11/2026 10:00. No email is sent.');

    await userEvent.selectOptions(within(panel).getByLabelText('Role of Sister Grace'), 'Admin');
    expect(await screen.findByText('Role changed')).toBeInTheDocument();
    await userEvent.click(within(panel).getByRole('button', { name: 'Deactivate Sister Grace' }));
    expect(await screen.findByText('Member deactivated')).toBeInTheDocument();
    expect(calls.filter((call) => call.method !== 'GET').map((call) => [call.method, call.url, call.body])).toEqual([
      ['POST', '/team', { name: 'Father Peter', email: 'peter@parish.org', role: 'Guest User' }],
      ['PUT', `/team/${grace._id}`, { role: 'Admin' }],
      ['PUT', `/team/${grace._id}`, { active: false }],
    ]);
  });

  it('says a new link is on its way by email when the server mails it', async () => {
    const link = {
      url: 'https://office.example.org/set-password?token=def',
      expiresAt: local(2026, 11, 27, 10, 0),
      mailed: true,
    };
    settingsApi({ [`POST /team/${grace._id}/link`]: () => [201, { message: 'Link made', link }] });
    renderRoutes([{ path: '*', element: <App /> }], '/settings/team');
    const panel = await screen.findByRole('region', { name: 'Team' });
    await userEvent.click(
      await within(panel).findByRole('button', { name: 'New link to set a password for Sister Grace' }),
    );
    const box = await within(panel).findByRole('status', { name: 'Password link' });
    expect(box).toHaveTextContent('Give this link to Sister Grace');
    expect(box).toHaveTextContent('until 27/11/2026 10:00. It is also on its way to grace@parish.org by email.');
    expect(box).not.toHaveTextContent('No email is sent.');
  });

  it('says why the last Admin cannot be demoted', async () => {
    settingsApi({
      [`PUT /team/${me._id}`]: () => [
        409,
        { message: 'The last active Admin can be neither demoted nor deactivated: make another member an Admin first' },
      ],
    });
    renderRoutes([{ path: '*', element: <App /> }], '/settings/team');
    const panel = await screen.findByRole('region', { name: 'Team' });
    await userEvent.click(await within(panel).findByRole('button', { name: 'Deactivate Fr. Anthony Okafor' }));
    expect(await screen.findByText(/The last active Admin can be neither demoted nor deactivated/)).toBeInTheDocument();
  });

  it('shows every moment as dd/mm/yyyy HH:mm: sessions, activity and deployed versions', async () => {
    settingsApi();
    renderRoutes([{ path: '*', element: <App /> }], '/settings/sessions');
    const sessions = await screen.findByRole('table', { name: 'Sessions' });
    expect(within(sessions).getAllByRole('row')[1]).toHaveTextContent(
      'Chrome on Windows20/11/2026 08:0025/11/2026 09:00',
    );
    expect(
      screen.getByRole('button', { name: 'Sign out Safari on iOS, last used 24/11/2026 07:15' }),
    ).toBeInTheDocument();
    await userEvent.click(await sections().findByRole('link', { name: 'Activity' }));
    const activity = await screen.findByRole('table', { name: 'Activity' });
    expect(within(activity).getAllByRole('row')[1]).toHaveTextContent(/^25\/11\/2026 08:59Sister Grace/);
    await userEvent.click(sections().getByRole('link', { name: 'Deployed versions' }));
    const deployed = await screen.findByRole('table', { name: 'Deployed versions' });
    expect(within(deployed).getAllByText('23/11/2026 09:05').length).toBeGreaterThan(0);
  });

  it('shows the activity record, newest first, filtered by member and by kind, and paged', async () => {
    const calls = settingsApi();
    renderRoutes([{ path: '*', element: <App /> }], '/settings/activity');
    const panel = await screen.findByRole('region', { name: 'Activity' });
    const table = await within(panel).findByRole('table', { name: 'Activity' });
    expect(within(table).getAllByRole('row')[1]).toHaveTextContent('Sister GraceAdded book “Book 1”');
    expect(within(panel).getByText('Page 1 of 2 (30 in all)')).toBeInTheDocument();
    await userEvent.click(within(panel).getByRole('button', { name: 'Older' }));
    expect(await within(panel).findByText('Page 2 of 2 (30 in all)')).toBeInTheDocument();
    await userEvent.selectOptions(within(panel).getByLabelText('Member'), 'Sister Grace');
    expect(await within(panel).findByText('Page 1 of 1 (10 in all)')).toBeInTheDocument();
    // Labelled as a title is, written as the server filters by.
    const kinds = within(within(panel).getByLabelText('Kind of record')).getAllByRole('option');
    expect(kinds.map((option) => option.textContent)).toEqual(['Every kind', 'Book', 'Team']);
    await userEvent.selectOptions(within(panel).getByLabelText('Kind of record'), 'team');
    expect(await within(panel).findByText('Page 1 of 1 (2 in all)')).toBeInTheDocument();
    expect(
      within(within(panel).getByRole('table', { name: 'Activity' }))
        .getAllByRole('row')
        .slice(1)
        .map((row) => row.textContent),
    ).toEqual([
      expect.stringContaining('Added a member “Member 10”'),
      expect.stringContaining('Added a member “Member 25”'),
    ]);
    expect(calls.filter((call) => call.url === '/activity').map((call) => call.params)).toEqual([
      { page: '1', limit: '25' },
      { page: '2', limit: '25' },
      { page: '1', limit: '25', member: grace._id },
      { page: '1', limit: '25', member: grace._id, kind: 'team' },
    ]);
  });

  it('asks the server for the activity sorted by a header, from its first page, the sort in the address', async () => {
    const calls = settingsApi();
    const { router } = renderRoutes([{ path: '*', element: <App /> }], '/settings/activity');
    const panel = await screen.findByRole('region', { name: 'Activity' });
    await within(panel).findByRole('table', { name: 'Activity' });
    await userEvent.click(within(panel).getByRole('button', { name: 'Older' }));
    expect(await within(panel).findByText('Page 2 of 2 (30 in all)')).toBeInTheDocument();
    const what = within(panel).getByRole('columnheader', { name: 'What' });
    await userEvent.click(within(what).getByRole('button', { name: 'What' }));
    expect(router.state.location.search).toBe('?sort=summary');
    expect(await within(panel).findByText('Page 1 of 2 (30 in all)')).toBeInTheDocument();
    expect(within(panel).getByRole('columnheader', { name: 'What' })).toHaveAttribute('aria-sort', 'ascending');
    // The table was away while the sorted page came: the focus is back on the header clicked.
    expect(within(panel).getByRole('button', { name: 'What' })).toHaveFocus();
    // Each sort is a page asked of the server: the table is back when it has come.
    await userEvent.click(within(panel).getByRole('button', { name: 'When' }));
    await userEvent.click(await within(panel).findByRole('button', { name: 'When' }));
    expect(router.state.location.search).toBe('?sort=-at');
    await waitFor(() =>
      expect(calls.filter((call) => call.url === '/activity').map((call) => call.params)).toEqual([
        { page: '1', limit: '25' },
        { page: '2', limit: '25' },
        { page: '1', limit: '25', sort: 'summary' },
        { page: '1', limit: '25', sort: 'at' },
        { page: '1', limit: '25', sort: '-at' },
      ]),
    );
  });

  it('lists the trash, restores an entry, and empties it only after asking', async () => {
    const book = {
      _id: '65a1b2c3d4e5f60718293b01',
      kind: 'book',
      title: 'Confessions',
      records: 1,
      deletedBy: 'Sister Grace',
      deletedAt: local(2026, 11, 24, 16, 30),
    };
    const requests = {
      _id: '65a1b2c3d4e5f60718293b02',
      kind: 'prayer request',
      title: 'All prayer requests',
      records: 3,
      deletedBy: 'Fr. Anthony Okafor',
      deletedAt: local(2026, 11, 25, 8, 15),
    };
    let stored = [requests, book];
    signIn(me._id);
    const calls = settingsApi({
      'GET /trash': () => [200, { message: 'ok', data: stored }],
      [`POST /trash/${book._id}/restore`]: () => {
        stored = stored.filter((entry) => entry !== book);
        return [200, { message: 'Book restored successfully', data: book }];
      },
      'DELETE /trash': () => {
        stored = [];
        return [200, { message: 'Trash emptied', data: { deleted: 1 } }];
      },
    });
    renderRoutes([{ path: '*', element: <App /> }], '/settings/trash');
    const table = await screen.findByRole('table', { name: 'Trash' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows[0]).toHaveTextContent('25/11/2026 08:15All prayer requests3 prayer requestsFr. Anthony Okafor');
    expect(rows[1]).toHaveTextContent('24/11/2026 16:30ConfessionsBookSister Grace');

    await userEvent.click(within(rows[1]!).getByRole('button', { name: 'Restore Confessions' }));
    expect(await screen.findByText('Book restored successfully')).toBeInTheDocument();
    await waitFor(() => expect(within(table).queryByText('Confessions')).not.toBeInTheDocument());

    await userEvent.click(screen.getByRole('button', { name: 'Empty trash' }));
    const dialog = screen.getByRole('dialog');
    expect(dialog).toHaveTextContent('Empty the trash? Everything in it is deleted for good');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(calls.some((call) => call.method === 'DELETE')).toBe(false);
    await userEvent.click(screen.getByRole('button', { name: 'Empty trash' }));
    await userEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Trash emptied')).toBeInTheDocument();
    expect(await screen.findByText('The trash is empty.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Empty trash' })).not.toBeInTheDocument();
  });

  it('refuses Settings → Trash in words to a Guest User, and never loads it', async () => {
    const calls = settingsApi({
      'GET /account': () => [200, { message: 'ok', data: { ...me, role: 'Guest User', permissions: [] } }],
    });
    renderRoutes([{ path: '*', element: <App /> }], '/settings/trash');
    const panel = await screen.findByRole('region', { name: 'Trash' });
    expect(
      await within(panel).findByText('Your role cannot open this section. An Admin can change it in Settings → Team.'),
    ).toBeInTheDocument();
    expect(sections().queryByRole('link', { name: 'Trash' })).not.toBeInTheDocument();
    expect(calls.map((call) => call.url)).not.toContain('/trash');
  });

  it('shows no team to a Manager', async () => {
    const calls = settingsApi({
      'GET /account': () => [200, { message: 'ok', data: { ...me, role: 'Manager', permissions: ['content'] } }],
    });
    renderRoutes([{ path: '*', element: <App /> }], '/settings/profile');
    expect(await screen.findByText('Role:')).toHaveTextContent('Role: Manager');
    expect(screen.queryByRole('region', { name: 'Team' })).not.toBeInTheDocument();
    expect(sections().queryByRole('link', { name: 'Team' })).not.toBeInTheDocument();
    expect(sections().queryByRole('link', { name: 'Activity' })).not.toBeInTheDocument();
    expect(calls.map((call) => call.url)).not.toContain('/team');
    expect(calls.map((call) => call.url)).not.toContain('/activity');
  });

  it('saves the profile; a refusal keeps what was typed', async () => {
    let answer: [number, unknown] = [409, { message: 'That email is already used by another account' }];
    const calls = settingsApi({ 'PUT /account': () => answer });
    renderRoutes([{ path: '*', element: <App /> }], '/settings/profile');
    const name = await profile().findByLabelText('Full name');
    await userEvent.clear(name);
    await userEvent.type(name, 'Fr. Anthony Okafor, MSP');
    await userEvent.clear(profile().getByLabelText('Email'));
    await userEvent.type(profile().getByLabelText('Email'), 'secretary@parish.org');
    await userEvent.selectOptions(profile().getByLabelText('Country'), 'Togo');
    await userEvent.click(screen.getByRole('button', { name: 'Save profile' }));
    expect(await screen.findByText('That email is already used by another account')).toBeInTheDocument();
    expect(profile().getByLabelText('Email')).toHaveValue('secretary@parish.org');

    answer = [200, { message: 'Profile saved', data: { ...me, name: 'Fr. Anthony Okafor, MSP', country: 'Togo' } }];
    await userEvent.clear(profile().getByLabelText('Email'));
    await userEvent.type(profile().getByLabelText('Email'), 'admin@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Save profile' }));
    expect(await screen.findByText('Profile saved')).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'PUT').map((call) => call.body)).toEqual([
      {
        name: 'Fr. Anthony Okafor, MSP',
        email: 'secretary@parish.org',
        phone: '+234 803 555 0101',
        country: 'Togo',
        weeklyDigest: true,
      },
      {
        name: 'Fr. Anthony Okafor, MSP',
        email: 'admin@example.com',
        phone: '+234 803 555 0101',
        country: 'Togo',
        weeklyDigest: true,
      },
    ]);
  });

  it('turns the weekly digest off in the profile, and shows it off as saved', async () => {
    // The server's copy: the save changes what the account reads next.
    let stored = me;
    const calls = settingsApi({
      'GET /account': () => [200, { message: 'ok', data: stored }],
      'PUT /account': (call) => {
        stored = { ...stored, ...(call.body as object) };
        return [200, { message: 'Profile saved', data: stored }];
      },
    });
    renderRoutes([{ path: '*', element: <App /> }], '/settings/profile');
    const digest = await profile().findByRole('checkbox', { name: 'Send me the weekly digest by email' });
    expect(digest).toBeChecked();
    await userEvent.click(digest);
    await userEvent.click(screen.getByRole('button', { name: 'Save profile' }));
    expect(await screen.findByText('Profile saved')).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'PUT').map((call) => call.body)).toEqual([
      expect.objectContaining({ email: 'admin@example.com', weeklyDigest: false }),
    ]);
    expect(profile().getByRole('checkbox', { name: 'Send me the weekly digest by email' })).not.toBeChecked();
  });

  it('changes the password: the current one, then a new one twice, with a strength hint', async () => {
    const calls = settingsApi({ 'PUT /account/password': () => [200, { message: 'Password changed' }] });
    renderRoutes([{ path: '*', element: <App /> }], '/settings/password');
    const panel = await screen.findByRole('region', { name: 'Password' });
    const submit = within(panel).getByRole('button', { name: 'Change password' });
    await userEvent.type(within(panel).getByLabelText('New password'), 'short');
    expect(within(panel).getByText('Too short: at least 12 characters')).toBeInTheDocument();
    await userEvent.click(submit);
    expect(await within(panel).findByText('The current password is required')).toBeInTheDocument();
    expect(within(panel).getByText('The new password must be at least 12 characters long')).toBeInTheDocument();

    await userEvent.type(within(panel).getByLabelText('Current password'), 'the old password');
    await userEvent.type(within(panel).getByLabelText('New password'), ' and a few more words');
    expect(within(panel).getByText('Strength: strong')).toBeInTheDocument();
    await userEvent.type(within(panel).getByLabelText('Confirm new password'), 'something else entirely');
    await userEvent.click(submit);
    expect(await within(panel).findByText('The two passwords are not the same')).toBeInTheDocument();

    await userEvent.clear(within(panel).getByLabelText('Confirm new password'));
    await userEvent.type(within(panel).getByLabelText('Confirm new password'), 'short and a few more words');
    await userEvent.click(submit);
    expect(await screen.findByText('Password changed')).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'PUT')?.body).toEqual({
      currentPassword: 'the old password',
      newPassword: 'short and a few more words',
    });
    expect(within(panel).getByLabelText('Current password')).toHaveValue('');
  });

  it('shows a wrong current password by its field until it is corrected, and no red toast', async () => {
    const wrong = 'The current password is not correct';
    const calls = settingsApi({
      'PUT /account/password': (call) =>
        (call.body as { currentPassword: string }).currentPassword === 'the right one'
          ? [200, { message: 'Password changed' }]
          : [400, { message: wrong }],
    });
    renderRoutes([{ path: '*', element: <App /> }], '/settings/password');
    const panel = await screen.findByRole('region', { name: 'Password' });
    const current = within(panel).getByLabelText('Current password');
    await userEvent.type(current, 'a wrong one');
    await userEvent.type(within(panel).getByLabelText('New password'), 'a brand new parish password');
    await userEvent.type(within(panel).getByLabelText('Confirm new password'), 'a brand new parish password');
    await userEvent.click(within(panel).getByRole('button', { name: 'Change password' }));

    await waitFor(() => expect(current).toHaveAccessibleDescription(wrong));
    expect(current).toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    // Long after a toast would have gone, and through a blur, it stands by its field; the same password
    // is not sent again.
    await act(() => new Promise((resolve) => setTimeout(resolve, 2500)));
    await userEvent.click(within(panel).getByLabelText('New password'));
    await userEvent.click(within(panel).getByRole('button', { name: 'Change password' }));
    expect(current).toHaveAccessibleDescription(wrong);
    expect(calls.filter((call) => call.method === 'PUT')).toHaveLength(1);

    await userEvent.clear(current);
    await userEvent.type(current, 'the right one');
    expect(current).not.toHaveAccessibleDescription(wrong);
    await userEvent.click(within(panel).getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText('Password changed')).toBeInTheDocument();
    expect(within(panel).queryByText(wrong)).not.toBeInTheDocument();
  }, 30_000);

  it('lists my sessions, this device marked, and signs out one or all the others', async () => {
    const calls = settingsApi({
      [`DELETE /account/sessions/${phone.id}`]: () => [200, { message: 'Session signed out' }],
      'DELETE /account/sessions': () => [200, { message: 'Other sessions signed out', data: { signedOut: 1 } }],
    });
    renderRoutes([{ path: '*', element: <App /> }], '/settings/sessions');
    const table = await screen.findByRole('table', { name: 'Sessions' });
    expect(within(table).getByRole('row', { name: /Chrome on Windows/ })).toHaveTextContent('This device');
    await userEvent.click(within(table).getByRole('button', { name: /^Sign out Safari on iOS/ }));
    expect(await screen.findByText('Session signed out')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Sign out all other sessions' }));
    expect(await screen.findByText('Other sessions signed out')).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'DELETE').map((call) => call.url)).toEqual([
      `/account/sessions/${phone.id}`,
      '/account/sessions',
    ]);
  });

  it('offers no Sign out all other sessions when this is the only one', async () => {
    settingsApi({ 'GET /account/sessions': () => [200, { message: 'ok', data: [thisDevice] }] });
    renderRoutes([{ path: '*', element: <App /> }], '/settings/sessions');
    await screen.findByRole('table', { name: 'Sessions' });
    expect(screen.getByRole('button', { name: 'Sign out all other sessions' })).toBeDisabled();
  });

  it('shows what is deployed and what this browser runs: releases, shared libraries, the API', async () => {
    provideRuntimeInfo(() => ({
      remotes: { finance: '1.0.0-ccccccc', content: '1.0.0-aaaaaaa' },
      shared: [{ name: 'react', version: '19.3.1', from: 'shell' }],
    }));
    settingsApi();
    renderRoutes([{ path: '*', element: <App /> }], '/settings/versions');
    const table = await screen.findByRole('table', { name: 'Deployed versions' });
    const row = (app: string) => within(table).getByRole('row', { name: new RegExp(`^${app} `) });
    expect(row('Shell')).toHaveTextContent('1.0.0-5e11aaa');
    expect(row('Shell')).toHaveTextContent('82f1e40d9b1a');
    expect(row('Finance')).toHaveTextContent(/1\.0\.0-ccccccc.*Same$/);
    // This browser still runs an older content release than the live one.
    expect(row('Content')).toHaveTextContent('1.0.0-aaaaaaa (reload for 1.1.0-bbbbbbb)');
    expect(row('Community')).toHaveTextContent('Not loaded yet');
    expect(row('API')).toHaveTextContent('1.0.0');
    await userEvent.click(screen.getByText('Technical details'));
    const libraries = screen.getByRole('table', { name: 'Shared libraries in this browser' });
    expect(libraries).toBeVisible();
    expect(within(libraries).getByRole('row', { name: 'react 19.3.1 shell' })).toBeInTheDocument();
  });

  it('shows an Admin each rollout with both shares and its failures, and a notice of one taken back by itself', async () => {
    const remote = (name: string, label: string, release: string) => ({
      name,
      label,
      release,
      rollout: null,
      rolledBack: null,
    });
    settingsApi({
      'GET /rollouts': () => [
        200,
        {
          message: 'ok',
          data: [
            {
              ...remote('finance', 'Finance', '1.0.0-ccccccc'),
              rollout: { release: '1.1.0-eeeeeee', share: 10, since: local(2026, 11, 26, 8, 0), seen: 30, failed: 1 },
            },
            {
              ...remote('content', 'Content', '1.1.0-bbbbbbb'),
              rolledBack: { release: '1.2.0-fffffff', at: local(2026, 11, 26, 9, 30), seen: 5, failed: 4 },
            },
            remote('community', 'Community', '1.0.0-ddddddd'),
          ],
        },
      ],
    });
    // This browser runs the finance release in rollout.
    provideRuntimeInfo(() => ({ remotes: { finance: '1.1.0-eeeeeee' }, shared: [] }));
    renderRoutes([{ path: '*', element: <App /> }], '/settings/versions');
    const table = await screen.findByRole('table', { name: 'Rollouts' });
    expect(
      within(screen.getByRole('table', { name: 'Deployed versions' })).getByRole('row', { name: /^Finance / }),
    ).toHaveTextContent('1.1.0-eeeeeee (this browser is in the rollout)');
    expect(
      within(table)
        .getAllByRole('row')
        .slice(1)
        .map((row) => row.textContent),
    ).toEqual(['Finance1.0.0-ccccccc1.1.0-eeeeeee90 % / 10 %1 of 30 (3 %)26/11/2026 08:00']);
    expect(screen.getByRole('alert')).toHaveTextContent(
      "Content 1.2.0-fffffff was rolled back automatically on 26/11/2026 09:30: 4 of 5 members' browsers failed. Every browser gets 1.1.0-bbbbbbb.",
    );
  });

  it('asks for no rollouts for a Manager', async () => {
    const rollouts = jest.fn(() => [200, { message: 'ok', data: [] }] as [number, unknown]);
    settingsApi({
      'GET /account': () => [200, { message: 'ok', data: { ...me, role: 'Manager', permissions: ['content'] } }],
      'GET /rollouts': rollouts,
    });
    renderRoutes([{ path: '*', element: <App /> }], '/settings/versions');
    await screen.findByRole('table', { name: 'Deployed versions' });
    expect(screen.queryByRole('table', { name: 'Rollouts' })).not.toBeInTheDocument();
    expect(rollouts).not.toHaveBeenCalled();
  });

  it('says so when the versions cannot be read, and the rest of Settings stays', async () => {
    settingsApi({
      'GET /version': () => [500, { message: 'Something went wrong on the server. Please try again later.' }],
    });
    renderRoutes([{ path: '*', element: <App /> }], '/settings/versions');
    expect(await screen.findByText('The deployed versions could not be loaded.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
    await userEvent.click(sections().getByRole('link', { name: 'Profile' }));
    expect(await screen.findByLabelText('Country')).toBeInTheDocument();
  });

  describe('two-factor sign-in', () => {
    const panel = () => within(screen.getByRole('region', { name: 'Two-factor sign-in' }));
    const recoveryCodes = Array.from({ length: 10 }, (_, n) => `abcd${n}-efgh${n}`);

    it('turns on: QR code and key, a code to confirm, then the ten recovery codes shown once', async () => {
      let enabled = false;
      const calls = settingsApi({
        'GET /account/two-factor': () => [
          200,
          { message: 'ok', data: { ...twoFactorOff, enabled, recoveryCodesLeft: enabled ? 10 : 0 } },
        ],
        'POST /account/two-factor/setup': () => [
          200,
          {
            message: 'Scan the QR code with your authenticator app',
            data: {
              secret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
              uri: 'otpauth://totp/x',
              qrCode: 'data:image/svg+xml;base64,PHN2Zy8+',
            },
          },
        ],
        'POST /account/two-factor/enable': (call) => {
          if ((call.body as { code: string }).code !== '123456')
            return [
              400,
              { message: 'The code is not correct. Check that the time on your phone is right and try again.' },
            ];
          enabled = true;
          return [200, { message: 'Two-factor sign-in is on', data: { recoveryCodes } }];
        },
      });
      renderRoutes([{ path: '*', element: <App /> }], '/settings/two-factor');
      await userEvent.click(await panel().findByRole('button', { name: 'Turn on two-factor sign-in' }));
      expect(await panel().findByRole('img', { name: 'QR code to scan with your authenticator app' })).toHaveAttribute(
        'src',
        'data:image/svg+xml;base64,PHN2Zy8+',
      );
      expect(panel().getByLabelText('Key to type into your authenticator app')).toHaveTextContent(
        'JBSW Y3DP EHPK 3PXP JBSW Y3DP EHPK 3PXP',
      );
      await userEvent.type(panel().getByLabelText('Authentication code'), '654321');
      await userEvent.click(panel().getByRole('button', { name: 'Turn on' }));
      // The refusal stands by the field (emptied for the next code), not in a toast that goes.
      const field = panel().getByLabelText('Authentication code');
      await waitFor(() => expect(field).toHaveAccessibleDescription(expect.stringMatching(/The code is not correct/)));
      expect(field).toHaveValue('');
      expect(screen.queryByRole('alert')).not.toBeInTheDocument();
      await userEvent.type(panel().getByLabelText('Authentication code'), '123 456');
      expect(field).not.toHaveAccessibleDescription(expect.stringMatching(/The code is not correct/));
      await userEvent.click(panel().getByRole('button', { name: 'Turn on' }));
      const box = await panel().findByRole('status', { name: 'Recovery codes' });
      expect(
        within(box)
          .getAllByRole('listitem')
          .map((item) => item.textContent),
      ).toEqual(recoveryCodes);
      await userEvent.click(within(box).getByRole('button', { name: 'I have saved them' }));
      expect(panel().queryByRole('status', { name: 'Recovery codes' })).not.toBeInTheDocument();
      expect(await panel().findByText(/10 of 10 recovery codes left/)).toBeInTheDocument();
      expect(calls.filter((call) => call.method !== 'GET').map((call) => [call.url, call.body])).toEqual([
        ['/account/two-factor/setup', undefined],
        ['/account/two-factor/enable', { code: '654321' }],
        ['/account/two-factor/enable', { code: '123456' }],
      ]);
    });

    it('turns off with the password or a code', async () => {
      const calls = settingsApi({
        'GET /account/two-factor': () => [
          200,
          { message: 'ok', data: { ...twoFactorOff, enabled: true, recoveryCodesLeft: 7 } },
        ],
        'POST /account/two-factor/disable': () => [200, { message: 'Two-factor sign-in is off' }],
      });
      renderRoutes([{ path: '*', element: <App /> }], '/settings/two-factor');
      expect(await panel().findByText(/7 of 10 recovery codes left/)).toBeInTheDocument();
      await userEvent.type(panel().getByLabelText('Password or authentication code'), 'my password');
      await userEvent.click(panel().getByRole('button', { name: 'Turn off two-factor sign-in' }));
      expect(await screen.findByText('Two-factor sign-in is off')).toBeInTheDocument();
      expect(calls.find((call) => call.method === 'POST')?.body).toEqual({ proof: 'my password' });
    });

    it('asks an Admin to turn it on when the team requires it, and lets an Admin stop requiring it', async () => {
      const calls = settingsApi({
        'GET /account/two-factor': () => [200, { message: 'ok', data: { ...twoFactorOff, requiredForAdmins: true } }],
        'PUT /team/two-factor': () => [200, { message: 'Two-factor sign-in is no longer required', data: {} }],
      });
      renderRoutes([{ path: '*', element: <App /> }], '/settings/two-factor');
      expect(
        await panel().findByText('Your team requires two-factor sign-in for every Admin: turn it on now.'),
      ).toBeInTheDocument();
      await userEvent.click(panel().getByRole('button', { name: 'Stop requiring it for Admins' }));
      expect(await screen.findByText('Two-factor sign-in is no longer required')).toBeInTheDocument();
      expect(calls.find((call) => call.method === 'PUT')?.body).toEqual({ required: false });
    });
  });
});

describe('Settings sections', () => {
  const SECTIONS = [
    ['/settings/profile', 'Profile'],
    ['/settings/password', 'Password'],
    ['/settings/two-factor', 'Two-factor sign-in'],
    ['/settings/sessions', 'Sessions'],
    ['/settings/parish', 'Parish'],
    ['/settings/team', 'Team'],
    ['/settings/mail', 'Mail'],
    ['/settings/activity', 'Activity'],
    ['/settings/trash', 'Trash'],
    ['/settings/backups', 'Backups'],
    ['/settings/versions', 'Deployed versions'],
  ] as const;

  it('opens the first section at /settings, in place of /settings in the history', async () => {
    settingsApi();
    const { router } = renderRoutes([{ path: '*', element: <App /> }], '/settings');
    expect(await screen.findByRole('region', { name: 'Profile' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/settings/profile');
    expect(router.state.historyAction).toBe('REPLACE');
  });

  it.each(SECTIONS)('%s shows its section and only it, its link marked as the current page', async (address, name) => {
    settingsApi();
    renderRoutes([{ path: '*', element: <App /> }], address);
    expect(await screen.findByRole('region', { name })).toBeInTheDocument();
    for (const [, other] of SECTIONS) {
      if (other !== name) expect(screen.queryByRole('region', { name: other })).not.toBeInTheDocument();
    }
    await sections().findByRole('link', { name: 'Team' });
    expect(
      sections()
        .getAllByRole('link')
        .map((link) => [link.textContent, link.getAttribute('href'), link.getAttribute('aria-current')]),
    ).toEqual(SECTIONS.map(([to, label]) => [label, to, label === name ? 'page' : null]));
  });

  it('goes from section to section by the links, each at its own address, and back', async () => {
    settingsApi();
    const { router } = renderRoutes([{ path: '*', element: <App /> }], '/settings/profile');
    await userEvent.click(await sections().findByRole('link', { name: 'Sessions' }));
    expect(await screen.findByRole('table', { name: 'Sessions' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/settings/sessions');
    expect(sections().getByRole('link', { name: 'Sessions' })).toHaveAttribute('aria-current', 'page');
    expect(sections().getByRole('link', { name: 'Profile' })).not.toHaveAttribute('aria-current');
    await act(() => router.navigate(-1));
    expect(await screen.findByRole('region', { name: 'Profile' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/settings/profile');
  });

  it.each([
    ['/settings/team', 'Team'],
    ['/settings/activity', 'Activity'],
  ])('refuses %s in words to a member who does not manage the team, and never loads it', async (address, name) => {
    const calls = settingsApi({
      'GET /account': () => [200, { message: 'ok', data: { ...me, role: 'Manager', permissions: ['content'] } }],
    });
    renderRoutes([{ path: '*', element: <App /> }], address);
    const panel = await screen.findByRole('region', { name });
    expect(
      await within(panel).findByText('Your role cannot open this section. An Admin can change it in Settings → Team.'),
    ).toBeInTheDocument();
    expect(
      sections()
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Profile', 'Password', 'Two-factor sign-in', 'Sessions', 'Parish', 'Trash', 'Deployed versions']);
    expect(within(panel).queryByRole('table')).not.toBeInTheDocument();
    expect(calls.map((call) => call.url)).not.toContain('/team');
    expect(calls.map((call) => call.url)).not.toContain('/activity');
  });

  it('keeps the shared libraries behind Technical details, closed until opened', async () => {
    provideRuntimeInfo(() => ({ remotes: {}, shared: [{ name: 'react', version: '19.3.1', from: 'shell' }] }));
    settingsApi();
    renderRoutes([{ path: '*', element: <App /> }], '/settings/versions');
    await screen.findByRole('table', { name: 'Deployed versions' });
    const libraries = screen.getByRole('table', { name: 'Shared libraries in this browser' });
    const disclosure = screen.getByText('Technical details').closest('details')!;
    expect(disclosure).not.toHaveAttribute('open');
    expect(libraries).not.toBeVisible();
    await userEvent.click(screen.getByText('Technical details'));
    expect(disclosure).toHaveAttribute('open');
    expect(libraries).toBeVisible();
    expect(within(libraries).getByRole('row', { name: 'react 19.3.1 shell' })).toBeVisible();
  });
});
