import { Type, type Static, type TSchema } from '@sinclair/typebox';
import { sql, type Kysely, type RawBuilder, type Selectable } from 'kysely';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../db/database';
import { PublicListCache } from './public-cache';
import type { Database } from '../db/schema';
import { NO_CONTROL_CHARACTERS } from './contract';
import { sortOf, type Sortable } from './sorting';

// Administrator lists that grow without bound (prayer requests and mass intentions, sent by the
// mobile app's users) answer a page at a time when asked: `?page=&limit=&q=&sort=`. Without them the whole
// list is answered, as the spec's clients expect, from a cache shared by every reader until a write.
// Search is a case-insensitive scan of the named columns by the database (docs/api-routes.md "Paged lists").

/** Query values are text: whole numbers are matched by pattern, never coerced. */
export const PagingQuery = Type.Object(
  {
    page: Type.Optional(Type.String({ pattern: '^[1-9][0-9]{0,5}$', title: 'page', description: 'From 1' })),
    // Up to 500: the screens first ask for 500 rows to learn whether a list is small enough to keep whole.
    limit: Type.Optional(
      Type.String({ pattern: '^(?:[1-9][0-9]?|[1-4][0-9]{2}|500)$', title: 'limit', description: '1 to 500' }),
    ),
    q: Type.Optional(
      Type.String({ maxLength: 200, pattern: NO_CONTROL_CHARACTERS, title: 'q', description: 'Words to search for' }),
    ),
  },
  { additionalProperties: false },
);

export interface Paging {
  page: number;
  limit: number;
  /** Trimmed; '' for none. */
  q: string;
  /** Rows whose column holds exactly this value (a list's filter, e.g. a prayer request's state). */
  where?: { column: string; value: string };
  /** A sortable column's name as `?sort=` gave it ('-state'), checked; none for newest first. */
  sort?: string;
}

/** A list's filter: the query parameter, the column it matches and the values it takes. */
export interface ListFilter {
  name: string;
  column: string;
  schema: TSchema;
}

export const DEFAULT_LIMIT = 25;

/**
 * The paging asked for, or undefined for the whole list. A filter's value or a sort asks for a page
 * (the first, of DEFAULT_LIMIT rows, unless said) of the rows it matches; a sort the list does not
 * take is refused with 400.
 */
export function pagingOf(
  query: Static<typeof PagingQuery> & Record<string, unknown>,
  filter?: ListFilter,
  sortable: Sortable = {},
): Paging | undefined {
  const value = filter ? query[filter.name] : undefined;
  const where = typeof value === 'string' ? { column: filter!.column, value } : undefined;
  const sort = typeof query.sort === 'string' ? query.sort : undefined;
  sortOf(sortable, sort);
  if (query.page === undefined && query.limit === undefined && query.q === undefined && !where && !sort) {
    return undefined;
  }
  const paging: Paging = {
    page: Number(query.page ?? 1),
    limit: Number(query.limit ?? DEFAULT_LIMIT),
    q: (query.q ?? '').trim(),
  };
  if (where) paging.where = where;
  if (sort) paging.sort = sort;
  return paging;
}

/** What a paged answer adds beside `data`. */
export const PagedFields = {
  total: Type.Optional(Type.Integer({ description: 'Rows matching q in all (paged answers only)' })),
  page: Type.Optional(Type.Integer()),
  limit: Type.Optional(Type.Integer()),
};

/** Rows where any of the columns contains q, ignoring case (LIKE with its wildcards escaped). */
export function containing(q: string, columns: string[]): RawBuilder<boolean> {
  const pattern = `%${q.toLowerCase().replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
  return sql<boolean>`(${sql.join(
    columns.map((column) => sql`lower(${sql.ref(column)}) like ${pattern} escape '\\'`),
    sql` or `,
  )})`;
}

/** The lists the mobile app's users grow: newest first, paged and searched on request. */
type GrowingTable = 'prayerRequests' | 'massIntentions';

/**
 * The whole list newest first (by the created_at, _id index), or a page of the rows containing q in
 * one of the `searched` columns, with how many match in all; sorted by one of `sortable` when asked,
 * newest first among equals.
 */
export async function newestFirst<T extends GrowingTable>(
  db: Db,
  table: T,
  searched: string[],
  paging: Paging | undefined,
  sortable: Sortable = {},
): Promise<{ rows: Selectable<Database[T]>[]; total: number }> {
  const sort = sortOf(sortable, paging?.sort);
  // The table comes from the fixed union above; kysely's types cannot follow a generic table name.
  const from = (kysely: Kysely<Database>) => {
    const query = kysely.selectFrom(table as 'prayerRequests');
    const filtered = paging?.where ? query.where(sql.ref(paging.where.column), '=', paging.where.value) : query;
    return paging?.q ? filtered.where(containing(paging.q, searched)) : filtered;
  };
  const ordered = (kysely: Kysely<Database>) => {
    const query = from(kysely).selectAll();
    return (sort ? query.orderBy(sort.expression, sort.direction) : query)
      .orderBy('createdAt', 'desc')
      .orderBy('_id', 'desc');
  };
  if (!paging) {
    const rows = (await ordered(db.kysely).execute()) as unknown as Selectable<Database[T]>[];
    return { rows, total: rows.length };
  }
  return await inOneSnapshot(db, async (kysely) => {
    const rows = await ordered(kysely)
      .limit(paging.limit)
      .offset((paging.page - 1) * paging.limit)
      .execute();
    const count = await from(kysely)
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .executeTakeFirstOrThrow();
    return { rows: rows as unknown as Selectable<Database[T]>[], total: Number(count.n) };
  });
}

/**
 * Runs reads that must agree on one snapshot of the database, so that a write committed between them
 * cannot make them disagree (a page of 5 rows with a total of 6). On PostgreSQL that is a
 * repeatable-read transaction; SQLite's transaction on its one connection is a snapshot already.
 */
export function inOneSnapshot<T>(db: Db, read: (kysely: Kysely<Database>) => Promise<T>): Promise<T> {
  return db.kysely.transaction().setIsolationLevel('repeatable read').execute(read);
}

/**
 * A growing list's GET: the whole list, or a page, built, serialized and compressed once for every
 * reader until a write changes the list (its change counter, as the public lists'), so that many
 * screens, or one client asking in a loop, cost little more than one. `invalidate()` after a write in
 * this process; other processes' writes are noticed through the counter.
 */
export class GrowingListAnswers<Row> {
  private readonly answers: PublicListCache;

  constructor(
    db: Db,
    options: {
      /** The list's change counter (db/changes.ts), bumped by every write to it. */
      name: string;
      message: string;
      checkEveryMs: number;
      list: (paging?: Paging) => Promise<{ rows: Row[]; total: number }>;
    },
  ) {
    const { message, list } = options;
    this.answers = new PublicListCache({
      db,
      name: options.name,
      checkEveryMs: options.checkEveryMs,
      // The key is the paging asked for, as JSON ('' for the whole list).
      build: async (key) => {
        if (!key) return { message, data: (await list()).rows };
        const paging = JSON.parse(key) as Paging;
        const { rows, total } = await list(paging);
        return { message, data: rows, total, page: paging.page, limit: paging.limit };
      },
    });
  }

  invalidate(): void {
    this.answers.invalidate();
  }

  send(request: FastifyRequest, reply: FastifyReply, paging: Paging | undefined): Promise<void> | undefined {
    const key = paging
      ? JSON.stringify({ page: paging.page, limit: paging.limit, q: paging.q, where: paging.where, sort: paging.sort })
      : '';
    return this.answers.send(request, reply, key, { signedIn: true });
  }
}
