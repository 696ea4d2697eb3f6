import { createBrowserRouter, type RouteObject } from 'react-router-dom';
import { LoadingBlock } from 'shared';
import { LoginPage, RequireAuth } from '../auth/guards';
import { Dashboard } from '../dashboard/Dashboard';
import { Layout } from '../layout/Layout';
import { RemoteArea } from '../remotes/RemoteArea';
import { RemotePrefetch } from '../remotes/RemotePrefetch';
import type { RemotesMapStore } from '../remotes/remotesMap';

/** A navigation waits this long at most for the live map; past it, the map already known is used. */
const MAP_CHECK_MS = 1000;

export function appRoutes(store: RemotesMapStore): RouteObject[] {
  return [
    { path: '/', element: <LoginPage /> },
    { path: '/login', element: <LoginPage /> },
    {
      element: (
        <RequireAuth>
          <RemotePrefetch store={store} />
          <Layout />
        </RequireAuth>
      ),
      children: [
        { path: '/dashboard', element: <Dashboard /> },
        {
          path: '*',
          element: <RemoteArea store={store} />,
          hydrateFallbackElement: <LoadingBlock />,
          // Each navigation into a remote's area reads the live map again, so a deploy or a rollback
          // reaches an open browser at its next navigation (a 304 when nothing changed).
          loader: async () => {
            await Promise.race([store.refresh(250), new Promise((resolve) => setTimeout(resolve, MAP_CHECK_MS))]);
            return null;
          },
          shouldRevalidate: ({ currentUrl, nextUrl }) => currentUrl.pathname !== nextUrl.pathname,
        },
      ],
    },
  ];
}

/** A data router, so that `useBlocker` (unsaved-changes guards) works inside remotes. */
export const createAppRouter = (store: RemotesMapStore) => createBrowserRouter(appRoutes(store));
