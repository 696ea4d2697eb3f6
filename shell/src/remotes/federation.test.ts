import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import {
  loadRemoteApp,
  prefetchRemotes,
  PROVIDED_SHARED_VERSION,
  RemoteLoadError,
  setReloadPage,
  SharedVersionError,
  sharedVersionProblem,
} from './federation';
import type { RemoteDefinition } from './remotesMap';

jest.mock('@module-federation/enhanced/runtime', () => ({
  loadRemote: jest.fn(),
  registerRemotes: jest.fn(),
  registerPlugins: jest.fn(),
  getInstance: jest.fn(),
  satisfy: jest.requireActual<typeof import('@module-federation/enhanced/runtime')>(
    '@module-federation/enhanced/runtime',
  ).satisfy,
}));

const mockedLoad = loadRemote as jest.MockedFunction<typeof loadRemote>;
const mockedRegister = registerRemotes as jest.MockedFunction<typeof registerRemotes>;
const App = () => null;

const release = (name: string, id: string): RemoteDefinition => ({
  name,
  label: name,
  release: id,
  entry: `/remotes/${name}/${id}/mf-manifest.json`,
  routes: [{ path: `/${name}`, title: name }],
});

describe('loading a remote from the federation runtime', () => {
  const reload = jest.fn();
  beforeAll(() => setReloadPage(reload));
  beforeEach(() => {
    reload.mockReset();
    mockedLoad.mockReset();
    mockedRegister.mockReset();
  });

  it('discards whatever the runtime cached from a failed attempt, so that Retry starts afresh', async () => {
    const remote = release('alpha', '1.0.0-aaaaaaa');
    mockedLoad.mockRejectedValueOnce(new Error('[ Federation Runtime ]: #RUNTIME-013 not a valid federation manifest'));
    const failure = await loadRemoteApp(remote, 3000).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(RemoteLoadError);
    expect((failure as RemoteLoadError).detail).toMatch(/RUNTIME-013/);
    // Registered once to load, then again with force: the runtime drops its cached manifest and entry.
    expect(mockedRegister).toHaveBeenLastCalledWith([{ name: 'alpha', entry: remote.entry }], { force: true });
    mockedLoad.mockResolvedValueOnce({ default: App });
    await expect(loadRemoteApp(remote, 3000)).resolves.toEqual({ default: App });
  });

  it('gives a visit during the prefetch the attempt in flight: one load, and its failure forgets once', async () => {
    const remote = release('zeta', '1.0.0-fffffff');
    let fail!: (error: Error) => void;
    mockedLoad.mockReturnValueOnce(new Promise((_resolve, reject) => (fail = reject)));
    const prefetch = loadRemoteApp(remote, 3000).catch((error: unknown) => error);
    const visit = loadRemoteApp(remote, 3000).catch((error: unknown) => error);
    fail(new Error('manifest answered 404'));
    expect(await visit).toBeInstanceOf(RemoteLoadError);
    expect(await prefetch).toBeInstanceOf(RemoteLoadError);
    expect(mockedLoad).toHaveBeenCalledTimes(1);
    expect(mockedRegister.mock.calls).toEqual([
      [[{ name: 'zeta', entry: remote.entry }], { force: false }],
      [[{ name: 'zeta', entry: remote.entry }], { force: true }],
    ]);
    // Settled: Retry starts a new attempt, and nothing of the failed one unregisters the remote under it.
    mockedLoad.mockResolvedValueOnce({ default: App });
    await expect(loadRemoteApp(remote, 3000)).resolves.toEqual({ default: App });
    expect(mockedLoad).toHaveBeenCalledTimes(2);
    expect(mockedRegister).toHaveBeenCalledTimes(2);
  });

  it('gives a visit that joins the attempt its own full timeout', async () => {
    jest.useFakeTimers();
    const remote = release('eta', '1.0.0-eeeeeee');
    mockedLoad.mockReturnValueOnce(new Promise(() => undefined));
    const prefetch = loadRemoteApp(remote, 3000).catch((error: unknown) => error);
    await jest.advanceTimersByTimeAsync(2000);
    let visited: unknown;
    void loadRemoteApp(remote, 3000).catch((error: unknown) => (visited = error));
    await jest.advanceTimersByTimeAsync(1000);
    expect(await prefetch).toBeInstanceOf(RemoteLoadError);
    expect(visited).toBeUndefined();
    await jest.advanceTimersByTimeAsync(2000);
    expect(visited).toBeInstanceOf(RemoteLoadError);
    expect(mockedLoad).toHaveBeenCalledTimes(1);
    expect(mockedRegister).toHaveBeenCalledTimes(2);
    jest.useRealTimers();
  });

  it('loads nothing of a release that needs a newer shared than this shell provides', async () => {
    const [major, minor] = PROVIDED_SHARED_VERSION.split('.').map(Number);
    const remote = { ...release('delta', '1.2.0-ccccccc'), requires: { shared: `^${major}.${minor + 1}.0` } };
    const failure = await loadRemoteApp(remote, 3000).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(SharedVersionError);
    expect(failure).toMatchObject({ needed: `^${major}.${minor + 1}.0`, provided: PROVIDED_SHARED_VERSION });
    expect(mockedRegister).not.toHaveBeenCalled();
    expect(mockedLoad).not.toHaveBeenCalled();
  });

  it('runs a release built against an older minor of shared, or one that names no range', () => {
    const [major] = PROVIDED_SHARED_VERSION.split('.').map(Number);
    expect(sharedVersionProblem({ ...release('e', '1'), requires: { shared: `^${major}.0.0` } })).toBeUndefined();
    expect(sharedVersionProblem(release('e', '1'))).toBeUndefined();
    expect(sharedVersionProblem({ ...release('e', '1'), requires: { shared: `^${major + 1}.0.0` } })).toBeInstanceOf(
      SharedVersionError,
    );
    expect(sharedVersionProblem({ ...release('e', '1'), requires: { shared: '^2.1.0' } }, '2.3.4')).toBeUndefined();
    expect(sharedVersionProblem({ ...release('e', '1'), requires: { shared: '^2.4.0' } }, '2.3.4')).toBeInstanceOf(
      SharedVersionError,
    );
  });

  it('gives up after the load timeout with a panel-worthy error', async () => {
    jest.useFakeTimers();
    const remote = release('beta', '1.0.0-aaaaaaa');
    mockedLoad.mockReturnValueOnce(new Promise(() => undefined));
    const result = loadRemoteApp(remote, 3000).catch((error: unknown) => error);
    await jest.advanceTimersByTimeAsync(3000);
    const error = (await result) as RemoteLoadError;
    expect(error).toBeInstanceOf(RemoteLoadError);
    expect(error.detail).toBe(`${remote.entry} did not answer within 3 s`);
    jest.useRealTimers();
  });

  it('registers the live release when a remote is first needed: no reload, nothing before', async () => {
    mockedLoad.mockResolvedValueOnce({ default: App });
    const remote = release('gamma', '1.1.0-bbbbbbb');
    await loadRemoteApp(remote, 3000);
    expect(mockedRegister).toHaveBeenCalledWith([{ name: 'gamma', entry: remote.entry }], { force: false });
    expect(mockedLoad).toHaveBeenCalledWith('gamma/App');
    expect(reload).not.toHaveBeenCalled();
  });

  it('reloads the page, keeping the URL, when a remote whose code ran here has a new live release', async () => {
    mockedLoad.mockResolvedValue({ default: App });
    await loadRemoteApp(release('delta', '1.0.0-aaaaaaa'), 3000);
    mockedRegister.mockReset();
    const next = loadRemoteApp(release('delta', '1.1.0-bbbbbbb'), 3000);
    expect(reload).toHaveBeenCalledTimes(1);
    // The new release is never registered beside the old one in this page.
    expect(mockedRegister).not.toHaveBeenCalled();
    await Promise.race([next, Promise.resolve('pending')]).then((value) => expect(value).toBe('pending'));
  });
});

