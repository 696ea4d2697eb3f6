import { Type } from '@sinclair/typebox';
import { sql, type RawBuilder } from 'kysely';
import { badRequest } from './errors';

// A list's `?sort=` (a column header clicked on its screen): `?sort=title` ascending, `?sort=-title`
// descending. Each list maps its names to columns through a fixed table, so that no SQL is built from
// what is asked; a name outside it is refused with 400 in words. The list's own order breaks ties, then
// the _id, so that a page never repeats or skips a row.

/** How a column compares: text ignoring case (empty first), a date or a moment as stored (ISO), a number. */
export type SortKind = 'text' | 'date' | 'number';

/** A sortable column: a column of the list's table, or a SQL expression of its row, and how it compares. */
export interface SortColumn {
  column: string | RawBuilder<unknown>;
  as: SortKind;
}

/** A list's sortable columns by the name `?sort=` gives them. */
export type Sortable = Readonly<Record<string, SortColumn>>;

/** What `?sort=` asked for, checked against the list's sortable columns. */
export interface SortOrder {
  /** As asked: 'title' or '-title'. */
  asked: string;
  /** What the database orders by: never null, so that both engines put the empty ones first. */
  expression: RawBuilder<unknown>;
  direction: 'asc' | 'desc';
}

/** The names `?sort=` takes for these columns, ascending then descending. */
export function sortNames(sortable: Sortable): string[] {
  const names = Object.keys(sortable);
  return [...names, ...names.map((name) => `-${name}`)];
}

/** The query parameter of a list that sorts by these columns. */
export function SortParameter(sortable: Sortable) {
  return Type.String({
    maxLength: 64,
    title: 'sort',
    description: `The column to sort by, a - before it for descending: ${sortNames(sortable).join(', ')}`,
  });
}

/** The words of a refusal: the names the list takes. */
export const unknownSort = (sortable: Sortable) => `sort must be one of: ${sortNames(sortable).join(', ')}`;

/** The order `?sort=` asks for, undefined for none; a name the list does not sort by is refused with 400. */
export function sortOf(sortable: Sortable, asked: string | undefined): SortOrder | undefined {
  if (asked === undefined) return undefined;
  const descending = asked.startsWith('-');
  const name = descending ? asked.slice(1) : asked;
  if (!Object.hasOwn(sortable, name)) throw badRequest(unknownSort(sortable));
  const { column, as } = sortable[name]!;
  const value = typeof column === 'string' ? sql.ref(column) : column;
  const expression =
    as === 'text'
      ? sql`lower(coalesce(${value}, ''))`
      : as === 'date'
        ? sql`coalesce(${value}, '')`
        : sql`coalesce(${value}, 0)`;
  return { asked, expression, direction: descending ? 'desc' : 'asc' };
}

/** One key of an order: what is compared, and which way. */
export interface OrderKey {
  expression: RawBuilder<unknown>;
  direction: 'asc' | 'desc';
}

/**
 * The rows after `values` (the keys' values of the last row read) in the order of `keys`: keyset paging
 * on an order whose keys may go different ways, which a tuple comparison cannot say.
 */
export function after(keys: readonly OrderKey[], values: readonly unknown[]): RawBuilder<boolean> {
  const alternatives = keys.map((key, at) => {
    const equal = keys.slice(0, at).map((before, i) => sql`${before.expression} = ${values[i]}`);
    const past = sql`${key.expression} ${sql.raw(key.direction === 'desc' ? '<' : '>')} ${values[at]}`;
    return sql`(${sql.join([...equal, past], sql` and `)})`;
  });
  return sql<boolean>`(${sql.join(alternatives, sql` or `)})`;
}
