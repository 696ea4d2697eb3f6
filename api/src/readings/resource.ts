import { Type } from '@sinclair/typebox';
import type { ReadingsTable } from '../db/schema';
import { badRequest } from '../http/errors';
import { DATE_MESSAGE, isCalendarDate } from '../http/dates';
import { defineResource } from '../resources/definition';
import { LIMITS, Reading, ReadingInput } from './schemas';

/** The week of `/weekly/reading/:week`: a whole number from 1 to 52, written plainly. */
function weekOf(param: string): number {
  const week = Number(param);
  if (!/^\d{1,2}$/.test(param) || week < 1 || week > LIMITS.week) {
    throw badRequest(`Week must be a whole number from 1 to ${LIMITS.week}`);
  }
  return week;
}

export const READING_MESSAGES = {
  dayTaken: (day: number) => `Day ${day} is already in the plan`,
} as const;

/** The Bible-in-a-year plan (spec §3): a reading per day of the year, listed a week at a time. */
export const readingResource = defineResource<ReadingsTable>({
  table: 'readings',
  entity: Reading,
  fields: ReadingInput,
  addedAt: 'createdAt',
  listed: { by: 'day', direction: 'asc' },
  // The date is checked beyond the schema: a real calendar day.
  input: (fields, write) => {
    if (write !== 'restore' && !isCalendarDate(fields.date as string)) throw badRequest(DATE_MESSAGE('Date'));
    return fields;
  },
  unique: { columns: ['day'], taken: (reading) => READING_MESSAGES.dayTaken(Number(reading.day)) },
  history: 'readings',
  export: {
    name: 'bible-readings',
    what: 'Bible readings',
    tag: 'Bible readings',
    filters: [
      {
        name: 'week',
        column: 'week',
        wholeNumber: true,
        schema: Type.String({
          pattern: '^(?:[1-9]|[1-4][0-9]|5[0-2])$',
          title: 'week',
          description: 'Only this week, 1 to 52',
        }),
      },
    ],
    columns: [
      { header: 'Day', column: 'day', sort: 'number' },
      { header: 'Week', column: 'week' },
      { header: 'Date', column: 'date', as: 'day', sort: 'date' },
      { header: 'Passage', column: 'passage', sort: 'text' },
    ],
    searched: (cell) => [`Day ${cell('Day')}`, cell('Passage'), cell('Date')],
  },
  activity: { kind: 'Bible reading', nameColumn: 'passage' },
  tag: 'bible plan',
  routes: {
    list: {
      urls: ['/weekly/reading/:week'],
      summary: "The week's readings by day (public)",
      by: { column: 'week', param: Type.String({ description: '1–52' }), value: weekOf },
    },
    add: { url: '/add/reading/:userId', summary: 'Add a reading' },
    edit: { method: 'PUT', url: '/edit/reading/:userId/:id', summary: 'Edit a reading' },
    delete: { url: '/delete/reading/:userId/:id', summary: 'Delete a reading' },
  },
});
