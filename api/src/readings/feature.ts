import { resourceFeature } from '../resources/feature';
import { resourceSeed } from '../resources/seed';
import { readingResource } from './resource';
import { readingsImportRoute } from './routes';
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

export const readingsFeature = resourceFeature(readingResource, {
  name: 'Bible readings',
  // Beside the generated routes: a whole plan at once.
  routes: [readingsImportRoute],
  seed: resourceSeed(
    readingResource,
    'day',
    firstWeek().map((fields) => ({ fields })),
  ),
});
