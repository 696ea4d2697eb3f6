import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderRoutes } from 'shared/testing';
import { RemoteArea } from './RemoteArea';
import { PROVIDED_SHARED_VERSION, RemoteLoadError } from './federation';
import { RemoteRoute } from './RemoteRoute';
import {
  fetchRemotesMap,
  parseRemotesMap,
  RemotesMapStore,
  retryDelayMs,
  type RemoteDefinition,
  type RemotesMap,
} from './remotesMap';
import { findRemoteForPath } from './routeForPath';

jest.mock('./federation', () => ({
  ...jest.requireActual('./federation'),
  loadRemoteApp: jest.fn(async (remote: RemoteDefinition) => ({ default: () => <p>{remote.label} screens</p> })),
}));

const finance: RemoteDefinition = {
  name: 'finance',
  label: 'Finance',
  release: '1.0.0-aaaaaaa',
  entry: '/remotes/finance/1.0.0-aaaaaaa/mf-manifest.json',
  routes: [
    { path: '/users', title: 'Users', searchable: true },
    { path: '/edit-donation/:id', title: 'Edit Donation' },
  ],
};
const map: RemotesMap = { apiBaseUrl: '/api/v1', loadTimeoutMs: 3000, remotes: [finance] };

afterEach(() => jest.useRealTimers());

describe("a remote's area", () => {
  it('says in plain words that the screens could not be loaded, with the detail behind Details, and Retry recovers', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const runtimeText = '[ Federation Runtime ]: Failed to get manifest. #RUNTIME-003 args: {"manifestUrl":"…"}';
    const load = jest
      .fn()
      .mockRejectedValueOnce(new RemoteLoadError(finance, runtimeText))
      .mockResolvedValue({ default: () => <p>Finance screens</p> });
    const refreshMap = jest.fn(async () => map);
    renderRoutes(
      [{ path: '*', element: <RemoteRoute remote={finance} timeoutMs={3000} refreshMap={refreshMap} load={load} /> }],
      '/users',
    );
    const panel = await screen.findByRole('alert');
    expect(screen.getByRole('heading', { name: 'The Finance screens could not be loaded' })).toBeInTheDocument();
    expect(panel).toHaveTextContent('They may be being updated — try again in a moment.');
    // The runtime's text is there for whoever is asked, not in the administrator's face.
    const details = screen.getByText('Details').closest('details')!;
    expect(details).not.toHaveAttribute('open');
    expect(details).toHaveTextContent(runtimeText);
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('Finance screens')).toBeInTheDocument();
    // Retry reads the live map again first: the release may have changed meanwhile.
    expect(refreshMap).toHaveBeenCalledTimes(1);
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('names both versions when the live release needs a newer shared than this shell provides', async () => {
    const needsNewer: RemoteDefinition = { ...finance, release: '1.3.0-ccccccc', requires: { shared: '^99.1.0' } };
    renderRoutes(
      [
        {
          path: '*',
          element: (
            <RemoteRoute
              remote={needsNewer}
              timeoutMs={3000}
              refreshMap={async () => map}
              load={jest.requireActual<typeof import('./federation')>('./federation').loadRemoteApp}
            />
          ),
        },
      ],
      '/users',
    );
    const panel = await screen.findByRole('alert');
    expect(
      screen.getByRole('heading', { name: 'The Finance screens need a newer version of the back-office' }),
    ).toBeInTheDocument();
    expect(panel).toHaveTextContent(
      `This release of Finance (1.3.0-ccccccc) needs shared ^99.1.0; this back-office provides shared ${PROVIDED_SHARED_VERSION}.`,
    );
    expect(panel).toHaveTextContent('Deploy the newer back-office, or roll Finance back to its previous release.');
    expect(screen.queryByText('Finance screens')).not.toBeInTheDocument();
  });

  it('finds the remote that owns a path by its declared patterns', () => {
    expect(findRemoteForPath(map, '/edit-donation/abc')?.name).toBe('finance');
    expect(findRemoteForPath(map, '/users')?.name).toBe('finance');
    expect(findRemoteForPath(map, '/bookshelf')).toBeUndefined();
  });
});

