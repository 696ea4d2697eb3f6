import { DayPicker, type WeekdaysProps } from 'react-day-picker';
import { enGB } from 'react-day-picker/locale/en-GB';
import { parishToday } from '../format/zone';
import { useParish } from '../parish/parish';

/** The first day of the week, as `Date.getDay()` counts: 0 is Sunday … 6 Saturday. */
export type WeekStart = 0 | 1 | 2 | 3 | 4 | 5 | 6;

const isWeekStart = (day: number): day is WeekStart => Number.isInteger(day) && day >= 0 && day <= 6;

/** `YYYY-MM-DD` as a local day (the calendar's days are local midnights), or undefined. */
function localDay(value: string): Date | undefined {
  const day = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  return day ? new Date(Number(day[1]), Number(day[2]) - 1, Number(day[3])) : undefined;
}

const pad = (n: number) => String(n).padStart(2, '0');
const isoOf = (day: Date) => `${day.getFullYear()}-${pad(day.getMonth() + 1)}-${pad(day.getDate())}`;

/** The weekday headers, read out as each column's name (the library hides them from assistive technology). */
function Weekdays(props: WeekdaysProps) {
  return (
    <thead>
      <tr {...props} />
    </thead>
  );
}

interface DateCalendarProps {
  /** The field's value: a `YYYY-MM-DD` day is selected and shown; anything else opens on today. */
  selected: string;
  /** The first column; the parish's first day of the week when absent. */
  weekStart: WeekStart | undefined;
  /** A day picked (a click, or Enter on the focused day), as `YYYY-MM-DD`. */
  onPick: (day: string) => void;
}

/**
 * A date field's month grid (react-day-picker: arrows, Page Up/Down, Home/End move the focused day),
 * its weeks from the parish's first day and its today the parish's, as the header's: a browser
 * elsewhere may be a day off. The parish is asked for only once a calendar opens.
 */
export default function DateCalendar({ selected, weekStart, onPick }: DateCalendarProps) {
  const parish = useParish();
  const day = localDay(selected);
  return (
    <DayPicker
      mode="single"
      selected={day}
      onSelect={(_, picked) => onPick(isoOf(picked))}
      defaultMonth={day}
      weekStartsOn={weekStart ?? (isWeekStart(parish.weekStart) ? parish.weekStart : 1)}
      today={localDay(parishToday())}
      locale={enGB}
      navLayout="around"
      autoFocus
      labels={{ labelPrevious: () => 'Previous month', labelNext: () => 'Next month' }}
      components={{ Weekdays }}
    />
  );
}
