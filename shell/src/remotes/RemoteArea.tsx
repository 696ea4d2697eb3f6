import { useLoaderData, useLocation, useRevalidator } from 'react-router-dom';
import { allows, EmptyText, LoadingBlock, PageHeader, Panel, usePermissions } from 'shared';
import { RemoteRoute, UnavailablePanel } from './RemoteRoute';
import { useRemotesMap, type RemotesMap, type RemotesMapStore } from './remotesMap';
import { findRouteForPath } from './routeForPath';

function Notice({ text }: { text: string }) {
  return (
    <>
      <PageHeader />
      <Panel>
        <EmptyText>{text}</EmptyText>
      </Panel>
    </>
  );
}

/**
 * Any path inside the layout that is not the shell's own goes to the remote that declares it. Only a
 * map that was read can say a page does not exist: while none could be read, the area says so and
 * offers Retry (the map is retried with back-off meanwhile, and the screen appears when it arrives).
 */
export function RemoteArea({ store }: { store: RemotesMapStore }) {
  const { pathname } = useLocation();
  const revalidator = useRevalidator();
  // The map this navigation's loader read; the store's only while none could be read at navigation.
  const snapshot = useLoaderData() as RemotesMap | null | undefined;
  const state = useRemotesMap(store);
  const permissions = usePermissions();
  const map = snapshot ?? state.map;
  const { error, loading } = state;
  if (!map) {
    if (loading) return <LoadingBlock />;
    return (
      <UnavailablePanel
        title="This screen could not be loaded"
        detail={error?.message ?? 'The remotes map could not be read.'}
        onRetry={() => store.refresh()}
      />
    );
  }
  const found = findRouteForPath(map, pathname);
  if (!found) return <Notice text="This page does not exist." />;
  const { remote, route } = found;
  // A page the role may not open (the menu hides it), opened by its address: said, never loaded. The
  // server refuses its calls either way.
  if (route.permission && permissions === 'unknown') return <LoadingBlock />;
  if (!allows(permissions, route.permission)) {
    return <Notice text="Your role cannot open this page. An Admin can change it in Settings → Team." />;
  }
  return (
    <RemoteRoute
      key={remote.name}
      remote={remote}
      timeoutMs={map.loadTimeoutMs}
      refreshMap={() => (snapshot ? revalidator.revalidate() : store.refresh())}
    />
  );
}
