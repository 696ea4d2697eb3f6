import 'jest-canvas-mock';
import { screen, waitFor, within } from '@testing-library/react';
import { session } from 'shared';
import { renderRoutes, signIn, stubApi } from 'shared/testing';
import { Dashboard } from './Dashboard';

// A failed daily backup is said on the dashboard to the Admins until a backup succeeds.

const userId = '0123456789abcdef01234567';
Object.assign(globalThis, {
  ResizeObserver: class {
    observe() {}
    unobserve() {}
    disconnect() {}
  },
});

const schedule = (failure: { at: string; message: string } | null) => () =>
  [200, { message: 'ok', data: { at: '02:30', keep: 7, timeZone: 'Africa/Lagos', failure } }] as [number, unknown];

const api = (failure: { at: string; message: string } | null) =>
  stubApi({
    [`GET /analytics/${userId}`]: () => [200, { message: 'ok', data: {} }],
    'GET /backups/schedule': schedule(failure),
  });

beforeEach(() => {
  localStorage.clear();
  session.clear();
});

describe('the dashboard’s notice of a failed backup', () => {
  it('tells an Admin that the daily backup failed, why, and where to see to it', async () => {
    signIn(userId);
    api({ at: '2026-12-07T01:30:00.000Z', message: 'No space left on the disk' });
    renderRoutes([{ path: '/dashboard', element: <Dashboard /> }], '/dashboard');
    const notice = await screen.findByRole('alert', { name: 'Backup failed' });
    expect(notice).toHaveTextContent(/The daily backup of .* failed: No space left on the disk\./);
    expect(within(notice).getByRole('link', { name: 'Open Settings → Backups' })).toHaveAttribute(
      'href',
      '/settings/backups',
    );
  });

  it('says nothing once a backup has succeeded', async () => {
    signIn(userId);
    const calls = api(null);
    renderRoutes([{ path: '/dashboard', element: <Dashboard /> }], '/dashboard');
    await waitFor(() => expect(calls.map((call) => call.url)).toContain('/backups/schedule'));
    await screen.findByRole('article', { name: 'Total Users' });
    expect(screen.queryByRole('alert', { name: 'Backup failed' })).not.toBeInTheDocument();
  });

  it.each([
    ['Manager', ['content']],
    ['Guest User', []],
  ])('is not for a %s, nor asked for', async (_role, permissions) => {
    signIn(userId, permissions);
    const calls = api({ at: '2026-12-07T01:30:00.000Z', message: 'No space left on the disk' });
    renderRoutes([{ path: '/dashboard', element: <Dashboard /> }], '/dashboard');
    await screen.findByRole('article', { name: 'Total Users' });
    await waitFor(() => expect(calls.map((call) => call.url)).toContain(`/analytics/${userId}`));
    expect(screen.queryByRole('alert', { name: 'Backup failed' })).not.toBeInTheDocument();
    expect(calls.map((call) => call.url)).not.toContain('/backups/schedule');
  });
});
