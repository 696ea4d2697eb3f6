import { sql } from 'kysely';
import type { Db } from '../db/database';
import { inOneSnapshot } from '../http/paging';
import { countPrayerRequests, countRespondedPrayerRequests } from '../prayer-requests/repository';
import { DONATION_MONTHS, type Analytics } from './schemas';

/** "New" means created within this many days. */
export const NEW_WITHIN_DAYS = 30;

type Figure<T> = (db: Db, now: Date) => Promise<T>;

/** A figure whose source the server does not hold (yet): reported as such, never invented. */
const notStored =
  <T>(value: T): Figure<T> =>
  async () =>
    value;

/** The start of the "new" window: NEW_WITHIN_DAYS before now, as stored timestamps are written. */
export function newSince(now: Date): string {
  return new Date(now.getTime() - NEW_WITHIN_DAYS * 24 * 60 * 60 * 1000).toISOString();
}

/**
 * The UTC calendar months of the donations series, oldest first: DONATION_MONTHS of them, the
 * month of `now` last, as 'YYYY-MM'.
 */
export function donationMonths(now: Date): string[] {
  const months: string[] = [];
  for (let back = DONATION_MONTHS - 1; back >= 0; back--) {
    // Date.UTC carries a negative month into the years before.
    months.push(new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - back, 1)).toISOString().slice(0, 7));
  }
  return months;
}

/**
 * The donations added per UTC calendar month over donationMonths(now), zero-filled. Stored
 * timestamps are ISO-8601 UTC text on both engines, so a month is the text's first 7 characters and
 * one grouped query of the window serves SQLite and PostgreSQL alike.
 */
export async function donationsByMonth(db: Db, now: Date): Promise<Analytics['donationsByMonth']> {
  const months = donationMonths(now);
  const from = `${months[0]}-01T00:00:00.000Z`;
  const until = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1)).toISOString();
  const month = sql<string>`substr(created_at, 1, 7)`;
  const rows = await db.kysely
    .selectFrom('donations')
    .select((eb) => [month.as('month'), eb.fn.countAll().as('count')])
    .where('createdAt', '>=', from)
    .where('createdAt', '<', until)
    .groupBy(month)
    .execute();
  const counts = new Map(rows.map((row) => [row.month, toCount(row.count)]));
  return months.map((m) => ({ month: m, count: counts.get(m) ?? 0 }));
}

/**
 * One query per figure. A feature that starts storing a figure's source replaces its entry with a
 * query.
 * - App users, sign-ups, downloads and reading-plan progress live in the mobile app's backend.
 * - Prayer requests are counted as stored; those responded to are the ones the team marked Prayed for
 *   or Answered (deleting a request is not answering it).
 */
export const figures: { [K in keyof Analytics]: Figure<Analytics[K]> } = {
  totalUsers: notStored(0),
  totalBooks: async (db) => {
    const row = await db.kysely
      .selectFrom('books')
      .select((eb) => eb.fn.countAll().as('count'))
      .executeTakeFirst();
    return toCount(row?.count);
  },
  newUsers: notStored(0),
  newBooks: async (db, now) => {
    const row = await db.kysely
      .selectFrom('books')
      .select((eb) => eb.fn.countAll().as('count'))
      .where('dateAdded', '>=', newSince(now))
      .executeTakeFirst();
    return toCount(row?.count);
  },
  mostDownloadedBook: notStored(null),
  totalUsersFollowingReadingPlan: notStored(0),
  percentageOfUsersCompletingDailyReadings: notStored(0),
  dropOffRate: notStored(0),
  // The stored prayer requests, and those of them prayed for or answered.
  totalPrayerRequests: (db) => countPrayerRequests(db),
  totalPrayerRequestsResponded: (db) => countRespondedPrayerRequests(db),
  donationsByMonth,
};

/** Every figure, read from one snapshot so that they agree (never more new books than books). */
export async function computeAnalytics(db: Db, now = new Date()): Promise<Analytics> {
  const names = Object.keys(figures) as (keyof Analytics)[];
  const values = await inOneSnapshot(db, async (kysely) => {
    const snapshot: Db = { ...db, kysely };
    const read: unknown[] = [];
    for (const name of names) read.push(await figures[name](snapshot, now));
    return read;
  });
  return Object.fromEntries(names.map((name, i) => [name, values[i]])) as unknown as Analytics;
}

/** Count helper for figure queries: both engines may return counts as text or bigint. */
export function toCount(value: unknown): number {
  return Number(value ?? 0);
}
