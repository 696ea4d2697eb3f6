import { parsePlan, toIsoDate } from './csv';

describe('parsePlan', () => {
  it('reads the columns in any order and case, and dates in either format', () => {
    const plan = parsePlan(
      '\uFEFFPassage,Week,Day,Date\n"Genesis 1–3, Psalm 1",1,1,2026-01-01\nGenesis 4–6,1,2,02/01/2026\n\n',
    );
    expect(plan.fileError).toBeUndefined();
    expect(plan.rows).toEqual([
      {
        row: 1,
        date: '2026-01-01',
        raw: { day: '1', week: '1', date: '2026-01-01', passage: 'Genesis 1–3, Psalm 1' },
        reading: { day: 1, week: 1, date: '2026-01-01', passage: 'Genesis 1–3, Psalm 1' },
      },
      {
        row: 2,
        date: '2026-01-02',
        raw: { day: '2', week: '1', date: '02/01/2026', passage: 'Genesis 4–6' },
        reading: { day: 2, week: 1, date: '2026-01-02', passage: 'Genesis 4–6' },
      },
    ]);
  });

  it("gives each bad row the form's message, and finds a day given twice", () => {
    const plan = parsePlan(
      [
        'day,week,date,passage',
        '0,1,2026-01-01,a',
        '2,53,2026-01-02,b',
        ',1,2026-01-03,c',
        '4,,2026-01-04,d',
        '5,1,,e',
        '6,1,2026-01-06,',
        '7,1,31/02/2026,g',
        'x,1,2026-01-08,h',
        '9,2,2026-01-09,i',
        '9,2,2026-01-10,j',
      ].join('\n'),
    );
    expect(plan.rows.map((row) => [row.row, row.error])).toEqual([
      [1, 'Day must be at least 1'],
      [2, 'Week must be at most 52'],
      [3, 'Day is required'],
      [4, 'Week is required'],
      [5, 'Date is required'],
      [6, 'Passage is required'],
      [7, 'Date must be a date written yyyy-mm-dd or dd/mm/yyyy'],
      [8, 'Day must be a number'],
      [9, undefined],
      [10, 'Day 9 is also on row 9'],
    ]);
  });

  it('refuses a file without the four columns, or without rows', () => {
    expect(parsePlan('when,what\nJanuary,Genesis').fileError).toMatch(/header line with the columns/);
    // Semicolons (spreadsheets in many countries) are recognised.
    expect(parsePlan('day;week;date;passage\n1;1;2026-01-01;a').rows[0].reading?.passage).toBe('a');
    expect(parsePlan('day,week,date\n1,1,2026-01-01').fileError).toMatch(/missing: passage/);
    expect(parsePlan('day,week,date,passage\n').fileError).toBe('The file has no readings under its header line.');
  });

  it('normalises dates', () => {
    expect(toIsoDate('2026-3-5')).toBe('2026-03-05');
    expect(toIsoDate('29/02/2028')).toBe('2028-02-29');
    expect(toIsoDate('29/02/2027')).toBeUndefined();
    expect(toIsoDate('March 5')).toBeUndefined();
  });
});
