import { Type, type Static } from '@sinclair/typebox';
import { Entity, Input, RequiredText } from '../http/contract';

export const LIMITS = { day: 366, week: 52, date: 10, passage: 2000, importRows: 1000 } as const;

/** What the add and edit calls take. */
export const ReadingInput = Input(
  'ReadingInput',
  {
    day: Type.Integer({ minimum: 1, maximum: LIMITS.day, description: 'Day of the year (1–366); one reading per day' }),
    week: Type.Integer({ minimum: 1, maximum: LIMITS.week }),
    date: RequiredText(LIMITS.date, { description: 'YYYY-MM-DD' }),
    passage: RequiredText(LIMITS.passage),
  },
  { day: 'Day', week: 'Week', date: 'Date', passage: 'Passage' },
);
export type ReadingInput = Static<typeof ReadingInput>;

/** A reading of the Bible-in-a-year plan (spec §3). */
export const Reading = Entity('Reading', {
  _id: Type.String(),
  day: Type.Integer(),
  week: Type.Integer(),
  date: Type.String({ format: 'date' }),
  passage: Type.String(),
});
export type Reading = Static<typeof Reading>;

/** The list screen's CSV import: rows as read from the file (each checked like Add reading). */
export const ReadingImport = Input(
  'ReadingImport',
  {
    readings: Type.Array(Type.Unknown(), { minItems: 1, maxItems: LIMITS.importRows }),
  },
  { readings: 'The readings' },
);
