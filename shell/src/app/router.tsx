import { createBrowserRouter, useLocation, type RouteObject } from 'react-router-dom';
import { EmptyText, Panel } from 'shared';
import { LoginPage, RequireAuth } from '../auth/guards';
import { Dashboard } from '../dashboard/Dashboard';
import { Layout } from '../layout/Layout';
import { RemoteRoute } from '../remotes/RemoteRoute';
import { findRemoteForPath, type RemotesConfig } from '../remotes/remotesConfig';
import { RemotePrefetch } from '../remotes/RemotePrefetch';

function NotFound() {
  return (
    <Panel>
      <EmptyText>This page does not exist.</EmptyText>
    </Panel>
  );
}

/** Any path inside the layout that is not the shell's own goes to the remote that declares it. */
function RemoteSwitch({ config }: { config: RemotesConfig }) {
  const { pathname } = useLocation();
  const remote = findRemoteForPath(config, pathname);
  return remote ? <RemoteRoute key={remote.name} remote={remote} /> : <NotFound />;
}

export function appRoutes(config: RemotesConfig): RouteObject[] {
  return [
    { path: '/', element: <LoginPage /> },
    { path: '/login', element: <LoginPage /> },
    {
      element: (
        <RequireAuth>
          <RemotePrefetch remotes={config.remotes} />
          <Layout />
        </RequireAuth>
      ),
      children: [
        { path: '/dashboard', element: <Dashboard /> },
        { path: '*', element: <RemoteSwitch config={config} /> },
      ],
    },
  ];
}

/** A data router, so that `useBlocker` (unsaved-changes guards) works inside remotes. */
export const createAppRouter = (config: RemotesConfig) => createBrowserRouter(appRoutes(config));
