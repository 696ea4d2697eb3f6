import type { Db } from '../db/database';

/** The dashboard's figures (spec section 3, "Analytics"). */
export interface AnalyticsData {
  totalUsers: number;
  totalBooks: number;
  newUsers: number;
  newBooks: number;
  mostDownloadedBook: string | null;
  totalUsersFollowingReadingPlan: number;
  percentageOfUsersCompletingDailyReadings: number;
  dropOffRate: number;
  totalPrayerRequests: number;
  totalPrayerRequestsResponded: number;
}

/** "New" means created within this many days. */
export const NEW_WITHIN_DAYS = 30;

type Figure<T> = (db: Db, now: Date) => Promise<T>;

/** A figure whose source the server does not hold (yet): reported as such, never invented. */
const notStored =
  <T>(value: T): Figure<T> =>
  async () =>
    value;

/**
 * One query per figure. A feature that starts storing a figure's source replaces its entry with a
 * query (e.g. totalBooks: count of books; newBooks: books created after now - NEW_WITHIN_DAYS).
 * - App users, sign-ups, downloads and reading-plan progress live in the mobile app's backend.
 * - Books and prayer requests are not stored by this server yet.
 */
export const figures: { [K in keyof AnalyticsData]: Figure<AnalyticsData[K]> } = {
  totalUsers: notStored(0),
  totalBooks: notStored(0),
  newUsers: notStored(0),
  newBooks: notStored(0),
  mostDownloadedBook: notStored(null),
  totalUsersFollowingReadingPlan: notStored(0),
  percentageOfUsersCompletingDailyReadings: notStored(0),
  dropOffRate: notStored(0),
  totalPrayerRequests: notStored(0),
  totalPrayerRequestsResponded: notStored(0),
};

export async function computeAnalytics(db: Db, now = new Date()): Promise<AnalyticsData> {
  const names = Object.keys(figures) as (keyof AnalyticsData)[];
  const values = await Promise.all(names.map((name) => figures[name](db, now)));
  return Object.fromEntries(names.map((name, i) => [name, values[i]])) as unknown as AnalyticsData;
}

/** Count helper for figure queries: both engines may return counts as text or bigint. */
export function toCount(value: unknown): number {
  return Number(value ?? 0);
}
