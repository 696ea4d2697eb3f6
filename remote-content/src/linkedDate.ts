import { useSearchParams } from 'react-router-dom';

const DAY_MS = 86_400_000;

/** A real calendar day written YYYY-MM-DD (2026-02-30 is not one). */
function isCalendarDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const time = Date.parse(`${value}T00:00:00Z`);
  return !Number.isNaN(time) && new Date(time).toISOString().slice(0, 10) === value;
}

/**
 * The day a link fills into an add form (`?date=YYYY-MM-DD`, as the dashboard's content calendar
 * links a gap); '' for none, or for anything that is not a calendar day.
 */
export function useLinkedDate(): string {
  const [params] = useSearchParams();
  const date = params.get('date') ?? '';
  return isCalendarDate(date) ? date : '';
}

/** The day of the year of a YYYY-MM-DD day, 1 to 366. */
export function dayOfYear(date: string): number {
  return Math.round((Date.parse(`${date}T00:00:00Z`) - Date.UTC(Number(date.slice(0, 4)), 0, 1)) / DAY_MS) + 1;
}
