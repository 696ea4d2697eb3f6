import { createBrowserRouter, type RouteObject } from 'react-router-dom';
import { LoadingBlock } from 'shared/login';
import { LoginPage } from '../auth/guards';
import { loadRemoteApp, needsFreshPage, never } from '../remotes/federation';
import type { RemotesMap, RemotesMapStore } from '../remotes/remotesMap';
import { findRemoteForPath, findRouteForPath } from '../remotes/routeForPath';

// Kept once loaded: a navigation's loader then starts a screen's reads in its own task, not after
// the federation runtime has settled the import again.
let signedInModule: typeof import('./signedIn') | undefined;
const signedIn = async () => (signedInModule ??= await import('./signedIn'));

/** A navigation waits this long at most for the live map; past it, the map already known is used. */
const MAP_CHECK_MS = 1000;

/**
 * Starts the code of the remote that owns `pathname` in the map already known, and the screen's first
 * reads, beside the navigation's check of the live map rather than after it: a first visit waits
 * neither for that round trip nor for its code before its data is asked for. The code's load is the
 * one the idle prefetch would make, shared with the visit; if the check finds a newer release of that
 * remote, the visit opens it in a fresh page, as for any remote whose code already ran.
 */
function startKnownScreen(map: RemotesMap | undefined, pathname: string) {
  const found = map && findRouteForPath(map, pathname);
  if (!found || needsFreshPage(found.remote)) return;
  loadRemoteApp(found.remote, map.loadTimeoutMs).catch(() => undefined);
  if (signedInModule) signedInModule.startScreenReads(found.route, pathname);
  else void signedIn().then(({ startScreenReads }) => startScreenReads(found.route, pathname));
}

export function appRoutes(store: RemotesMapStore): RouteObject[] {
  return [
    { path: '/', element: <LoginPage /> },
    { path: '/login', element: <LoginPage /> },
    {
      // A one-time link's page (npm run admin -- reset-password): no session needed. It takes the rest
      // of `shared` (forms, the API client), which the login page does not load.
      path: '/set-password',
      lazy: async () => ({ Component: (await import('shared')).SetPasswordScreen }),
      hydrateFallbackElement: <LoadingBlock />,
    },
    {
      // The signed-in frame is loaded after the login (./signedIn): the login page does not carry it.
      lazy: async () => {
        const { SignedInFrame } = await signedIn();
        return { element: <SignedInFrame store={store} /> };
      },
      hydrateFallbackElement: <LoadingBlock />,
      children: [
        {
          path: '/dashboard',
          // Loaded after the login: it is the shell's first screen to use the data layer ('shared/data'),
          // which the login page must not load.
          lazy: async () => ({ Component: (await import('../dashboard/Dashboard')).Dashboard }),
          hydrateFallbackElement: <LoadingBlock />,
        },
        {
          path: '*',
          lazy: async () => {
            const { RemoteArea } = await signedIn();
            return { element: <RemoteArea store={store} /> };
          },
          hydrateFallbackElement: <LoadingBlock />,
          // Each navigation into a remote's area reads the live map again, so a deploy or a rollback
          // reaches an open browser at its next navigation (a 304 when nothing changed). The map read
          // here is what this navigation renders: the screen being left never sees a new release.
          loader: async ({ request }): Promise<RemotesMap | null> => {
            const pathname = new URL(request.url).pathname;
            startKnownScreen(store.getState().map, pathname);
            await Promise.race([store.refresh(250), new Promise((resolve) => setTimeout(resolve, MAP_CHECK_MS))]);
            const { map } = store.getState();
            const target = map && findRemoteForPath(map, pathname);
            if (target && needsFreshPage(target)) {
              // Another release of this remote already ran here: the new one starts in a fresh page, at
              // the URL being visited.
              window.location.assign(request.url);
              return never;
            }
            return map ?? null;
          },
          // A new path, or Retry (revalidate at the same URL); not a change of the search term.
          shouldRevalidate: ({ currentUrl, nextUrl, defaultShouldRevalidate }) =>
            currentUrl.pathname !== nextUrl.pathname || (currentUrl.href === nextUrl.href && defaultShouldRevalidate),
        },
      ],
    },
  ];
}

/** A data router, so that `useBlocker` (unsaved-changes guards) works inside remotes. */
export const createAppRouter = (store: RemotesMapStore) => createBrowserRouter(appRoutes(store));
