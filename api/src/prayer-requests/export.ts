import { sql } from 'kysely';
import { stateOrder, type ExportDefinition } from '../exports/definition';
import { OneOf } from '../http/contract';
import { PRAYER_STATES } from './schemas';

export const prayerRequestsExport: ExportDefinition = {
  name: 'prayer-requests',
  what: 'prayer requests',
  tag: 'prayer requests',
  table: 'prayerRequests',
  order: { column: 'createdAt', direction: 'desc' },
  filters: [
    {
      name: 'state',
      column: 'state',
      schema: OneOf(PRAYER_STATES, { title: 'state', description: 'Only the requests in this state' }),
    },
  ],
  selected: {
    // The member it is assigned to, by name (their email when they gave none); '' when unassigned.
    assignee: sql<string>`coalesce((select coalesce(nullif(admins.name, ''), admins.email) from admins where admins._id = prayer_requests.assignee_id), '')`,
  },
  columns: [
    { header: 'Request', column: 'request', sort: 'text' },
    { header: 'Submitted', column: 'createdAt', as: 'date', sort: 'date' },
    { header: 'State', column: 'state' },
    { header: 'State Changed', column: 'stateChangedAt', as: 'date' },
    { header: 'Changed By', column: 'stateChangedBy' },
    { header: 'Assigned To', column: 'assignee' },
    { header: 'Note', column: 'note' },
  ],
  sortable: { state: { column: stateOrder(PRAYER_STATES), as: 'number' } },
  searched: (cell) => [cell('Request'), cell('Note')],
};
