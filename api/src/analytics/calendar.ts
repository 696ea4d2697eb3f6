import type { Db } from '../db/database';
import { CALENDAR_DAYS, type ContentCalendar } from './schemas';

const DAY_MS = 24 * 60 * 60 * 1000;

/** `count` calendar days from `from` (YYYY-MM-DD), as YYYY-MM-DD. */
export function calendarDates(from: string, count: number): string[] {
  const start = Date.parse(`${from}T00:00:00Z`);
  return Array.from({ length: count }, (_, day) => new Date(start + day * DAY_MS).toISOString().slice(0, 10));
}

/** The day of the year of a YYYY-MM-DD day, 1 to 366: the plan's day it reads. */
export function dayOfYear(date: string): number {
  return Math.round((Date.parse(`${date}T00:00:00Z`) - Date.UTC(Number(date.slice(0, 4)), 0, 1)) / DAY_MS) + 1;
}

/**
 * The Bible-in-a-year plan's week of a day: its day of the year counted in sevens (1–7 is week 1), the
 * one or two days after the 364th in week 52, as the plan's weeks run 1 to 52.
 */
export function planWeek(date: string): number {
  return Math.min(52, Math.ceil(dayOfYear(date) / 7));
}

/** For each of CALENDAR_DAYS days from `from`: which reflections exist, and whether the plan reads it. */
export async function contentCalendar(db: Db, from: string): Promise<ContentCalendar> {
  const dates = calendarDates(from, CALENDAR_DAYS);
  const to = dates[dates.length - 1]!;
  const [reflections, readings] = await Promise.all([
    db.kysely
      .selectFrom('reflections')
      .select(['date', 'audience'])
      .where('date', '>=', from)
      .where('date', '<=', to)
      .execute(),
    // The plan is a year of days, read again every year: a day has its reading when the plan has one for
    // its day of the year, whatever year the reading was dated in when added.
    db.kysely
      .selectFrom('readings')
      .select('day')
      .where('day', 'in', [...new Set(dates.map(dayOfYear))])
      .execute(),
  ]);
  const reflected = new Set(reflections.map((row) => `${row.audience} ${row.date}`));
  const read = new Set(readings.map((row) => Number(row.day)));

  const days = dates.map((date) => ({
    date,
    adultReflection: reflected.has(`adult ${date}`),
    childrenReflection: reflected.has(`children ${date}`),
    reading: read.has(dayOfYear(date)),
    planWeek: planWeek(date),
  }));
  const missingPlanWeeks: ContentCalendar['missingPlanWeeks'] = [];
  for (const day of days) {
    if (day.reading) continue;
    const last = missingPlanWeeks[missingPlanWeeks.length - 1];
    if (last?.week === day.planWeek) last.missingDates.push(day.date);
    else missingPlanWeeks.push({ week: day.planWeek, missingDates: [day.date] });
  }
  return { from, to, days, missingPlanWeeks };
}