describe('the idle prefetch after login', () => {
  /** Each remote's load, answered by hand; a long timeout, so that none gives up meanwhile. */
  const answers = new Map<string, () => void>();
  const loaded = () => mockedLoad.mock.calls.map(([id]) => id);
  const answer = async (id: string) => {
    answers.get(id)!();
    await jest.advanceTimersByTimeAsync(0);
  };
  beforeEach(() => {
    jest.useFakeTimers();
    mockedLoad.mockReset();
    mockedLoad.mockImplementation(
      (id: string) => new Promise((resolve) => answers.set(id, () => resolve({ default: App }))),
    );
  });
  afterEach(() => jest.useRealTimers());

  it('loads the remotes one after the other, in the map’s order, each once the browser is idle', async () => {
    const remotes = ['kappa', 'lambda', 'mu'].map((name) => release(name, '1.0.0-1234567'));
    const stop = prefetchRemotes(remotes, 60_000);
    expect(loaded()).toEqual([]);
    await jest.advanceTimersByTimeAsync(1500);
    expect(loaded()).toEqual(['kappa/App']);
    await jest.advanceTimersByTimeAsync(5000);
    expect(loaded()).toEqual(['kappa/App']);
    await answer('kappa/App');
    await jest.advanceTimersByTimeAsync(1500);
    expect(loaded()).toEqual(['kappa/App', 'lambda/App']);
    await answer('lambda/App');
    await jest.advanceTimersByTimeAsync(1500);
    expect(loaded()).toEqual(['kappa/App', 'lambda/App', 'mu/App']);
    stop();
  });

  it('lets a screen being opened load alone, and goes on once it has', async () => {
    const remotes = ['nu', 'xi'].map((name) => release(name, '1.0.0-1234567'));
    const visit = loadRemoteApp(remotes[1]!, 60_000);
    const stop = prefetchRemotes(remotes, 60_000);
    await jest.advanceTimersByTimeAsync(10_000);
    expect(loaded()).toEqual(['xi/App']);
    await answer('xi/App');
    await visit;
    await jest.advanceTimersByTimeAsync(1500);
    expect(loaded()).toEqual(['xi/App', 'nu/App']);
    stop();
  });

  it('stops when the signed-in frame goes', async () => {
    const stop = prefetchRemotes([release('omicron', '1.0.0-1234567')], 60_000);
    stop();
    await jest.advanceTimersByTimeAsync(10_000);
    expect(loaded()).toEqual([]);
  });
});
