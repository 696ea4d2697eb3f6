import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderRoutes } from 'shared/testing';
import { RemoteRoute } from './RemoteRoute';
import { findRemoteForPath } from './remotesConfig';

jest.mock('./federation', () => ({ loadRemoteApp: jest.fn() }));

const remote = {
  name: 'finance',
  label: 'Finance',
  entry: '/remotes/finance/mf-manifest.json',
  routes: ['/users', '/edit-donation/:id'],
};

describe('remote loading', () => {
  it('shows what failed with a Retry that recovers without a reload', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const load = jest
      .fn()
      .mockRejectedValueOnce(new Error('Failed to fetch the finance entry'))
      .mockResolvedValue({ default: () => <p>Finance screens</p> });
    renderRoutes([{ path: '*', element: <RemoteRoute remote={remote} load={load} /> }], '/users');
    expect(await screen.findByRole('heading', { name: 'The Finance screens could not be loaded' })).toBeInTheDocument();
    expect(screen.getByText(/Failed to fetch the finance entry/)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('Finance screens')).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('finds the remote that owns a path by its declared patterns', () => {
    const config = { remotes: [remote] };
    expect(findRemoteForPath(config, '/edit-donation/abc')?.name).toBe('finance');
    expect(findRemoteForPath(config, '/users')?.name).toBe('finance');
    expect(findRemoteForPath(config, '/bookshelf')).toBeUndefined();
  });
});
