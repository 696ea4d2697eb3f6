import type { FastifyInstance } from 'fastify';
import type { ActivityKind } from '../activity/record';
import type { ExportDefinition } from '../exports/definition';
import type { FileColumn } from '../uploads/references';
import type { ResourceDefinition, ResourceExport, StoredRow } from './definition';
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
  /** The definition a resource's feature follows from (resources.test.ts runs over each). */
  resource?: ResourceDefinition<never>;
  /** Its demo data, which `npm run seed` adds in the registry's order (resources/seed.ts). */
  seed?: Seed;
}

/** A resource's feature: all of it follows from its definition, but its demo data. */
export function resourceFeature<Row extends StoredRow>(
  resource: ResourceDefinition<Row>,
  own: Pick<Feature, 'seed'> = {},
): Feature {
  return {
    ...own,
    name: resource.tag,
    routes: [resourceRoutes(resource)],
    kinds: [resource.activity.kind],
    history: resource.history ? [resource.history] : [],
    files: resource.file ? [{ table: resource.table, column: resource.file.column }] : [],
    exports: resource.export ? [exportOf(resource, resource.export)] : [],
    resource,
  };
}

/** A resource's export: its table, in its list's order, read by every member. */
function exportOf<Row extends StoredRow>(
  resource: ResourceDefinition<Row>,
  declared: ResourceExport<Row>,
): ExportDefinition {
  return {
    ...declared,
    tag: resource.tag,
    table: resource.table,
    order: { column: resource.addedAt, direction: resource.listed === 'newest first' ? 'desc' : 'asc' },
  };
}
