import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { provideRuntimeInfo } from 'shared';
import { renderRoutes, stubApi } from 'shared/testing';
import App from '../App';

const build = (release: string) => ({
  version: release.split('-')[0],
  release,
  commit: '82f1e40d9b1a',
  builtAt: '2026-11-23T09:05:00.000Z',
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

describe('Settings', () => {
  it("offers the spec's countries and roles, marked as sample data, with nothing saved", async () => {
    const calls = stubApi({ 'GET /version': () => [200, { message: 'ok', data: versions }] });
    renderRoutes([{ path: '*', element: <App /> }], '/settings');
    expect(screen.getByRole('note')).toHaveTextContent('nothing on it is saved');
    const country = screen.getByLabelText('Country');
    const options = Array.from((country as HTMLSelectElement).options).map((option) => option.text);
    expect(options).toEqual(['Nigeria', 'Ghana', 'Togo', 'Cameroon']);
    const role = screen.getByLabelText('Role of Kwame Mensah');
    expect(Array.from((role as HTMLSelectElement).options).map((option) => option.text)).toEqual([
      'Admin',
      'Guest User',
      'Manager',
    ]);
    await userEvent.selectOptions(role, 'Admin');
    expect(role).toHaveValue('Admin');
    expect(screen.queryByRole('button', { name: /save/i })).not.toBeInTheDocument();
    // The only call is the read of the deployed versions.
    await screen.findByRole('table', { name: 'Deployed versions' });
    expect(calls.map((call) => `${call.method} ${call.url}`)).toEqual(['GET /version']);
  });

  it('shows what is deployed and what this browser runs: releases, shared libraries, the API', async () => {
    provideRuntimeInfo(() => ({
      remotes: { finance: '1.0.0-ccccccc', content: '1.0.0-aaaaaaa' },
      shared: [{ name: 'react', version: '19.3.1', from: 'shell' }],
    }));
    stubApi({ 'GET /version': () => [200, { message: 'ok', data: versions }] });
    renderRoutes([{ path: '*', element: <App /> }], '/settings');
    const table = await screen.findByRole('table', { name: 'Deployed versions' });
    const row = (app: string) => within(table).getByRole('row', { name: new RegExp(`^${app} `) });
    expect(row('Shell')).toHaveTextContent('1.0.0-5e11aaa');
    expect(row('Shell')).toHaveTextContent('82f1e40d9b1a');
    expect(row('Finance')).toHaveTextContent(/1\.0\.0-ccccccc.*Same$/);
    // This browser still runs an older content release than the live one.
    expect(row('Content')).toHaveTextContent('1.0.0-aaaaaaa (reload for 1.1.0-bbbbbbb)');
    expect(row('Community')).toHaveTextContent('Not loaded yet');
    expect(row('API')).toHaveTextContent('1.0.0');
    const libraries = screen.getByRole('table', { name: 'Shared libraries in this browser' });
    expect(within(libraries).getByRole('row', { name: 'react 19.3.1 shell' })).toBeInTheDocument();
  });

  it('says so when the versions cannot be read, and the rest of Settings stays', async () => {
    stubApi({
      'GET /version': () => [500, { message: 'Something went wrong on the server. Please try again later.' }],
    });
    renderRoutes([{ path: '*', element: <App /> }], '/settings');
    expect(await screen.findByText('The deployed versions could not be loaded.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
    expect(screen.getByLabelText('Country')).toBeInTheDocument();
  });
});
