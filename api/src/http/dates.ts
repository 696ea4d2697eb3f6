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

/**
 * The day and time now in a time zone: the parish's (Settings → Parish, parish/settings.ts), whatever
 * the server's TZ. The Masses are dated in it, and the content calendar and the CSV exports take it
 * when the browser gives none.
 */
export function localNow(now: Date = new Date(), timeZone: string = localTimeZone()): { date: string; time: string } {
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
    });
    clocks.set(timeZone, clock);
  }
  const part = Object.fromEntries(clock.formatToParts(now).map(({ type, value }) => [type, Number(value)]));
  return {
    date: `${String(part.year).padStart(4, '0')}-${two(part.month!)}-${two(part.day!)}`,
    time: `${two(part.hour!)}:${two(part.minute!)}`,
  };
}
