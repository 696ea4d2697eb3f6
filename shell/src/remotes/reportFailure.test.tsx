import { screen } from '@testing-library/react';
import { renderRoutes } from 'shared/testing';
import { RemoteLoadError } from './federation';
import { RemoteRoute } from './RemoteRoute';
import type { RemoteDefinition } from './remotesMap';
import { forgetReports, MAX_REPORTS_PER_PAGE, reportFailure, REPORTS_URL } from './reportFailure';

const finance: RemoteDefinition = {
  name: 'finance',
  label: 'Finance',
  release: '1.5.0-abcdef0',
  entry: '/remotes/finance/1.5.0-abcdef0/mf-manifest.json',
  routes: [{ path: '/users', title: 'Users' }],
};

const SECRET = 'Cannot read donorName of “Jane Doe”, token eyJhbGciOi';

let beacon: jest.Mock;
beforeEach(() => {
  forgetReports();
  beacon = jest.fn(() => true);
  Object.defineProperty(navigator, 'sendBeacon', { value: beacon, configurable: true });
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
});

/** What each beacon carried. */
const sentBodies = async () =>
  Promise.all(
    beacon.mock.calls.map(async ([url, blob]: [string, Blob]) => {
      expect(url).toBe(REPORTS_URL);
      expect(blob.type).toBe('application/json');
      // jsdom's Blob has no text(): read it as a browser of old would.
      return await new Promise<string>((resolve) => {
        const reader = new FileReader();
        reader.onload = () => resolve(reader.result as string);
        reader.readAsText(blob);
      });
    }),
  );

const renderRemote = (load: jest.Mock) =>
  renderRoutes(
    [
      {
        path: '*',
        element: <RemoteRoute remote={finance} timeoutMs={3000} refreshMap={async () => null} load={load} />,
      },
    ],
    '/users',
  );

describe("the shell's error reports", () => {
  it('a screen that throws sends one beacon of kind render: the remote and release, never the message', async () => {
    const Throws = () => {
      throw new Error(SECRET);
    };
    renderRemote(jest.fn(async () => ({ default: Throws })));
    await screen.findByRole('alert');
    const bodies = await sentBodies();
    expect(bodies).toEqual([JSON.stringify({ remote: 'finance', release: '1.5.0-abcdef0', kind: 'render' })]);
    expect(bodies.join('')).not.toContain('Jane');
  });

  it('a remote that cannot be loaded sends one beacon of kind load, once per page however often it fails', async () => {
    const load = jest.fn(async () => Promise.reject(new RemoteLoadError(finance, SECRET)));
    const first = renderRemote(load);
    await screen.findByRole('alert');
    first.unmount();
    renderRemote(load);
    await screen.findByRole('alert');
    expect(await sentBodies()).toEqual([JSON.stringify({ remote: 'finance', release: '1.5.0-abcdef0', kind: 'load' })]);
  });

  it('sends a few reports per page at most', () => {
    for (let n = 0; n < 20; n += 1) reportFailure({ name: 'finance', release: `1.${n}.0-abcdef0` }, 'load');
    expect(beacon).toHaveBeenCalledTimes(MAX_REPORTS_PER_PAGE);
  });
});
