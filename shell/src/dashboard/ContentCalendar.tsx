import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { allows, formatDate, LoadFailed, LoadingBlock, parishToday, usePermissions, useUserId } from 'shared';
import { useResource } from 'shared/data';
import { analytics, calendarApi, type ContentCalendar } from './api';

type Day = ContentCalendar['days'][number];

/** The parish's today as YYYY-MM-DD (its zone, Settings → Parish), whatever the browser's or the server's. */
export const localToday = (now = new Date()): string => parishToday(now);

/** The days of the window in weeks from Monday, the days before the first one left empty. */
function weeksOf(days: Day[]): (Day | undefined)[][] {
  if (days.length === 0) return [];
  // getUTCDay: 0 is Sunday; the parish's week starts on Monday.
  const lead = (new Date(`${days[0]!.date}T00:00:00Z`).getUTCDay() + 6) % 7;
  const cells: (Day | undefined)[] = [...Array<undefined>(lead).fill(undefined), ...days];
  const weeks: (Day | undefined)[][] = [];
  for (let start = 0; start < cells.length; start += 7) weeks.push(cells.slice(start, start + 7));
  return weeks;
}

const WEEKDAYS = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'];
const WEEKDAY_NAMES = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];

const AUDIENCES = [
  { key: 'adultReflection', mark: 'A', name: 'Adult reflection', add: '/add-adult-reflection' },
  { key: 'childrenReflection', mark: 'C', name: 'Children reflection', add: '/add-children-reflection' },
] as const;

const plural = (count: number, one: string) => `${count} ${one}${count === 1 ? '' : 's'}`;

/** The Monday-morning answer: what the next seven days still lack. */
function weekSummary(days: Day[]): string {
  const week = days.slice(0, 7);
  const adult = week.filter((day) => !day.adultReflection).length;
  const children = week.filter((day) => !day.childrenReflection).length;
  const readings = week.filter((day) => !day.reading).length;
  if (adult + children + readings === 0) return 'The next 7 days have every reflection and reading.';
  const missing = [
    adult && plural(adult, 'adult reflection'),
    children && plural(children, 'children reflection'),
    readings && plural(readings, 'reading'),
  ].filter(Boolean) as string[];
  const list = missing.length > 1 ? `${missing.slice(0, -1).join(', ')} and ${missing.at(-1)}` : missing[0];
  return `The next 7 days miss ${list}.`;
}

const Summary = styled.p`
  margin: 0 0 ${({ theme }) => theme.space(4)};
  font-weight: 600;
`;

const Table = styled.table`
  width: 100%;
  border-collapse: separate;
  border-spacing: ${({ theme }) => theme.space(1)};
  table-layout: fixed;
  th {
    font-size: ${({ theme }) => theme.font.size.small};
    abbr {
      text-decoration: none;
    }
    color: ${({ theme }) => theme.color.muted};
    font-weight: 600;
    text-align: center;
  }
  td {
    vertical-align: top;
    border: 1px solid ${({ theme }) => theme.color.border};
    border-radius: 6px;
    padding: ${({ theme }) => theme.space(1)};
    height: 64px;
  }
  td:empty {
    border-color: transparent;
  }
  td[aria-current='date'] {
    border: 2px solid ${({ theme }) => theme.color.primary};
  }
  @media ${({ theme }) => theme.layout.narrowScreen} {
    border-spacing: 2px;
    td {
      padding: 2px;
    }
  }
`;

/** The calendar, and beside it on a wide screen (below on a phone) the plan's missing weeks. */
const Layout = styled.div`
  display: grid;
  grid-template-columns: minmax(0, 3fr) minmax(220px, 2fr);
  gap: ${({ theme }) => theme.space(6)};
  h4 {
    margin: 0 0 ${({ theme }) => theme.space(2)};
  }
  @media (max-width: 900px) {
    grid-template-columns: minmax(0, 1fr);
  }
`;

const DayNumber = styled.span`
  display: block;
  font-size: ${({ theme }) => theme.font.size.small};
  font-weight: 600;
  font-variant-numeric: tabular-nums;
  margin-bottom: ${({ theme }) => theme.space(1)};
  @media ${({ theme }) => theme.layout.narrowScreen} {
    font-size: 0.6875rem;
  }
`;

const Marks = styled.span`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space(1)};
`;

const markBox = `
  display: inline-flex;
  align-items: center;
  justify-content: center;
  min-width: 24px;
  height: 24px;
  border-radius: 12px;
  font-size: 0.75rem;
  font-weight: 700;
  text-decoration: none;
`;

const Present = styled.span`
  ${markBox}
  background: #e3f3ea;
  color: ${({ theme }) => theme.color.success};
`;

// A gap: red and dashed, a link to the add form where the member may add.
const Gap = styled.span`
  ${markBox}
  border: 1.5px dashed ${({ theme }) => theme.color.danger};
  color: ${({ theme }) => theme.color.danger};
  background: ${({ theme }) => theme.color.dangerSoft};
`;

