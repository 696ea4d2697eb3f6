import { readingsExport } from './export';
import type { Feature } from '../resources/feature';
import { readingRoutes } from './routes';
import { addMissing } from '../resources/seed';
import { addReading } from './repository';
import type { ReadingInput } from './schemas';

/** The first week of this year's plan. */
function firstWeek(): ReadingInput[] {
  const year = new Date().getFullYear();
  const isoDay = (dayOfYear: number) => new Date(Date.UTC(year, 0, dayOfYear)).toISOString().slice(0, 10);
  return [
    'Genesis 1–2; Psalm 1',
    'Genesis 3–4; Psalm 2',
    'Genesis 5–6; Psalm 3',
    'Genesis 7–9; Psalm 4',
    'Genesis 10–11; Psalm 5',
    'Genesis 12–13; Psalm 6',
    'Genesis 14–15; Psalm 7',
  ].map((passage, index) => ({ day: index + 1, week: 1, date: isoDay(index + 1), passage }));
}

export const readingsFeature: Feature = {
  name: 'Bible readings',
  routes: [readingRoutes],
  kinds: ['Bible reading'],
  history: ['readings'],
  exports: [readingsExport],
  seed: ({ db }) =>
    addMissing(
      firstWeek(),
      ({ day }) => db.kysely.selectFrom('readings').select('_id').where('day', '=', day).executeTakeFirst(),
      (reading) => addReading(db, reading),
    ),
};
