import { formatDate, formatDateTime, parseDate } from './date';

describe('formatDate', () => {
  it('shows dd/mm/yyyy', () => {
    expect(formatDate('2026-01-05')).toBe('05/01/2026');
    expect(formatDate(new Date(2026, 10, 22, 23, 59))).toBe('22/11/2026');
  });
  it('gives nothing for nothing or nonsense', () => {
    expect(formatDate('')).toBe('');
    expect(formatDate(undefined)).toBe('');
    expect(formatDate('yesterday')).toBe('');
  });
});

describe('formatDateTime', () => {
  it('shows dd/mm/yyyy HH:mm in local time, on the 24-hour clock', () => {
    expect(formatDateTime(new Date(2026, 10, 26, 5, 36))).toBe('26/11/2026 05:36');
    expect(formatDateTime(new Date(2026, 0, 5, 17, 4).toISOString())).toBe('05/01/2026 17:04');
    expect(formatDateTime(new Date(2026, 0, 5, 0, 0).getTime())).toBe('05/01/2026 00:00');
  });
  it('gives nothing for nothing or nonsense', () => {
    expect(formatDateTime('')).toBe('');
    expect(formatDateTime(null)).toBe('');
    expect(formatDateTime('soon')).toBe('');
  });
});

describe('parseDate', () => {
  it('reads dd/mm/yyyy (one-digit day and month too) as yyyy-mm-dd', () => {
    expect(parseDate('05/03/2026')).toEqual({ date: '2026-03-05' });
    expect(parseDate(' 5/3/2026 ')).toEqual({ date: '2026-03-05' });
    expect(parseDate('29/02/2028')).toEqual({ date: '2028-02-29' });
  });
  it('says why a text is not a date', () => {
    expect(parseDate('31/02/2026')).toEqual({ error: '31/02/2026 is not a date: February 2026 has 28 days' });
    expect(parseDate('10/13/2026')).toEqual({ error: '10/13/2026 is not a date: there are 12 months' });
    expect(parseDate('00/01/2026')).toEqual({ error: '00/01/2026 is not a date: days start at 01' });
    expect(parseDate('2026-03-05')).toEqual({ error: 'Write the date as dd/mm/yyyy, e.g. 05/03/2026' });
    expect(parseDate('5 March')).toEqual({ error: 'Write the date as dd/mm/yyyy, e.g. 05/03/2026' });
  });
});
