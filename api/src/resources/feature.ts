import type { FastifyInstance } from 'fastify';
import type { ActivityKind } from '../activity/record';
import type { ExportDefinition } from '../exports/definition';
import type { FileColumn } from '../uploads/references';
import { orderOf, type ResourceDefinition, type ResourceExport, type StoredRow } from './definition';
import { resourceRoutes } from './routes';
import type { Seed } from './seed';

// A feature of the server as the registry (../registry.ts) knows it: its routes and what the rest of
// the server derives from it. Declared here, below the features, so that each declares itself
// without importing the registry above them.

/** A plugin of routes, registered under /api/v1. */
export type RoutePlugin = (api: FastifyInstance) => Promise<void>;

/** What the registry derives from every feature, which some routes (the exports') serve. */
export interface Derived {
  exports: readonly ExportDefinition[];
}

export interface Feature {
  /** The feature in words, as a refusal names it ('books', 'prayer requests'). */
  name: string;
  /**
   * Its routes, in the order the OpenAPI document lists them; a function when they serve what the
   * registry derives from every feature.
   */
  routes?: readonly RoutePlugin[] | ((derived: Derived) => readonly RoutePlugin[]);
  /** The kinds of record its writes put in Settings → Activity. */
  kinds?: readonly ActivityKind[];
  /** The histories it keeps (`/api/v1/<name>/{id}/versions`), each name its own. */
  history?: readonly string[];
  /** The columns that name its stored uploads: the upload sweep keeps what they name. */
  files?: readonly FileColumn[];
  /** Its lists' CSV and Excel exports (exports/). */
  exports?: readonly ExportDefinition[];
  /** The definitions a resource's feature follows from (resources.test.ts runs over each). */
  resources?: readonly ResourceDefinition<never>[];
  /** Its demo data, which `npm run seed` adds in the registry's order (resources/seed.ts). */
  seed?: Seed;
}

/**
 * A resource's feature: all of it follows from its definition (or its definitions: the adult and the
 * children reflections), but its demo data and what it adds beside them: routes after the generated
 * ones (readings' import), the kinds and the files of those, and its name when not the resource's tag.
 */
export function resourceFeature<Row extends StoredRow>(
  resource: ResourceDefinition<Row> | readonly ResourceDefinition<Row>[],
  own: Partial<Pick<Feature, 'seed' | 'name' | 'kinds' | 'files'>> & { routes?: readonly RoutePlugin[] } = {},
): Feature {
  const resources: readonly ResourceDefinition<Row>[] = Array.isArray(resource) ? resource : [resource];
  const all = <T>(pick: (resource: ResourceDefinition<Row>) => readonly T[]) => resources.flatMap(pick);
  return {
    seed: own.seed,
    name: own.name ?? resources[0]!.tag,
    routes: [...all((one) => [resourceRoutes(one)]), ...(own.routes ?? [])],
    kinds: [...new Set([...all((one) => [one.activity.kind]), ...(own.kinds ?? [])])],
    history: all((one) => (one.history ? [one.history] : [])),
    files: [...all((one) => (one.file ? [{ table: one.table, column: one.file.column }] : [])), ...(own.files ?? [])],
    exports: all((one) => (one.export ? [exportOf(one, one.export)] : [])),
    resources: resources as unknown as readonly ResourceDefinition<never>[],
  };
}

/** A resource's export: its table, in its list's order, read by every member. */
function exportOf<Row extends StoredRow>(
  resource: ResourceDefinition<Row>,
  declared: ResourceExport<Row>,
): ExportDefinition {
  return {
    ...declared,
    tag: declared.tag ?? resource.tag,
    table: resource.table,
    ...(resource.only ? { only: resource.only } : {}),
    order: orderOf(resource),
  };
}