describe('reading the live map', () => {
  const answer = () =>
    Promise.resolve(new Response(JSON.stringify(map), { headers: { 'content-type': 'application/json' } }));

  it("goes with the member's session once signed in (only a member's browser counts in a rollout), and without one before", async () => {
    const fetched = jest.spyOn(globalThis, 'fetch').mockImplementation(answer);
    try {
      let token: string | null = null;
      await fetchRemotesMap(undefined, undefined, () => token);
      token = 'a-session-token';
      await fetchRemotesMap(undefined, undefined, () => token);
      const headers = fetched.mock.calls.map(([, init]) => (init?.headers ?? {}) as Record<string, string>);
      expect(headers).toEqual([{}, { authorization: 'Bearer a-session-token' }]);
    } finally {
      fetched.mockRestore();
    }
  });
});

describe('the live map in the page', () => {
  it('refuses a body that is not a map (a JSON error, a list), rather than reading it as no remotes', () => {
    expect(() => parseRemotesMap({ message: 'Not found' })).toThrow(/not a list of remotes/);
    expect(() => parseRemotesMap([])).toThrow();
    expect(() => parseRemotesMap({ remotes: [{ name: 'x' }] })).toThrow();
    expect(parseRemotesMap({ remotes: [finance] })).toEqual({ ...map, loadTimeoutMs: 3000 });
  });

  it('retries a failed first read with back-off, and a failed refresh keeps the map it knows', async () => {
    jest.useFakeTimers();
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const fetchMap = jest
      .fn<Promise<RemotesMap>, []>()
      .mockRejectedValueOnce(new Error('/remotes.json answered 503 Service Unavailable'))
      .mockRejectedValueOnce(new Error('/remotes.json answered 503 Service Unavailable'))
      .mockResolvedValueOnce(map)
      .mockRejectedValueOnce(new Error('offline'));
    const store = new RemotesMapStore(fetchMap);
    await store.refresh();
    expect(store.getState()).toMatchObject({ loading: false, error: { message: expect.stringMatching(/503/) } });
    expect(store.getState().map).toBeUndefined();
    await act(() => jest.advanceTimersByTimeAsync(retryDelayMs(0)));
    expect(fetchMap).toHaveBeenCalledTimes(2);
    await act(() => jest.advanceTimersByTimeAsync(retryDelayMs(1)));
    expect(fetchMap).toHaveBeenCalledTimes(3);
    expect(store.getState()).toEqual({ map, loading: false });
    expect(await store.refresh()).toEqual(map);
    expect(store.getState()).toEqual({ map, loading: false });
    expect([0, 1, 2, 5, 10].map(retryDelayMs)).toEqual([1000, 2000, 4000, 30_000, 30_000]);
    store.stop();
  });

  it("never says 'This page does not exist.' while the map cannot be read; the screen appears when it can", async () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    let available = false;
    const store = new RemotesMapStore(async () => {
      if (!available) throw new Error('/remotes.json answered 503 Service Unavailable');
      return map;
    });
    renderRoutes([{ path: '*', element: <RemoteArea store={store} /> }], '/users');
    await act(() => store.refresh());
    expect(await screen.findByRole('heading', { name: 'This screen could not be loaded' })).toBeInTheDocument();
    expect(screen.queryByText('This page does not exist.')).not.toBeInTheDocument();
    expect(screen.getByText('Details').closest('details')).toHaveTextContent('503');
    available = true;
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('Finance screens')).toBeInTheDocument();
    store.stop();
  });

  it('keeps the last map read, so that a page opened while the map cannot be read still has its remotes', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    let stored: RemotesMap | undefined;
    const cache = { read: () => stored, write: (next: RemotesMap) => void (stored = next) };
    await new RemotesMapStore(async () => map, cache).refresh();
    expect(stored).toEqual(map);
    // The next page: the map answers 503, the copy serves meanwhile.
    const store = new RemotesMapStore(async () => {
      throw new Error('/remotes.json answered 503 Service Unavailable');
    }, cache);
    expect(store.getState()).toEqual({ map, loading: false });
    renderRoutes([{ path: '*', element: <RemoteArea store={store} /> }], '/users');
    await act(() => store.refresh());
    expect(await screen.findByText('Finance screens')).toBeInTheDocument();
    store.stop();
  });

  it("says 'This page does not exist.' for a path no remote of a map that was read owns", async () => {
    const store = new RemotesMapStore(async () => map);
    await store.refresh();
    renderRoutes([{ path: '*', element: <RemoteArea store={store} /> }], '/nowhere');
    expect(await screen.findByText('This page does not exist.')).toBeInTheDocument();
  });
});
