import { readFileSync } from 'node:fs';
import path from 'node:path';
import { declaredSharedRange } from './federation';
import type { Schemas } from '../api/contract';
import { ROUTES_FILE } from './release';

/**
 * The map `npm run dev` serves: each remote at its dev server, with the route table from its own
 * routes.json, the same file its releases carry in production.
 */
export function developmentRemotesMap(
  root: string,
  devPorts: Record<'content' | 'community' | 'finance', number>,
): Schemas['RemotesMap'] {
  const remotes = (['content', 'community', 'finance'] as const).map((name) => {
    const table = JSON.parse(
      readFileSync(path.join(root, `remote-${name}`, ROUTES_FILE), 'utf8'),
    ) as Schemas['RouteTable'];
    return {
      name,
      label: table.label,
      release: 'development',
      entry: `http://localhost:${devPorts[name]}/mf-manifest.json`,
      routes: table.routes,
      requires: { shared: declaredSharedRange(path.join(root, `remote-${name}`)) },
    };
  });
  return { apiBaseUrl: '/api/v1', loadTimeoutMs: 10_000, remotes };
}
