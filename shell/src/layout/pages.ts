import { matchPath } from 'react-router-dom';
import type { RemotesMap, RouteEntry } from '../remotes/remotesMap';

/** The shell's own screens; every other title comes from the route table its remote publishes. */
const shellPages: RouteEntry[] = [
  { path: '/dashboard', title: 'Dashboard', menu: { group: 'Main', label: 'Dashboard', order: 1 } },
];

/** The screen at a path: its title and whether the header's Search box applies (list screens). */
export function pageFor(pathname: string, map: RemotesMap | undefined): RouteEntry | undefined {
  const routes = [...shellPages, ...(map?.remotes.flatMap((remote) => remote.routes) ?? [])];
  return routes.find((route) => matchPath({ path: route.path, end: true }, pathname));
}

export { shellPages };
