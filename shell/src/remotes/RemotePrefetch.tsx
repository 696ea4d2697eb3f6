import { useEffect } from 'react';
import { prefetchRemotes } from './federation';
import { useRemotesMap, type RemotesMapStore } from './remotesMap';

/** Mounted only behind the guard: no remote code is downloaded before login. */
export function RemotePrefetch({ store }: { store: RemotesMapStore }) {
  const { map } = useRemotesMap(store);
  useEffect(() => (map ? prefetchRemotes(map.remotes, map.loadTimeoutMs) : undefined), [map]);
  return null;
}
