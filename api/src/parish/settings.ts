import type { Static } from '@sinclair/typebox';
import type { Db } from '../db/database';
import { bumpChangeCounter } from '../db/changes';
import { timestamp } from '../db/ids';
import { fromRow } from '../http/contract';
import { localNow, localTimeZone } from '../http/dates';
import { ParishSettings } from './schemas';

/** The parish's own settings (Settings → Parish): what every screen, export and printout goes by. */
export type Parish = Static<typeof ParishSettings>;

/** The change counter of the settings (db/changes.ts): other servers on PostgreSQL drop their copy. */
export const PARISH_SETTINGS = 'parish';

export const PARISH_MESSAGES = {
  currency: 'Currency must be an ISO 4217 currency code, like NGN, GHS or EUR',
  timeZone: 'Time zone must be an IANA time zone, like Africa/Lagos or Europe/London',
  weekStart: 'First day of the week must be a day from Sunday (0) to Saturday (6)',
  manager: "Only an Admin can change the parish's settings",
} as const;

/** Whether `code` is an ISO 4217 code the engine knows: the one check, the bank accounts' format's too. */
export { isCurrencyCode } from '../http/contract';

/**
 * The IANA zone `name` names, in its canonical spelling (europe/london → Europe/London), or undefined
 * for no zone: an unknown name, or an offset (+01:00), which knows no summer time.
 */
export function canonicalTimeZone(name: string): string | undefined {
  if (!/^[A-Za-z]/.test(name)) return undefined;
  try {
    return new Intl.DateTimeFormat('en', { timeZone: name }).resolvedOptions().timeZone;
  } catch {
    return undefined;
  }
}

/** A copy read once per database; dropped on a change here, by another server's (PostgreSQL), or after a while. */
interface Cached {
  parish: Promise<Parish>;
  readAt: number;
}
const cache = new WeakMap<Db, Cached>();
const subscribed = new WeakSet<Db>();
/** How long a copy is trusted without a word from the change feed (a lost notification costs at most this). */
const TRUSTED_MS = 5_000;

async function read(db: Db): Promise<Parish> {
  const row = await db.kysely.selectFrom('parishSettings').selectAll().where('slot', '=', 1).executeTakeFirst();
  // The migration writes the row; should it ever be gone, the first start's defaults stand in.
  if (!row) return { name: 'Our Parish', currency: 'NGN', timeZone: localTimeZone(), weekStart: 1 };
  return fromRow(ParishSettings, row);
}

/** The parish's name, currency, time zone and first day of the week, read cheaply (a cached copy). */
export function parishSettings(db: Db): Promise<Parish> {
  if (!subscribed.has(db)) {
    subscribed.add(db);
    db.changes?.subscribe(PARISH_SETTINGS, () => cache.delete(db));
  }
  const cached = cache.get(db);
  if (cached && Date.now() - cached.readAt < TRUSTED_MS) return cached.parish;
  const parish = read(db);
  const entry = { parish, readAt: Date.now() };
  cache.set(db, entry);
  // A failed read is not kept.
  parish.catch(() => cache.get(db) === entry && cache.delete(db));
  return parish;
}

/** The parish's time zone (the calendar's, the Mass week's, the exports' and the printouts' "today"). */
export async function parishTimeZone(db: Db): Promise<string> {
  return (await parishSettings(db)).timeZone;
}

/** The parish's day and time now (YYYY-MM-DD, HH:MM): "today" for the calendar, the Mass week and the exports. */
export async function parishNow(db: Db, now: Date = new Date()): Promise<{ date: string; time: string }> {
  return localNow(now, await parishTimeZone(db));
}

/** Saves the settings (already checked) and answers them as now stored. */
export async function saveParishSettings(db: Db, parish: Parish): Promise<Parish> {
  await db.kysely.transaction().execute(async (trx) => {
    const values = {
      name: parish.name,
      currency: parish.currency,
      timeZone: parish.timeZone,
      weekStart: parish.weekStart,
      updatedAt: timestamp(),
    };
    await trx
      .insertInto('parishSettings')
      .values({ slot: 1, ...values })
      .onConflict((oc) => oc.column('slot').doUpdateSet(values))
      .execute();
    await bumpChangeCounter(trx, PARISH_SETTINGS);
  });
  cache.delete(db);
  return parishSettings(db);
}
