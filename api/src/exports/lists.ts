import { Type } from '@sinclair/typebox';
import { sql } from 'kysely';
import { ACTIVITY_KINDS } from '../activity/record';
import { OneOf } from '../http/contract';
import { INTENTION_STATES } from '../masses/schemas';
import { PRAYER_STATES } from '../prayer-requests/schemas';
import { AUDIENCES, type Audience } from '../reflections/schemas';
import type { Sortable } from '../http/sorting';
import { sortableOf, type ExportDefinition } from './definition';

// The exports of the lists that are not a resource (a resource's is declared with its definition),
// which their features declare in registry.ts, and the menu's order. The columns are those of the
// list's screen (a picture's column left out), with what its rows hold beside them (a link, a
// category, the day added); `searched` is what the screen's search matches.

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

/** A column of the Mass an intention is placed in, '' while it is not placed. */
/**
 * A state column sorted in the order of its workflow (New, Prayed for, Answered), not its words'
 * alphabet. The states are the schema's fixed list, written as literals.
 */
const stateOrder = (states: readonly string[]) =>
  sql<number>`case state ${sql.join(
    states.map((state, index) => sql`when ${sql.lit(state)} then ${sql.lit(index)}`),
    sql` `,
  )} else ${sql.lit(states.length)} end`;

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

/**
 * Who a line names as its screen shows them (activity/record.ts shownMember): the member's name now,
 * their email before they saved one; a deploy token, the server or a member gone as written.
 */
const shownMemberSql = sql<string>`case when activity.member like 'Deploy token “%' or activity.member like 'The server (%' then activity.member else coalesce((select coalesce(nullif(admins.name, ''), admins.email) from admins where admins._id = activity.admin_id), activity.member) end`;

export const activityExport: ExportDefinition = {
  name: 'activity',
  what: 'the activity record',
  tag: 'team',
  table: 'activity',
  read: 'team',
  order: { column: 'at', direction: 'desc' },
  // Who as the screen names them now, not as the line was written.
  sortable: { member: { column: shownMemberSql, as: 'text' } },
  filters: [
    {
      name: 'member',
      column: 'adminId',
      schema: Type.String({
        pattern: '^[0-9a-f]{24}$',
        title: 'member',
        description: "Only this member's writes (_id)",
      }),
    },
    {
      name: 'kind',
      column: 'kind',
      schema: OneOf(ACTIVITY_KINDS, { title: 'kind', description: 'Only this kind of record' }),
    },
  ],
  columns: [
    { header: 'When', column: 'at', as: 'time', sort: 'date' },
    { header: 'Who', column: 'member' },
    { header: 'Kind', column: 'kind' },
    { header: 'What', column: 'summary', sort: 'text' },
  ],
  searched: (cell) => [cell('Who'), cell('What')],
};

/** The adult and the children reflections' exports. */
export const reflectionsExports = AUDIENCES.map(reflections);

/** The exports in the order of the menu (and of the OpenAPI document); one it does not name comes last. */
const MENU = [
  'books',
  'bible-readings',
  'live-streams',
  'adult-reflections',
  'children-reflections',
  'groups',
  'mass-intentions',
  'prayer-requests',
  'donations',
  'bank-accounts',
  'prayers',
  'activity',
];

export function inMenuOrder(exports: readonly ExportDefinition[]): ExportDefinition[] {
  const place = (definition: ExportDefinition) => {
    const index = MENU.indexOf(definition.name);
    return index < 0 ? MENU.length : index;
  };
  return [...exports].sort((a, b) => place(a) - place(b));
}

/** The sortable columns of a list its screen pages on the server (prayer requests, mass intentions, activity). */
export function sortableList(name: 'prayer-requests' | 'mass-intentions' | 'activity'): Sortable {
  const own = {
    'prayer-requests': prayerRequestsExport,
    'mass-intentions': massIntentionsExport,
    activity: activityExport,
  };
  return sortableOf(own[name]);
}
