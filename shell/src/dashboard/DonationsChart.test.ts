import { axisLabels, monthName } from './DonationsChart';

const months = ['2025-12', '2026-01', '2026-02', '2026-03', '2026-04', '2026-05'];

describe('the donations chart’s month labels', () => {
  it('names each month short, with the year under the first one and under each January', () => {
    expect(axisLabels(months, false)).toEqual([['Dec', '2025'], ['Jan', '2026'], 'Feb', 'Mar', 'Apr', 'May']);
  });

  it('labels every other month on a narrow chart, the current one always, the year where it changes', () => {
    expect(axisLabels(months, true)).toEqual([null, ['Jan', '2026'], null, 'Mar', null, 'May']);
    expect(axisLabels(['2025-11', ...months], true)).toEqual([
      ['Nov', '2025'],
      null,
      ['Jan', '2026'],
      null,
      'Mar',
      null,
      'May',
    ]);
  });

  it('names the month in full for the table, in English', () => {
    expect(monthName('2026-11')).toBe('November 2026');
  });
});
