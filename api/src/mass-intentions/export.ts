import { sql } from 'kysely';
import { stateOrder, type ExportDefinition } from '../exports/definition';
import { INTENTION_STATES } from '../masses/schemas';

/** A column of the Mass an intention is placed in, '' while it is not placed. */
const massOf = (column: 'date' | 'time') =>
  sql<string>`coalesce((select ${sql.ref(`masses.${column}`)} from masses where masses._id = mass_intentions.mass_id), '')`;

export const massIntentionsExport: ExportDefinition = {
  name: 'mass-intentions',
  what: 'mass intentions',
  tag: 'mass intentions',
  table: 'massIntentions',
  order: { column: 'createdAt', direction: 'desc' },
  selected: {
    // The Mass it is placed in: its day, time and place ('' while not placed).
    massDate: massOf('date'),
    massTime: massOf('time'),
    massPlace: sql<string>`coalesce((select case when masses.title = '' then masses.place else masses.title || ', ' || masses.place end from masses where masses._id = mass_intentions.mass_id), '')`,
  },
  columns: [
    { header: 'Full Name', column: 'fullname', sort: 'text' },
    { header: 'Email', column: 'email', sort: 'text' },
    { header: 'Intention Type', column: 'intention', sort: 'text' },
    { header: 'Submitted', column: 'createdAt', as: 'date', sort: 'date' },
    { header: 'State', column: 'state' },
    { header: 'Mass Date', column: 'massDate', as: 'day' },
    { header: 'Mass Time', column: 'massTime' },
    { header: 'Mass', column: 'massPlace' },
    { header: 'Stipend', column: 'stipend', as: 'amount' },
    { header: 'Receipt', column: 'receipt' },
  ],
  sortable: { state: { column: stateOrder(INTENTION_STATES), as: 'number' } },
  searched: (cell) => [cell('Full Name'), cell('Email'), cell('Intention Type')],
};
