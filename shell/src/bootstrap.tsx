import { createRoot } from 'react-dom/client';
import { AppProviders, configureApi, DEFAULT_API_BASE_URL, provideRuntimeInfo, session } from 'shared/login';
import { LoginFirst, moveToLogin } from './auth/LoginFirst';
import { installFederationPlugins, resolvedSharedVersions, runningReleases } from './remotes/federation';
import { browserMapCache, fetchRemotesMap, RemotesMapStore } from './remotes/remotesMap';

async function start() {
  installFederationPlugins();
  provideRuntimeInfo(() => ({ remotes: runningReleases(), shared: resolvedSharedVersions() }));
  const store = new RemotesMapStore(
    () => fetchRemotesMap(undefined, undefined, () => session.token()),
    browserMapCache,
  );
  // The API's base URL comes with the map; until the map is read, the default serves.
  configureApi({ baseURL: DEFAULT_API_BASE_URL });
  store.subscribe(() => configureApi({ baseURL: store.getState().map?.apiBaseUrl ?? DEFAULT_API_BASE_URL }));
  // Signed in, screens call the API at once: wait a moment for the first read, so that the first call
  // uses the map's base URL; if it fails, start anyway: the screens that need the map wait for it, and
  // it is retried with back-off. Signed out, the first call waits for the person typing: the login
  // form shows at once, and the map arrives meanwhile.
  const firstRead = store.refresh();
  const root = createRoot(document.getElementById('root')!);
  if (session.get() || window.location.pathname === '/set-password') {
    // The router's chunk downloads while the map is read.
    const app = import('./app/App');
    if (session.get()) await Promise.race([firstRead, new Promise((resolve) => setTimeout(resolve, 3000))]);
    const { default: App } = await app;
    root.render(
      <AppProviders>
        <App store={store} />
      </AppProviders>,
    );
    return;
  }
  // Signed out: the password form alone, without the router (auth/LoginFirst).
  moveToLogin();
  root.render(
    <AppProviders>
      <LoginFirst store={store} />
    </AppProviders>,
  );
}

start().catch((error: unknown) => console.error('The app could not start', error));
