import type { Db } from '../db/database';
import { CALENDAR_DAYS, type ContentCalendar } from './schemas';

const DAY_MS = 24 * 60 * 60 * 1000;

/** `count` calendar days from `from` (YYYY-MM-DD), as YYYY-MM-DD. */
export function calendarDates(from: string, count: number): string[] {
  const start = Date.parse(`${from}T00:00:00Z`);
  return Array.from({ length: count }, (_, day) => new Date(start + day * DAY_MS).toISOString().slice(0, 10));
}

/**
 * The Bible-in-a-year plan's week of a day: its day of the year counted in sevens (1–7 is week 1), the
 * one or two days after the 364th in week 52, as the plan's weeks run 1 to 52.
 */
export function planWeek(date: string): number {
  const year = Number(date.slice(0, 4));
  const dayOfYear = Math.round((Date.parse(`${date}T00:00:00Z`) - Date.UTC(year, 0, 1)) / DAY_MS) + 1;
  return Math.min(52, Math.ceil(dayOfYear / 7));
}

/** For each of CALENDAR_DAYS days from `from`: which reflections and which reading exist. */
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
    db.kysely.selectFrom('readings').select('date').where('date', '>=', from).where('date', '<=', to).execute(),
  ]);
  const reflected = new Set(reflections.map((row) => `${row.audience} ${row.date}`));
  const read = new Set(readings.map((row) => row.date));

  const days = dates.map((date) => ({
    date,
    adultReflection: reflected.has(`adult ${date}`),
    childrenReflection: reflected.has(`children ${date}`),
    reading: read.has(date),
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
