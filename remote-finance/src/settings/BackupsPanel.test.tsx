import { act, screen, waitFor, within } from '@testing-library/react';
import { userEvent as userEvents } from '@testing-library/user-event';
import { session } from 'shared';
import { renderRoutes, signIn, stubApi } from 'shared/testing';
import App from '../App';

// Settings → Backups: an Admin's list, "Back up now" with its progress, a delete asked first, and a
// restore after the password again (and a code where two-factor sign-in is on).

const userEvent = userEvents.setup({ delay: null });

const me = {
  _id: '65a1b2c3d4e5f60718293a4b',
  email: 'admin@example.com',
  name: 'Fr. Anthony Okafor',
  phone: '',
  country: 'Ghana',
  role: 'Admin',
  permissions: ['content', 'finance', 'team'],
};
const NAME = 'backup-2026-12-06T023000Z-v1.0.0.tar.gz';
const nightly = {
  name: NAME,
  createdAt: '2026-12-06T02:30:00.000Z',
  bytes: 14 * 1024 * 1024,
  productVersion: '1.0.0',
  madeBy: 'the daily backup',
};
const made = {
  name: 'backup-2026-12-07T091500Z-v1.0.0.tar.gz',
  createdAt: '2026-12-07T09:15:00.000Z',
  bytes: 15 * 1024 * 1024,
  productVersion: '1.0.0',
  madeBy: 'Fr. Anthony Okafor',
};
const RESTORED = 'Restored the backup of 2026-12-06T02:30:00.000Z. Everyone is signed out: sign in again.';

interface Options {
  failure?: { at: string; message: string } | null;
  account?: typeof me;
  twoFactor?: boolean;
}

const backupsApi = ({ account = me, twoFactor = false, failure = null }: Options = {}) => {
  let list: Record<string, unknown>[] = [nightly];
  let making: { startedAt: string; madeBy: string; percent: number } | null = null;
  let schedule = { at: '02:30' as string | null, keep: 7, timeZone: 'Africa/Lagos', failure };
  return stubApi({
    'GET /account': () => [200, { message: 'ok', data: account }],
    'GET /backups/schedule': () => [200, { message: 'ok', data: schedule }],
    'PUT /backups/schedule': (call) => {
      schedule = { ...schedule, ...(call.body as { at: string | null; keep: number }) };
      return [
        200,
        { message: schedule.at ? `The daily backup is at ${schedule.at}` : 'The daily backup is off', data: schedule },
      ];
    },
    'GET /account/two-factor': () => [
      200,
      { message: 'ok', data: { enabled: twoFactor, recoveryCodesLeft: 10, requiredForAdmins: false } },
    ],
    'GET /backups': () => {
      const answer = { message: 'ok', data: { backups: list, making } };
      // The second look after the start finds it half made, the third written.
      if (making && making.percent >= 40) {
        making = null;
        list = [made, ...list];
      } else if (making) making = { ...making, percent: 40 };
      return [200, answer];
    },
    'POST /backups': () => {
      making = { startedAt: '2026-12-07T09:15:00.000Z', madeBy: me.name, percent: 5 };
      return [202, { message: 'The backup is being made', data: making }];
    },
    [`DELETE /backups/${NAME}`]: () => {
      list = list.filter((backup) => backup.name !== NAME);
      return [200, { message: 'Backup deleted' }];
    },
    [`POST /backups/${NAME}/restore`]: (call) => {
      const { password, code } = call.body as { password: string; code?: string };
      if (password !== 'the right one') return [400, { message: 'The password is not right: nothing was restored.' }];
      if (twoFactor && code !== '123456') {
        return [400, { message: 'The code is not right (or was used already): nothing was restored.' }];
      }
      return [200, { message: RESTORED, data: { name: NAME, createdAt: nightly.createdAt, productVersion: '1.0.0' } }];
    },
    'POST /backups/restore': () => [
      200,
      { message: RESTORED, data: { name: NAME, createdAt: nightly.createdAt, productVersion: '1.0.0' } },
    ],
  });
};

const backupsTable = () => screen.findByRole('table', { name: 'Backups' });

