import { recordKindOf, sendingCalls } from 'shared/data';
import { readingsApi, bibleReadings, type Reading } from './api';

/** The list, on a reading's week. */
const listOfWeek = (week: number) => (week > 1 ? `/bible-list?week=${week}` : '/bible-list');

/** What the add and edit forms hold: day and week are '' until typed. */
export interface ReadingValues {
  day: number | '';
  week: number | '';
  date: string;
  passage: string;
}

/** What the server is sent: numbers for day and week, texts trimmed. */
const input = (values: ReadingValues) => ({
  day: Number(values.day),
  week: Number(values.week),
  date: values.date.trim(),
  passage: values.passage.trim(),
});

/**
 * A reading of the plan as its screens show it: carried to its details and edit screens in navigation
 * state (spec §2), shown in the list on its week, its toasts and back links following from this.
 */
export const readingKind = recordKindOf<Reading, ReadingValues>({
  noun: 'Reading',
  resource: bibleReadings,
  calls: sendingCalls(input, readingsApi),
  list: '/bible-list',
  listOf: ({ week }) => listOfWeek(week),
  details: (id) => `/bible-plan-details/${id}`,
  edit: (id) => `/edit-bible-plan/${id}`,
  carried: 'reading',
  missing: { notFound: 'No reading data provided.', backLabel: 'Go Back' },
  buttons: { edit: 'Edit', delete: 'Delete' },
});
