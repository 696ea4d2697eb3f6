import { aboutFeature } from './about/feature';
import { accountFeature } from './account/feature';
import { activityFeature } from './activity/feature';
import { ACTIVITY_KINDS, type ActivityKind } from './activity/record';
import { dashboardFeature } from './analytics/feature';
import { signInFeature } from './auth/feature';
import { backupsFeature } from './backups/feature';
import { bankAccountsFeature } from './bank-accounts/feature';
import { booksFeature } from './books/feature';
import { deployTokensFeature } from './deploy-tokens/feature';
import { donationsFeature } from './donations/feature';
import type { ExportDefinition } from './exports/definition';
import { exportsFeature } from './exports/feature';
import { inMenuOrder } from './exports/menu';
import { groupsFeature } from './groups/feature';
import { historyFeature } from './history/feature';
import { mailFeature } from './mail/feature';
import { massesFeature } from './mass-intentions/feature';
import { parishFeature } from './parish/feature';
import { prayerRequestsFeature } from './prayer-requests/feature';
import { prayersFeature } from './prayers/feature';
import { readingsFeature } from './readings/feature';
import { reflectionsFeature } from './reflections/feature';
import { releasesFeature } from './releases/feature';
import type { Derived, Feature, RoutePlugin } from './resources/feature';
import type { SeedContext } from './resources/seed';
import { streamsFeature } from './streams/feature';
import { teamFeature } from './team/feature';
import { trashFeature } from './trash/feature';
import { twoFactorFeature } from './two-factor/feature';
import type { FileColumn } from './uploads/references';

export type { Feature } from './resources/feature';

/**
 * Every feature of the server, each declared in its own folder (its feature.ts), in the order the
 * OpenAPI document lists their routes. The routes app.ts registers, the columns whose files the upload
 * sweep keeps, the histories, the kinds of Settings → Activity and the exports all follow from this
 * list, and `npm run seed` adds their demo data in its order: a feature is added here, once, or not
 * at all.
 */
export const FEATURES: readonly Feature[] = [
  signInFeature,
  accountFeature,
  twoFactorFeature,
  teamFeature,
  mailFeature,
  activityFeature,
  parishFeature,
  dashboardFeature,
  massesFeature,
  booksFeature,
  groupsFeature,
  prayerRequestsFeature,
  readingsFeature,
  streamsFeature,
  reflectionsFeature,
  donationsFeature,
  bankAccountsFeature,
  prayersFeature,
  aboutFeature,
  trashFeature,
  historyFeature,
  exportsFeature,
  releasesFeature,
  deployTokensFeature,
  backupsFeature,
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

/** Adds each feature's demo data that is not there yet, in the features' order; what each added. */
export async function seedFeatures(
  features: readonly Feature[],
  context: SeedContext,
): Promise<{ feature: string; added: number }[]> {
  const added = [];
  for (const { name, seed } of features) if (seed) added.push({ feature: name, added: await seed(context) });
  return added;
}
