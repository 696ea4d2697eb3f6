import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import type { Kysely } from 'kysely';
import { allowedTo, bearerSecurity, requireAdmin } from '../auth/guard';
import { addSchemas, Entity, OneOf, ref } from '../http/contract';
import { errorResponses } from '../http/validation';
import { inOneSnapshot } from '../http/paging';
import { SortParameter, sortOf } from '../http/sorting';
import { sortableOf } from '../exports/definition';
import { activityExport } from './export';
import type { Database } from '../db/schema';
import { ACTIVITY_KINDS, shownMember } from './record';

export const ActivityEntry = Entity('ActivityEntry', {
  _id: Type.String(),
  at: Type.String({ description: 'ISO time of the write' }),
  memberId: Type.String(),
  member: Type.String({
    description:
      'Who: a member by the name they have now (their email before they saved one), or a deploy token or the server',
  }),
  kind: Type.String(),
  recordId: Type.Union([Type.String(), Type.Null()]),
  summary: Type.String(),
});

/** What Settings → Activity sorts by: When, Who (as named now) and What. */
const sortable = sortableOf(activityExport);

const ActivityQuery = Type.Object(
  {
    page: Type.Optional(Type.String({ pattern: '^[1-9][0-9]{0,5}$', description: 'From 1' })),
    limit: Type.Optional(Type.String({ pattern: '^(?:[1-9][0-9]?|100)$', description: '1 to 100 (50)' })),
    member: Type.Optional(Type.String({ pattern: '^[0-9a-f]{24}$', description: "A member's _id" })),
    kind: Type.Optional(OneOf(ACTIVITY_KINDS)),
    sort: Type.Optional(SortParameter(sortable)),
  },
  { additionalProperties: false },
);

/** Settings → Activity (an Admin's): every write of every member, newest first, paged and filtered. */
export async function activityRoutes(parent: FastifyInstance): Promise<void> {
  const app = parent.withTypeProvider<TypeBoxTypeProvider>();
  const { db } = app;
  addSchemas(app, ActivityEntry);

  app.get(
    '/activity',
    {
      onRequest: [requireAdmin, allowedTo('team')],
      schema: {
        tags: ['team'],
        summary: 'The activity record: every write of every member, newest first (?page=&limit=&member=&kind=&sort=)',
        security: bearerSecurity,
        querystring: ActivityQuery,
        response: {
          200: Type.Object({
            message: Type.String(),
            data: Type.Array(ref(ActivityEntry)),
            total: Type.Integer(),
            page: Type.Integer(),
            limit: Type.Integer(),
            kinds: Type.Array(Type.String(), { description: 'Every kind of record `kind` may filter by' }),
          }),
          ...errorResponses(400, 401, 403),
        },
      },
    },
    async (request) => {
      const page = Number(request.query.page ?? 1);
      const limit = Number(request.query.limit ?? 50);
      const { member, kind } = request.query;
      // Newest first among equals, then by _id: a page never repeats or skips a line.
      const sort = sortOf(sortable, request.query.sort);
      const filtered = (kysely: Kysely<Database>) => {
        let query = kysely.selectFrom('activity');
        if (member) query = query.where('activity.adminId', '=', member);
        if (kind) query = query.where('activity.kind', '=', kind);
        return query;
      };
      const { rows, total } = await inOneSnapshot(db, async (kysely) => {
        const joined = filtered(kysely)
          .leftJoin('admins', 'admins._id', 'activity.adminId')
          .selectAll('activity')
          .select(['admins.name as nowName', 'admins.email as nowEmail']);
        return {
          rows: await (sort ? joined.orderBy(sort.expression, sort.direction) : joined)
            .orderBy('activity.at', 'desc')
            .orderBy('activity._id', 'desc')
            .limit(limit)
            .offset((page - 1) * limit)
            .execute(),
          total: Number(
            (
              await filtered(kysely)
                .select((eb) => eb.fn.countAll<number | string>().as('n'))
                .executeTakeFirstOrThrow()
            ).n,
          ),
        };
      });
      return {
        message: 'Activity fetched successfully',
        data: rows.map((row) => ({
          _id: row._id,
          at: row.at,
          memberId: row.adminId,
          member: shownMember(
            row.member,
            row.nowEmail === null ? undefined : { name: row.nowName, email: row.nowEmail },
          ),
          kind: row.kind,
          recordId: row.recordId,
          summary: row.summary,
        })),
        total,
        page,
        limit,
        kinds: [...ACTIVITY_KINDS],
      };
    },
  );
}
