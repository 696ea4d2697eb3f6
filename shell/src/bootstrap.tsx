import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router-dom';
import { AppProviders, configureApi, DEFAULT_API_BASE_URL, provideRuntimeInfo, session } from 'shared/login';
import { createAppRouter } from './app/router';
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
  if (session.get()) await Promise.race([firstRead, new Promise((resolve) => setTimeout(resolve, 3000))]);
  const router = createAppRouter(store);
  createRoot(document.getElementById('root')!).render(
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>,
  );
}

void start();
