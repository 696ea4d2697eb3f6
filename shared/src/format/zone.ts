// The time zone every screen shows days and times in: the parish's (Settings → Parish), so that a
// browser in another zone still sees the parish's days. Until the parish's is read, the browser's own.

const browserZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

let zone: string | undefined;

/** Sets the zone the dates are shown in (shared/parish does, once it has read the parish's). */
export function showDatesIn(timeZone: string | undefined): void {
  zone = timeZone;
}

/** The zone dates are shown in: the parish's, or the browser's while it is unknown. */
export const shownTimeZone = (): string => zone ?? browserZone();

const formats = new Map<string, Intl.DateTimeFormat>();

/** The calendar day and the clock of `date` in the shown zone, as numbers (month 1–12, hour 0–23). */
export function partsInZone(date: Date, timeZone = shownTimeZone()) {
  let format = formats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-GB', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
    });
    formats.set(timeZone, format);
  }
  const parts = Object.fromEntries(format.formatToParts(date).map((part) => [part.type, part.value]));
  return {
    year: Number(parts.year),
    month: Number(parts.month),
    day: Number(parts.day),
    hour: Number(parts.hour),
    minute: Number(parts.minute),
  };
}

const pad = (n: number) => String(n).padStart(2, '0');

/** The parish's today as YYYY-MM-DD (the day the Mass week, the calendar and the header start from). */
export function parishToday(now: Date = new Date()): string {
  const { year, month, day } = partsInZone(now);
  return `${String(year).padStart(4, '0')}-${pad(month)}-${pad(day)}`;
}

/** The parish's clock now as HH:mm (whether a Mass has begun). */
export function parishTimeNow(now: Date = new Date()): string {
  const { hour, minute } = partsInZone(now);
  return `${pad(hour)}:${pad(minute)}`;
}
