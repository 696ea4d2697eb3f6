import { useEffect } from 'react';
import { composeMenu } from '../layout/menu';
import { prefetchRemotes } from './federation';
import { useRemotesMap, type RemotesMap, type RemotesMapStore } from './remotesMap';

/** The map's remotes in the order the side menu shows them (by each one's first entry): the likely first clicks first. */
export function inMenuOrder(map: RemotesMap): RemotesMap['remotes'] {
  const menu = composeMenu(map).flatMap((group) => group.entries.map((entry) => entry.to));
  const place = (remote: RemotesMap['remotes'][number]) => {
    const first = menu.findIndex((to) => remote.routes.some((route) => route.path === to));
    return first < 0 ? menu.length : first;
  };
  return [...map.remotes].sort((a, b) => place(a) - place(b));
}

/** Mounted only behind the guard: no remote code is downloaded before login. */
export function RemotePrefetch({ store }: { store: RemotesMapStore }) {
  const { map } = useRemotesMap(store);
  useEffect(() => (map ? prefetchRemotes(inMenuOrder(map), map.loadTimeoutMs) : undefined), [map]);
  return null;
}
