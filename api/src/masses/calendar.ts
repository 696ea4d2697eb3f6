import { localNow } from '../http/dates';
import { WEEKDAYS, type Weekday } from './schemas';

// Masses are dated in the parish's local time, its time zone (Settings → Parish). Days are
// 'YYYY-MM-DD' texts, times 'HH:MM': both sort as text, so a Mass's moment is `${date} ${time}`.

/** The day `days` after (or before) a day. */
export function addDays(day: string, days: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

export function weekdayOf(day: string): Weekday {
  return WEEKDAYS[new Date(`${day}T00:00:00Z`).getUTCDay()]!;
}

/**
 * The first day of the week a day is in, for a parish whose weeks start on `weekStart` (0 Sunday … 6
 * Saturday, as getDay counts; Settings → Parish).
 */
export function weekStartOf(day: string, weekStart: number): string {
  const sunday0 = new Date(`${day}T00:00:00Z`).getUTCDay();
  return addDays(day, -((sunday0 - weekStart + 7) % 7));
}

/** The Monday of the week a day is in (weeks run Monday to Sunday). */
export const mondayOf = (day: string): string => weekStartOf(day, 1);

/** Whether a Mass on that day at that time has begun, on the parish's clock (`timeZone`). */
export function hasBegun(date: string, time: string, timeZone: string, now: Date = new Date()): boolean {
  const current = localNow(now, timeZone);
  return `${date} ${time}` <= `${current.date} ${current.time}`;
}
