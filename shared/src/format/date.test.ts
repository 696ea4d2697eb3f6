import { formatDate } from './date';

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
