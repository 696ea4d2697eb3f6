import { formatDate, parishTimeNow, parishToday } from 'shared';

// Days as the server keeps them: 'YYYY-MM-DD' in the parish's local time; weeks run Monday to Sunday.

/** Today, in the parish's time zone (Settings → Parish), whatever the browser's. */
export function today(now: Date = new Date()): string {
  return parishToday(now);
}

/**
 * Whether a Mass on that day at that time has begun, on the parish's clock: the week's `past` as the
 * server words it, for a Mass the screen knows only by its date and time.
 */
export function hasBegun(date: string, time: string, now: Date = new Date()): boolean {
  return `${date} ${time}` <= `${parishToday(now)} ${parishTimeNow(now)}`;
}

export function addDays(day: string, days: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

const WEEKDAY_NAMES = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const;

export function weekdayOf(day: string): (typeof WEEKDAY_NAMES)[number] {
  return WEEKDAY_NAMES[new Date(`${day}T00:00:00Z`).getUTCDay()]!;
}

/** The first day of the week a day is in, for weeks starting on `weekStart` (0 Sunday … 6, as getDay). */
export function weekStartOf(day: string, weekStart: number): string {
  return addDays(day, -((new Date(`${day}T00:00:00Z`).getUTCDay() - weekStart + 7) % 7));
}

/** The Monday of the week a day is in. */
export const mondayOf = (day: string): string => weekStartOf(day, 1);

/** Whether the text is a day of the calendar. */
export function isDay(text: string | null): text is string {
  return !!text && /^\d{4}-\d{2}-\d{2}$/.test(text) && new Date(`${text}T00:00:00Z`).toISOString().startsWith(text);
}

/** 'Week of 23/11/2026 – 29/11/2026'. */
export function weekInWords(monday: string): string {
  return `Week of ${formatDate(monday)} – ${formatDate(addDays(monday, 6))}`;
}

/** A Mass in a few words: 'Sunday 29/11/2026 10:30, Main church'. */
export function massInWords(mass: { date: string; time: string; place: string; title?: string }): string {
  return `${mass.title ? `${mass.title}, ` : ''}${weekdayOf(mass.date)} ${formatDate(mass.date)} ${mass.time}, ${mass.place}`;
}

/** Masses grouped by their day, in the order given (a week's, day by day). */
export function byDay<M extends { date: string }>(masses: M[]): [string, M[]][] {
  const days = new Map<string, M[]>();
  for (const mass of masses) days.set(mass.date, [...(days.get(mass.date) ?? []), mass]);
  return [...days];
}