const Legend = styled.p`
  margin: ${({ theme }) => theme.space(3)} 0 0;
  font-size: ${({ theme }) => theme.font.size.small};
  color: ${({ theme }) => theme.color.muted};
`;

const PlanWeeks = styled.ul`
  margin: 0;
  padding-left: ${({ theme }) => theme.space(5)};
  li + li {
    margin-top: ${({ theme }) => theme.space(1)};
  }
  /* The dashboard's cards take the underline off their links; in a sentence a link needs it. */
  && a {
    text-decoration: underline;
  }
`;

/** Days as dd/mm: a run of consecutive days as its first and last, else each. */
function daysOf(dates: string[]): string {
  const short = (date: string | undefined) => formatDate(date).slice(0, 5);
  const consecutive = calendarDatesAfter(dates[0]!, dates.length).every((date, index) => date === dates[index]);
  if (dates.length > 2 && consecutive) return `${short(dates[0])} to ${short(dates.at(-1))}`;
  return dates.map(short).join(', ');
}

/** `count` days from `first` (YYYY-MM-DD), as YYYY-MM-DD. */
function calendarDatesAfter(first: string, count: number): string[] {
  const start = Date.parse(`${first}T00:00:00Z`);
  return Array.from({ length: count }, (_, day) => new Date(start + day * 86_400_000).toISOString().slice(0, 10));
}

/** The add form of a reading, its date filled in (the form works out the day and week). */
const addReading = (date: string) => `/bible-plan-organizer?date=${date}`;

function Mark({ day, audience, canAdd }: { day: Day; audience: (typeof AUDIENCES)[number]; canAdd: boolean }) {
  const when = formatDate(day.date);
  if (day[audience.key]) {
    return (
      <Present role="img" aria-label={`${audience.name} for ${when}: added`} title={`${audience.name}: added`}>
        {audience.mark}
      </Present>
    );
  }
  const label = `${audience.name} for ${when}: missing`;
  if (!canAdd) {
    return (
      <Gap role="img" aria-label={label} title={`${audience.name}: missing`}>
        {audience.mark}
      </Gap>
    );
  }
  return (
    <Gap
      as={Link}
      to={`${audience.add}?date=${day.date}`}
      aria-label={`${label}, add it`}
      title={`Add the ${audience.name.toLowerCase()}`}
    >
      {audience.mark}
    </Gap>
  );
}

/**
 * The dashboard's content calendar: the next 30 days, for each whether its adult and children
 * reflections exist, and the Bible-in-a-year plan's weeks that lack a reading. A gap links to its add
 * form with the date filled in, for a member who may add content.
 */
export function ContentCalendarCard({ today = localToday() }: { today?: string }) {
  const userId = useUserId();
  const canAdd = allows(usePermissions(), 'content');
  const load = useResource(analytics.list({ userId, calendarFrom: today }), (signal) =>
    calendarApi.get(userId, today, signal),
  );
  if (load.error) return <LoadFailed error={load.error} retry={load.reload} what="The content calendar" />;
  if (!load.data) return <LoadingBlock />;
  const { days, missingPlanWeeks } = load.data;

  return (
    <>
      <Summary>{weekSummary(days)}</Summary>
      <Layout>
        <div>
          <Table aria-label="Reflections of the next 30 days">
            <thead>
              <tr>
                {WEEKDAYS.map((weekday, index) => (
                  <th key={weekday} scope="col">
                    <abbr title={WEEKDAY_NAMES[index]}>{weekday}</abbr>
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {weeksOf(days).map((week) => (
                <tr key={week.find(Boolean)!.date}>
                  {week.map((day, index) =>
                    day ? (
                      <td key={day.date} aria-current={day.date === today ? 'date' : undefined}>
                        <DayNumber>{formatDate(day.date).slice(0, 5)}</DayNumber>
                        <Marks>
                          {AUDIENCES.map((audience) => (
                            <Mark key={audience.key} day={day} audience={audience} canAdd={canAdd} />
                          ))}
                        </Marks>
                      </td>
                    ) : (
                      <td key={`before-${index}`} />
                    ),
                  )}
                </tr>
              ))}
            </tbody>
          </Table>
          <Legend>A: adult reflection · C: children reflection · green: added · red: missing · framed: today</Legend>
        </div>
        <div>
          <h4>Bible in a year</h4>
          {missingPlanWeeks.length === 0 ? (
            <p>Every day of the next 30 has its reading.</p>
          ) : (
            <PlanWeeks aria-label="Weeks of the plan missing readings">
              {missingPlanWeeks.map(({ week, missingDates }) => (
                <li key={week}>
                  Week {week} misses {plural(missingDates.length, 'reading')} ({daysOf(missingDates)})
                  {canAdd && (
                    <>
                      {' — '}
                      <Link to={addReading(missingDates[0]!)}>
                        Add the reading of {formatDate(missingDates[0]).slice(0, 5)}
                      </Link>
                    </>
                  )}
                </li>
              ))}
            </PlanWeeks>
          )}
        </div>
      </Layout>
    </>
  );
}