describe('Settings → Backups', () => {
  beforeEach(() => {
    // A restore signs everyone out: the session is there before it.
    signIn(me._id, 'from GET /account');
  });

  it('lists the backups with when, how big, which version and who made each', async () => {
    backupsApi();
    renderRoutes([{ path: '*', element: <App /> }], '/settings/backups');
    const rows = within(await backupsTable()).getAllByRole('row');
    expect(rows[1]).toHaveTextContent('14 MB');
    expect(rows[1]).toHaveTextContent('1.0.0');
    expect(rows[1]).toHaveTextContent('the daily backup');
    expect(within(rows[1]!).getByRole('button', { name: 'Download' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Backups' })).toHaveAttribute('aria-current', 'page');
  });

  it('backs up now with a progress bar until the backup is written', async () => {
    jest.useFakeTimers({ advanceTimers: true });
    try {
      const calls = backupsApi();
      renderRoutes([{ path: '*', element: <App /> }], '/settings/backups');
      await backupsTable();
      await userEvent.click(screen.getByRole('button', { name: 'Back up now' }));
      await waitFor(() => expect(calls.some((call) => call.method === 'POST' && call.url === '/backups')).toBe(true));
      const bar = await screen.findByRole('progressbar', { name: 'Backup progress' });
      expect(screen.getByRole('button', { name: 'Back up now' })).toBeDisabled();
      await act(async () => {
        await jest.advanceTimersByTimeAsync(1000);
      });
      await waitFor(() => expect(bar).toHaveAttribute('aria-valuenow', '40'));
      await act(async () => {
        await jest.advanceTimersByTimeAsync(1000);
      });
      await waitFor(() =>
        expect(screen.queryByRole('progressbar', { name: 'Backup progress' })).not.toBeInTheDocument(),
      );
      expect(within(await backupsTable()).getAllByRole('row')).toHaveLength(3);
      expect(screen.getByText('Fr. Anthony Okafor')).toBeInTheDocument();
    } finally {
      jest.useRealTimers();
    }
  });

  it('deletes a backup only once confirmed', async () => {
    const calls = backupsApi();
    renderRoutes([{ path: '*', element: <App /> }], '/settings/backups');
    await backupsTable();
    const deletes = () => calls.filter((call) => call.method === 'DELETE');
    const button = () => screen.getByRole('button', { name: /^Delete the backup of / });

    await userEvent.click(button());
    const question = screen.getByRole('dialog', { name: 'Please confirm' });
    expect(question).toHaveTextContent(/Are you sure you want to delete the backup of .*\? It cannot be restored/);
    await userEvent.click(within(question).getByRole('button', { name: 'Cancel' }));
    expect(deletes()).toEqual([]);

    await userEvent.click(button());
    await userEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(deletes()).toHaveLength(1));
    expect(await screen.findByText('No backups yet.')).toBeInTheDocument();
  });

  it('restores after the password again: a wrong one is said by its field, the right one signs out', async () => {
    const calls = backupsApi();
    renderRoutes([{ path: '*', element: <App /> }], '/settings/backups');
    await backupsTable();
    expect(session.get()).not.toBeNull();
    await userEvent.click(screen.getByRole('button', { name: /^Restore the backup of / }));
    const dialog = screen.getByRole('dialog', { name: 'Restore a backup' });
    expect(dialog).toHaveTextContent(/What was typed since is lost, and everyone is signed out/);
    expect(within(dialog).queryByLabelText('Authentication code')).not.toBeInTheDocument();

    await userEvent.click(within(dialog).getByRole('button', { name: 'Restore' }));
    expect(await within(dialog).findByText('Enter your password')).toBeInTheDocument();
    expect(calls.filter((call) => call.url.endsWith('/restore'))).toEqual([]);

    await userEvent.type(within(dialog).getByLabelText('Your password'), 'a wrong one');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Restore' }));
    expect(await within(dialog).findByText('The password is not right: nothing was restored.')).toBeInTheDocument();

    await userEvent.clear(within(dialog).getByLabelText('Your password'));
    await userEvent.type(within(dialog).getByLabelText('Your password'), 'the right one');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Restore' }));
    await waitFor(() => expect(session.get()).toBeNull());
    expect(calls.filter((call) => call.url === `/backups/${NAME}/restore`).at(-1)!.body).toEqual({
      password: 'the right one',
    });
  });

  it('asks for a code where two-factor sign-in is on', async () => {
    const calls = backupsApi({ twoFactor: true });
    renderRoutes([{ path: '*', element: <App /> }], '/settings/backups');
    await backupsTable();
    await userEvent.click(screen.getByRole('button', { name: /^Restore the backup of / }));
    const dialog = screen.getByRole('dialog', { name: 'Restore a backup' });
    await userEvent.type(within(dialog).getByLabelText('Your password'), 'the right one');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Restore' }));
    expect(await within(dialog).findByText('Enter a code of your authenticator app')).toBeInTheDocument();
    await userEvent.type(within(dialog).getByLabelText('Authentication code'), '123456');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Restore' }));
    await waitFor(() => expect(session.get()).toBeNull());
    expect(calls.filter((call) => call.url === `/backups/${NAME}/restore`).at(-1)!.body).toEqual({
      password: 'the right one',
      code: '123456',
    });
  });

  it('restores an uploaded archive, which it asks for', async () => {
    const calls = backupsApi();
    renderRoutes([{ path: '*', element: <App /> }], '/settings/backups');
    await backupsTable();
    await userEvent.click(screen.getByRole('button', { name: 'Restore from a file' }));
    const dialog = screen.getByRole('dialog', { name: 'Restore a backup' });
    await userEvent.type(within(dialog).getByLabelText('Your password'), 'the right one');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Restore' }));
    expect(await within(dialog).findByText('Choose the backup file')).toBeInTheDocument();
    const archive = new File(['archive bytes'], NAME, { type: 'application/gzip' });
    await userEvent.upload(within(dialog).getByLabelText('Backup file'), archive);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Restore' }));
    await waitFor(() => expect(session.get()).toBeNull());
    const sent = calls.find((call) => call.url === '/backups/restore')!.body as FormData;
    expect(sent.get('password')).toBe('the right one');
    expect((sent.get('archive') as File).name).toBe(NAME);
  });

  it('sets the daily backup’s time in the parish’s zone and how many it keeps, or turns it off', async () => {
    const calls = backupsApi();
    renderRoutes([{ path: '*', element: <App /> }], '/settings/backups');
    const daily = await screen.findByRole('region', { name: 'Daily backup' });
    expect(await within(daily).findByLabelText('Daily backup')).toHaveDisplayValue('Every day');
    expect(within(daily).getByLabelText('Time')).toHaveValue('02:30');
    expect(within(daily).getByText(/in the parish’s time zone \(Africa\/Lagos\)/)).toBeInTheDocument();
    expect(within(daily).getByLabelText('Latest kept')).toHaveValue(7);

    await userEvent.clear(within(daily).getByLabelText('Time'));
    await userEvent.type(within(daily).getByLabelText('Time'), '25:00');
    await userEvent.click(within(daily).getByRole('button', { name: 'Save' }));
    expect(await within(daily).findByText('Time must be a time of day as HH:MM, like 02:30')).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'PUT')).toEqual([]);

    await userEvent.clear(within(daily).getByLabelText('Time'));
    await userEvent.type(within(daily).getByLabelText('Time'), '23:15');
    await userEvent.clear(within(daily).getByLabelText('Latest kept'));
    await userEvent.type(within(daily).getByLabelText('Latest kept'), '14');
    await userEvent.click(within(daily).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls.filter((call) => call.method === 'PUT')).toHaveLength(1));
    expect(calls.find((call) => call.method === 'PUT')!.body).toEqual({ at: '23:15', keep: 14 });

    await userEvent.selectOptions(within(daily).getByLabelText('Daily backup'), 'Off');
    expect(within(daily).queryByLabelText('Time')).not.toBeInTheDocument();
    await userEvent.click(within(daily).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls.filter((call) => call.method === 'PUT')).toHaveLength(2));
    expect(calls.filter((call) => call.method === 'PUT')[1]!.body).toEqual({ at: null, keep: 14 });
  });

  it('says the last daily backup failed, until one succeeds', async () => {
    backupsApi({ failure: { at: '2026-12-07T01:30:00.000Z', message: 'No space left on the disk' } });
    renderRoutes([{ path: '*', element: <App /> }], '/settings/backups');
    const daily = await screen.findByRole('region', { name: 'Daily backup' });
    expect(await within(daily).findByRole('alert')).toHaveTextContent(
      /The daily backup of .* failed: No space left on the disk/,
    );
  });

  it.each(['Manager', 'Guest User'])('is not for a %s, nor asked for', async (role) => {
    const calls = backupsApi({ account: { ...me, role, permissions: role === 'Manager' ? ['content'] : [] } });
    renderRoutes([{ path: '*', element: <App /> }], '/settings/backups');
    expect(await screen.findByText(/Your role cannot open this section/)).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Backups' })).not.toBeInTheDocument();
    expect(calls.map((call) => call.url)).not.toContain('/backups');
  });
});
