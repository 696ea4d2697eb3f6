import type { StoredMap } from './map';
import type { RouteTable } from './store';

/**
 * Who owns a screen's path. The shell's own pages belong to no remote; any other path belongs to the
 * remote the operator handed it to (`npm run move-path`), else to the live remote that declares it.
 * A release claiming a path it does not own is refused at publish and at deploy: a remote must never
 * take over another's screens (or the login) by shipping a route table.
 */
export const SHELL_PATHS = ['/', '/login', '/set-password', '/dashboard'];

/** A path pattern with its parameters' names left out: `/book/:id` and `/book/:bookId` are one path. */
export function pathKey(pattern: string): string {
  return pattern
    .split('/')
    .map((segment) => (segment.startsWith(':') ? ':' : segment))
    .join('/')
    .replace(/(.)\/$/, '$1');
}

/** The owner of each path (by its key) under a map, from the hand-overs and the live route tables. */
export function pathOwners(map: StoredMap, liveTable: (remote: string, release: string) => RouteTable | undefined) {
  const owners = new Map<string, string>();
  for (const [path, remote] of Object.entries(map.pathOwners ?? {})) owners.set(pathKey(path), remote);
  for (const [remote, live] of Object.entries(map.remotes).sort(([a], [b]) => (a < b ? -1 : 1))) {
    for (const route of liveTable(remote, live.release)?.routes ?? []) {
      const key = pathKey(route.path);
      if (!owners.has(key)) owners.set(key, remote);
    }
  }
  return owners;
}

/** What a remote's table claims that is not its own, in words; empty when every claim holds. */
export function claimProblems(remote: string, table: RouteTable, owners: Map<string, string>): string[] {
  const problems: string[] = [];
  for (const { path } of table.routes) {
    const key = pathKey(path);
    if (SHELL_PATHS.includes(key)) {
      problems.push(`${path} is the shell's own page; no remote may declare it`);
      continue;
    }
    const owner = owners.get(key);
    if (owner && owner !== remote) {
      problems.push(
        `${path} belongs to ${owner}; to move it to ${remote}, an operator runs: npm run move-path -- ${path} ${remote}`,
      );
    }
  }
  return problems;
}
