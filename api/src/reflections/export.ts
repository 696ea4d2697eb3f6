import type { ExportDefinition } from '../exports/definition';
import { AUDIENCES, type Audience } from './schemas';

// The lists' exports: the columns of the reflections' screens; `searched` is what their search matches.
const reflections = (audience: Audience): ExportDefinition => ({
  name: `${audience}-reflections`,
  what: `${audience} reflections`,
  tag: `${audience} reflections`,
  table: 'reflections',
  only: { column: 'audience', value: audience },
  order: { column: 'date', direction: 'desc' },
  columns: [
    { header: 'Topic', column: 'topic', sort: 'text' },
    { header: 'Mass', column: 'mass', sort: 'text' },
    { header: 'Bible Reading', column: 'bibleReading', sort: 'text' },
    { header: 'Date', column: 'date', as: 'day', sort: 'date' },
  ],
  searched: (cell) => [cell('Topic'), cell('Mass'), cell('Bible Reading'), cell('Date')],
});

/** The adult and the children reflections' exports. */
export const reflectionsExports = AUDIENCES.map(reflections);
