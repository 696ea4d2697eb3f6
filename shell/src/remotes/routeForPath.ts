import { matchPath } from 'react-router-dom';
import type { RemoteDefinition, RemotesMap, RouteEntry } from './remotesMap';

// Apart from the map's store: the login page reads the map, but only the signed-in screens match paths,
// and matching needs the router, which the login page does not load.

/** The remote that owns a path, and the route of it that matches, by the route patterns it declares. */
export function findRouteForPath(
  map: RemotesMap,
  pathname: string,
): { remote: RemoteDefinition; route: RouteEntry } | undefined {
  for (const remote of map.remotes) {
    const route = remote.routes.find((candidate) => matchPath({ path: candidate.path, end: true }, pathname));
    if (route) return { remote, route };
  }
  return undefined;
}

/** The remote that owns a path. */
export function findRemoteForPath(map: RemotesMap, pathname: string): RemoteDefinition | undefined {
  return findRouteForPath(map, pathname)?.remote;
}
