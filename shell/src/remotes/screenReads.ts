import { matchPath } from 'react-router-dom';
import { allows, knownPermissions, startEarlyReads } from 'shared';
import type { RouteEntry } from './remotesMap';

/**
 * Starts the reads a screen's route names (routes.json `reads`) with the screen's code, so that its
 * first call finds the answer on its way. Not for a screen the role may not open (or not yet known to
 * open): the server would refuse the read.
 */
export function startScreenReads(route: RouteEntry, pathname: string) {
  if (!route.reads?.length || !allows(knownPermissions(), route.permission)) return;
  const params = matchPath({ path: route.path, end: true }, pathname)?.params ?? {};
  startEarlyReads(route.reads, params);
}
