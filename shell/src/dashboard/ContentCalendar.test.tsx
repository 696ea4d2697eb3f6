import { screen, within } from '@testing-library/react';
import { session } from 'shared';
import { renderRoutes, signIn, stubApi } from 'shared/testing';
import { ContentCalendarCard, localToday } from './ContentCalendar';
import type { ContentCalendar } from './api';

const userId = '0123456789abcdef01234567';

/** 30 days from `from`, with the reflections and readings of the days listed. */
function calendar(from: string, has: { adult?: string[]; children?: string[]; readings?: string[] }): ContentCalendar {
  const start = Date.parse(`${from}T00:00:00Z`);
  const days = Array.from({ length: 30 }, (_, index) => {
    const date = new Date(start + index * 86_400_000).toISOString().slice(0, 10);
    return {
      date,
      adultReflection: has.adult?.includes(date) ?? false,
      childrenReflection: has.children?.includes(date) ?? false,
      reading: has.readings?.includes(date) ?? false,
      planWeek: 48,
    };
  });
  return {
    from,
    to: days.at(-1)!.date,
    days,
    missingPlanWeeks: [
      { week: 48, missingDates: ['2026-12-02'] },
      { week: 49, missingDates: ['2026-12-03', '2026-12-04', '2026-12-05', '2026-12-06', '2026-12-07'] },
      { week: 50, missingDates: ['2026-12-10', '2026-12-12'] },
    ],
  };
}

const NOVEMBER_30 = calendar('2026-11-30', {
  adult: ['2026-11-30'],
  children: ['2026-12-01'],
  readings: ['2026-11-30', '2026-12-01'],
});

function show(answer: ContentCalendar, today = answer.from) {
  const calls = stubApi({ [`GET /analytics/calendar/${userId}`]: () => [200, { message: 'ok', data: answer }] });
  renderRoutes([{ path: '/dashboard', element: <ContentCalendarCard today={today} /> }], '/dashboard');
  return calls;
}

beforeEach(() => {
  localStorage.clear();
  session.clear();
  signIn(userId);
});

describe('the content calendar', () => {
  it('says first what the next 7 days miss', async () => {
    show(NOVEMBER_30);
    expect(
      await screen.findByText('The next 7 days miss 6 adult reflections, 6 children reflections and 5 readings.'),
    ).toBeInTheDocument();
  });

  it('links each missing reflection to its add form with the date filled in', async () => {
    show(NOVEMBER_30);
    expect(await screen.findByRole('img', { name: 'Adult reflection for 30/11/2026: added' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Adult reflection for 02/12/2026: missing, add it' })).toHaveAttribute(
      'href',
      '/add-adult-reflection?date=2026-12-02',
    );
    expect(screen.getByRole('link', { name: 'Children reflection for 30/11/2026: missing, add it' })).toHaveAttribute(
      'href',
      '/add-children-reflection?date=2026-11-30',
    );
    expect(screen.getAllByRole('link', { name: /^Adult reflection for .*: missing, add it$/ })).toHaveLength(29);
  });

  it("names the plan's weeks missing readings and links the first day of each to Add Bible Plan", async () => {
    show(NOVEMBER_30);
    const weeks = await screen.findByRole('list', { name: 'Weeks of the plan missing readings' });
    const items = within(weeks).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      'Week 48 misses 1 reading (02/12) — Add the reading of 02/12',
      'Week 49 misses 5 readings (03/12 to 07/12) — Add the reading of 03/12',
      'Week 50 misses 2 readings (10/12, 12/12) — Add the reading of 10/12',
    ]);
    expect(within(items[0]!).getByRole('link', { name: 'Add the reading of 02/12' })).toHaveAttribute(
      'href',
      '/bible-plan-organizer?date=2026-12-02',
    );
  });

  it('lays the days out in weeks from Monday', async () => {
    show(calendar('2026-12-02', {}));
    const table = await screen.findByRole('table', { name: 'Reflections of the next 30 days' });
    const [header, first] = within(table).getAllByRole('row');
    expect(
      within(header!)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun']);
    // 2 December 2026 is a Wednesday.
    expect(
      within(first!)
        .getAllByRole('cell')
        .map((cell) => cell.textContent?.slice(0, 5)),
    ).toEqual(['', '', '02/12', '03/12', '04/12', '05/12', '06/12']);
  });

  it('shows a Guest User the gaps without links to forms it may not save', async () => {
    signIn(userId, []);
    show(NOVEMBER_30);
    expect(await screen.findByRole('img', { name: 'Adult reflection for 02/12/2026: missing' })).toBeInTheDocument();
    expect(screen.queryAllByRole('link')).toEqual([]);
  });

  it("asks for the 30 days from the browser's today", async () => {
    const calls = show(NOVEMBER_30, localToday());
    await screen.findByRole('table');
    expect(calls[0]!.params).toEqual({ from: localToday() });
    expect(localToday(new Date(2026, 10, 30, 23, 59))).toBe('2026-11-30');
  });

  it('says when the calendar cannot be loaded, with a way to try again', async () => {
    stubApi({ [`GET /analytics/calendar/${userId}`]: () => [500, { message: 'The database is down' }] });
    renderRoutes([{ path: '/dashboard', element: <ContentCalendarCard today="2026-11-30" /> }], '/dashboard');
    expect(await screen.findByText(/The database is down/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /try again|retry/i })).toBeInTheDocument();
  });
});
