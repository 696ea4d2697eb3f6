/** A real calendar day written YYYY-MM-DD (2026-02-30 is not one). */
export function isCalendarDate(value: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

export const DATE_MESSAGE = (field: string) => `${field} must be a calendar date written YYYY-MM-DD`;

const two = (n: number) => String(n).padStart(2, '0');

/** The server's time zone (its TZ): an IANA name such as Africa/Lagos. The parish's at its first start. */
export const localTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

const clocks = new Map<string, Intl.DateTimeFormat>();

/** The wall clock of `at` in `timeZone`, written as if it were UTC (read it with getUTC…). */
export function wallClock(at: number, timeZone: string): number {
  let clock = clocks.get(timeZone);
  if (!clock) {
    clock = new Intl.DateTimeFormat('en-GB', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    clocks.set(timeZone, clock);
  }
  const part = Object.fromEntries(clock.formatToParts(new Date(at)).map(({ type, value }) => [type, Number(value)]));
  return Date.UTC(part.year!, part.month! - 1, part.day!, part.hour!, part.minute!, part.second!);
}

/**
 * The day and time now in a time zone: the parish's (Settings → Parish, parish/settings.ts), whatever
 * the server's TZ. The Masses are dated in it, and the content calendar and the CSV exports take it
 * when the browser gives none.
 */
export function localNow(now: Date = new Date(), timeZone: string = localTimeZone()): { date: string; time: string } {
  const wall = new Date(wallClock(now.getTime(), timeZone));
  return {
    date: `${String(wall.getUTCFullYear()).padStart(4, '0')}-${two(wall.getUTCMonth() + 1)}-${two(wall.getUTCDate())}`,
    time: `${two(wall.getUTCHours())}:${two(wall.getUTCMinutes())}`,
  };
}
