import { aboutRoutes } from './about/routes';
import { accountRoutes } from './account/routes';
import { ACTIVITY_KINDS, type ActivityKind } from './activity/record';
import { activityRoutes } from './activity/routes';
import { analyticsRoutes } from './analytics/routes';
import { authRoutes } from './auth/routes';
import { bankAccountResource } from './bank-accounts/resource';
import { bookResource } from './books/resource';
import { deployTokenRoutes } from './deploy-tokens/routes';
import { donationResource } from './donations/resource';
import type { ExportDefinition } from './exports/definition';
import {
  activityExport,
  inMenuOrder,
  massIntentionsExport,
  prayerRequestsExport,
  readingsExport,
  reflectionsExports,
} from './exports/lists';
import { exportRoutes } from './exports/routes';
import { groupResource } from './groups/resource';
import { massIntentionRoutes } from './mass-intentions/routes';
import { parishRoutes } from './parish/routes';
import { prayerRequestRoutes } from './prayer-requests/routes';
import { prayerResource } from './prayers/resource';
import { readingRoutes } from './readings/routes';
import { reflectionRoutes } from './reflections/routes';
import { clientReportRoutes } from './releases/client-reports';
import { previewRoutes } from './releases/preview';
import { versionRoutes } from './releases/routes';
import { releaseRoutes } from './releases/upload-routes';
import { resourceFeature, type Derived, type Feature, type RoutePlugin } from './resources/feature';
import { streamResource } from './streams/resource';
import { teamRoutes } from './team/routes';
import { trashRoutes } from './trash/routes';
import { twoFactorRoutes } from './two-factor/routes';
import type { FileColumn } from './uploads/references';

export type { Feature } from './resources/feature';

/**
 * Every feature of the server, in the order the OpenAPI document lists their routes. The routes
 * app.ts registers, the columns whose files the upload sweep keeps, the histories, the kinds of
 * Settings → Activity and the exports all follow from this list: a feature is
 * added here, once, or not at all.
 */
export const FEATURES: readonly Feature[] = [
  { name: 'sign-in', routes: [authRoutes] },
  { name: 'account', routes: [accountRoutes], kinds: ['account'] },
  { name: 'two-step sign-in', routes: [twoFactorRoutes], kinds: ['account', 'team'] },
  { name: 'team', routes: [teamRoutes], kinds: ['team'] },
  { name: 'activity', routes: [activityRoutes], exports: [activityExport] },
  { name: 'parish', routes: [parishRoutes], kinds: ['parish'] },
  { name: 'dashboard', routes: [analyticsRoutes] },
  {
    name: 'Masses and intentions',
    routes: [massIntentionRoutes],
    kinds: ['mass intention', 'regular Mass', 'Mass'],
    exports: [massIntentionsExport],
  },
  resourceFeature(bookResource),
  resourceFeature(groupResource),
  {
    name: 'prayer requests',
    routes: [prayerRequestRoutes],
    kinds: ['prayer request'],
    exports: [prayerRequestsExport],
  },
  {
    name: 'Bible readings',
    routes: [readingRoutes],
    kinds: ['Bible reading'],
    history: ['readings'],
    exports: [readingsExport],
  },
  resourceFeature(streamResource),
  {
    name: 'reflections',
    routes: [reflectionRoutes],
    kinds: ['adult reflection', 'children reflection', 'reflection image'],
    history: ['adult-reflections', 'children-reflections'],
    exports: reflectionsExports,
    // The pictures a reflection's text shows, uploaded from its editor.
    files: [{ table: 'editorImages', column: 'name' }],
  },
  resourceFeature(donationResource),
  resourceFeature(bankAccountResource),
  resourceFeature(prayerResource),
  { name: 'About Us', routes: [aboutRoutes], kinds: ['About Us'], history: ['about'] },
  // A record in the trash keeps its files until the entry is restored, deleted or pruned.
  { name: 'trash', routes: [trashRoutes], kinds: ['trash'], files: [{ table: 'trashFiles', column: 'name' }] },
  // The pictures a kept version of a record shows (history/versions.ts).
  { name: 'history', files: [{ table: 'recordVersionFiles', column: 'name' }] },
  { name: 'exports', routes: (derived) => [exportRoutes(derived.exports)] },
  { name: 'releases', routes: [versionRoutes, clientReportRoutes, previewRoutes, releaseRoutes], kinds: ['release'] },
  { name: 'deploy tokens', routes: [deployTokenRoutes], kinds: ['deploy token'] },
];

/** What the server derives from its features. */
export interface Registry extends Derived {
  features: readonly Feature[];
  /** Every feature's routes, in order. */
  routes: readonly RoutePlugin[];
  /** The kinds of record the features' writes put in Settings → Activity. */
  kinds: ReadonlySet<ActivityKind>;
  history: readonly string[];
  files: readonly FileColumn[];
}

/** The registry of these features; refuses two histories or exports of one name, and a kind no feature records. */
export function registryOf(features: readonly Feature[]): Registry {
  const all = <T>(pick: (feature: Feature) => readonly T[] | undefined) => features.flatMap((f) => pick(f) ?? []);
  const history = all((feature) => feature.history);
  const exports: readonly ExportDefinition[] = inMenuOrder(all((feature) => feature.exports));
  onlyOnce('history', history);
  onlyOnce(
    'export',
    exports.map((definition) => definition.name),
  );
  const kinds = new Set(all((feature) => feature.kinds));
  // The kinds are a closed list where they are declared (activity/record.ts), since every feature's
  // routes are typed by it: a kind no feature records any more is refused here instead.
  const unrecorded = ACTIVITY_KINDS.filter((kind) => !kinds.has(kind));
  if (unrecorded.length) throw new Error(`No feature records the activity kind(s) ${unrecorded.join(', ')}`);
  const derived: Derived = { exports };
  return {
    ...derived,
    features,
    routes: features.flatMap(({ routes = [] }) => (typeof routes === 'function' ? routes(derived) : routes)),
    kinds,
    history,
    files: all((feature) => feature.files),
  };
}

function onlyOnce(what: string, names: readonly string[]): void {
  const twice = names.filter((name, index) => names.indexOf(name) !== index);
  if (twice.length) throw new Error(`Two features declare the ${what} ${twice.join(', ')}`);
}

/** The server's registry. */
export const REGISTRY = registryOf(FEATURES);
