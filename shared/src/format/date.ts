const pad = (n: number) => String(n).padStart(2, '0');

/**
 * dd/mm/yyyy (spec §9). A plain `YYYY-MM-DD` is a calendar day and is shown as such, whatever the
 * browser's time zone; a full timestamp is shown in local time. Unreadable input gives ''.
 */
export function formatDate(value: string | number | Date | null | undefined): string {
  if (value === null || value === undefined || value === '') return '';
  if (typeof value === 'string') {
    const day = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
    if (day) return `${day[3]}/${day[2]}/${day[1]}`;
  }
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  return `${pad(date.getDate())}/${pad(date.getMonth() + 1)}/${date.getFullYear()}`;
}
