import { Type } from '@sinclair/typebox';
import { sql } from 'kysely';
import type { ExportDefinition } from '../exports/definition';
import { OneOf } from '../http/contract';
import { ACTIVITY_KINDS } from './record';

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
