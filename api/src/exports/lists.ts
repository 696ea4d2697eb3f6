import { Type } from '@sinclair/typebox';
import { sql } from 'kysely';
import { ACTIVITY_KINDS } from '../activity/record';
import { bankAccountResource } from '../bank-accounts/resource';
import { bookResource } from '../books/resource';
import { donationResource } from '../donations/resource';
import { groupResource } from '../groups/resource';
import { OneOf } from '../http/contract';
import { INTENTION_STATES } from '../masses/schemas';
import { PRAYER_STATES } from '../prayer-requests/schemas';
import { prayerResource } from '../prayers/resource';
import { AUDIENCES, type Audience } from '../reflections/schemas';
import { streamResource } from '../streams/resource';
import type { Sortable } from '../http/sorting';
import { resourceExport, sortableOf, type ExportDefinition } from './definition';

// Every list's export, in the order of the menu. The columns are those of the list's screen (a
// picture's column left out), with what its rows hold beside them (a link, a category, the day added);
// `searched` is what the screen's search matches.

const books = resourceExport(bookResource, {
  name: 'books',
  what: 'books',
  columns: [
    { header: 'Title', column: 'bookName', sort: 'text' },
    { header: 'Category', column: 'category' },
    { header: 'Link', column: 'bookLink' },
    { header: 'Date Added', column: 'dateAdded', as: 'date', sort: 'date' },
  ],
  searched: (cell) => [cell('Title')],
});

const readings: ExportDefinition = {
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

const streams = resourceExport(streamResource, {
  name: 'live-streams',
  what: 'live streams',
  columns: [
    { header: 'Title', column: 'name', sort: 'text' },
    { header: 'Category', column: 'category' },
    { header: 'Stream Link', column: 'streamingLink' },
    { header: 'Date Added', column: 'createdAt', as: 'date' },
  ],
  searched: (cell) => [cell('Title'), cell('Stream Link'), cell('Category')],
});

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

const groups = resourceExport(groupResource, {
  name: 'groups',
  what: 'groups',
  columns: [
    { header: 'Name', column: 'groupName', sort: 'text' },
    { header: 'Link', column: 'groupLink' },
    { header: 'Description', column: 'groupDescription' },
    { header: 'Date Added', column: 'createdAt', as: 'date' },
  ],
  searched: (cell) => [cell('Name'), cell('Link'), cell('Description')],
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

const massIntentions: ExportDefinition = {
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

const prayerRequests: ExportDefinition = {
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

const donations = resourceExport(donationResource, {
  name: 'donations',
  what: 'donations',
  columns: [
    { header: 'Name', column: 'donationName', sort: 'text' },
    { header: 'Description', column: 'donationDescription', sort: 'text' },
    { header: 'Date Added', column: 'createdAt', as: 'date' },
  ],
  searched: (cell) => [cell('Name'), cell('Description')],
});

const bankAccounts = resourceExport(bankAccountResource, {
  name: 'bank-accounts',
  what: 'bank accounts',
  columns: [
    { header: 'Bank Name', column: 'bankName', sort: 'text' },
    { header: 'Account Number', column: 'bankAccountNumber', sort: 'text' },
    { header: 'Account Holder', column: 'bankAccountHolderName', sort: 'text' },
    { header: 'Routing Number', column: 'bankRoutingNumber', sort: 'text' },
    { header: 'Swift Code', column: 'bankSwiftCode', sort: 'text' },
    { header: 'Currency', column: 'currency', sort: 'text' },
  ],
  searched: (cell) => [cell('Bank Name'), cell('Account Number'), cell('Account Holder'), cell('Currency')],
});

const prayers = resourceExport(prayerResource, {
  name: 'prayers',
  what: 'Section A prayers',
  columns: [
    { header: 'Title', column: 'title', sort: 'text' },
    { header: 'Prayer', column: 'prayer', sort: 'text' },
  ],
  searched: (cell) => [cell('Title'), cell('Prayer')],
});

/**
 * Who a line names as its screen shows them (activity/record.ts shownMember): the member's name now,
 * their email before they saved one; a deploy token, the server or a member gone as written.
 */
const shownMemberSql = sql<string>`case when activity.member like 'Deploy token “%' or activity.member like 'The server (%' then activity.member else coalesce((select coalesce(nullif(admins.name, ''), admins.email) from admins where admins._id = activity.admin_id), activity.member) end`;

const activity: ExportDefinition = {
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

export const EXPORTS: readonly ExportDefinition[] = [
  books,
  readings,
  streams,
  ...AUDIENCES.map(reflections),
  groups,
  massIntentions,
  prayerRequests,
  donations,
  bankAccounts,
  prayers,
  activity,
];

/** The sortable columns of a list its screen pages on the server (prayer requests, mass intentions, activity). */
export function sortableList(name: 'prayer-requests' | 'mass-intentions' | 'activity'): Sortable {
  return sortableOf(EXPORTS.find((definition) => definition.name === name)!);
}
