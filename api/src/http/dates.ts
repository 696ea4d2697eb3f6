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

/**
 * The parish's day and time now: the server's own clock, whose TZ is the parish's (docs/masses.md). The Masses
 * are dated in it, and the content calendar and the CSV exports take it when the browser gives none.
 */
export function localNow(now: Date = new Date()): { date: string; time: string } {
  return {
    date: `${now.getFullYear()}-${two(now.getMonth() + 1)}-${two(now.getDate())}`,
    time: `${two(now.getHours())}:${two(now.getMinutes())}`,
  };
}

/** The server's time zone (its TZ), the parish's: an IANA name such as Africa/Lagos. */
export const localTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;
