import { RequireAuth } from '../auth/guards';
import { Layout } from '../layout/Layout';
import { RemoteArea } from '../remotes/RemoteArea';
import { RemotePrefetch } from '../remotes/RemotePrefetch';
import type { RemotesMapStore } from '../remotes/remotesMap';

// What only a signed-in member sees — the frame (header, side menu, search) and a remote's area — is
// its own chunk, loaded by the router after the login: the login page must not carry it.

export function SignedInFrame({ store }: { store: RemotesMapStore }) {
  return (
    <RequireAuth>
      <RemotePrefetch store={store} />
      <Layout store={store} />
    </RequireAuth>
  );
}

export { RemoteArea };
export { startScreenReads } from '../remotes/screenReads';
