import { useEffect } from 'react';
import { prefetchRemotes } from './federation';
import { useRemotesMap, type RemotesMapStore } from './remotesMap';

/** Mounted only behind the guard: no remote code is downloaded before login. */
export function RemotePrefetch({ store }: { store: RemotesMapStore }) {
  const { map } = useRemotesMap(store);
  const remotes = map?.remotes;
  useEffect(() => (remotes ? prefetchRemotes(remotes) : undefined), [remotes]);
  return null;
}
