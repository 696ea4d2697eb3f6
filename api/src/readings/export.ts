import { Type } from '@sinclair/typebox';
import type { ExportDefinition } from '../exports/definition';

// The list's export: the columns of the Bible plan's screen; `searched` is what its search matches.
export const readingsExport: ExportDefinition = {
  name: 'bible-readings',
  what: 'Bible readings',
  tag: 'Bible readings',
  table: 'readings',
  order: { column: 'day', direction: 'asc' },
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
};
