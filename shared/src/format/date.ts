import { partsInZone } from './zone';

const pad = (n: number) => String(n).padStart(2, '0');

/** A timestamp as a Date, or undefined for nothing or something unreadable. */
function toDate(value: string | number | Date | null | undefined): Date | undefined {
  if (value === null || value === undefined || value === '') return undefined;
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? undefined : date;
}

/**
 * dd/mm/yyyy (spec §9), the one way every screen shows a day. A plain `YYYY-MM-DD` is a calendar day
 * and is shown as such, whatever the browser's time zone; a full timestamp is shown in the parish's
 * time zone (format/zone.ts), whatever the browser's. Unreadable input gives ''.
 */
export function formatDate(value: string | number | Date | null | undefined): string {
  if (typeof value === 'string') {
    const day = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
    if (day) return `${day[3]}/${day[2]}/${day[1]}`;
  }
  const date = toDate(value);
  if (!date) return '';
  const { year, month, day } = partsInZone(date);
  return `${pad(day)}/${pad(month)}/${year}`;
}

/** dd/mm/yyyy HH:mm in the parish's time zone on the 24-hour clock, the one way every screen shows a moment. */
export function formatDateTime(value: string | number | Date | null | undefined): string {
  const date = toDate(value);
  if (!date) return '';
  const { hour, minute } = partsInZone(date);
  return `${formatDate(date)} ${pad(hour)}:${pad(minute)}`;
}

const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

export const DATE_SHAPE_MESSAGE = 'Write the date as dd/mm/yyyy, e.g. 05/03/2026';

/**
 * A day typed as dd/mm/yyyy (one-digit day or month too) read as `YYYY-MM-DD`, the form the API takes;
 * or, when the text is not a day of the calendar, why not in words.
 */
export function parseDate(text: string): { date: string } | { error: string } {
  const typed = text.trim();
  const parts = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(typed);
  if (!parts) return { error: DATE_SHAPE_MESSAGE };
  const [day, month, year] = [Number(parts[1]), Number(parts[2]), Number(parts[3])];
  if (month < 1 || month > 12) return { error: `${typed} is not a date: there are 12 months` };
  if (day < 1) return { error: `${typed} is not a date: days start at 01` };
  const days = new Date(Date.UTC(year, month, 0)).getUTCDate();
  if (day > days) return { error: `${typed} is not a date: ${MONTHS[month - 1]} ${year} has ${days} days` };
  return { date: `${String(year).padStart(4, '0')}-${pad(month)}-${pad(day)}` };
}
