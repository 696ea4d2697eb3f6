import { sql, type RawBuilder } from 'kysely';
import type { Permission } from '../auth/permissions';
import type { Database } from '../db/schema';
import type { ListFilter } from '../http/paging';
import type { Sortable, SortKind } from '../http/sorting';

// A list's CSV export: which rows (its table, order, fixed condition and filters), which columns and
// how each is written, and what its search matches; each feature declares its lists' (registry.ts). exports/routes.ts gives every definition the same
// route, guard, streaming and CSV rules; adding a column is one line of its `columns`.

/**
 * How a stored value is written in its cell: as it is; a calendar day (`YYYY-MM-DD`) as dd/mm/yyyy;
 * a moment (an ISO timestamp) as its day, dd/mm/yyyy, or as dd/mm/yyyy HH:mm, in the asker's time zone;
 * an amount kept as text ('20.50') as it is, and as a number where a spreadsheet can add it up.
 */
export type CellFormat = 'text' | 'day' | 'date' | 'time' | 'amount';

export interface ExportColumn {
  /** The header's text, as the list's screen names the column. */
  header: string;
  /** The column (as the query layer names it: camelCase), or a name of the definition's `selected`. */
  column: string;
  as?: CellFormat;
  /**
   * A column the list's screen sorts by, and how it compares: `?sort=` names it as the API names the
   * field, which is the column's name, and so does the screen.
   */
  sort?: SortKind;
}

export interface ExportDefinition {
  /** The route's and the file's name: `/export/prayer-requests.csv`, `prayer-requests-2026-11-27.csv`. */
  name: string;
  /** The rows in words, for the OpenAPI summary and a refusal ('prayer requests'). */
  what: string;
  /** The OpenAPI tag of the list's own calls. */
  tag: string;
  table: keyof Database & string;
  /** What a role needs to read the list; none for a list every member reads. */
  read?: Permission;
  /** The list's order; the `_id` breaks ties, in the same direction. */
  order: { column: string; direction: 'asc' | 'desc' };
  /** A condition every row meets (the adult reflections of the reflections' table). */
  only?: { column: string; value: string };
  /** The list's filters: each a query parameter matching a column exactly (a whole number's as one). */
  filters?: (ListFilter & { wholeNumber?: boolean })[];
  /** Sortable by what no column of the file holds (a member's name as the screen shows it now). */
  sortable?: Sortable;
  /** Values computed by the database beside the row's columns, by name (a member's name for an id). */
  selected?: Record<string, RawBuilder<unknown>>;
  columns: ExportColumn[];
  /**
   * The texts the list's search (`?q=`) matches, as its screen does: from the cells as written, by
   * header. Case is ignored.
   */
  searched: (cell: (header: string) => string) => string[];
}

/** What `?sort=` takes for this list: its columns marked `sort`, and its own `sortable`. */
export function sortableOf(definition: Pick<ExportDefinition, 'columns' | 'sortable'>): Sortable {
  const columns = definition.columns.flatMap((column) =>
    column.sort ? [[column.column, { column: column.column, as: column.sort }] as const] : [],
  );
  return { ...Object.fromEntries(columns), ...definition.sortable };
}

/**
 * A state column sorted in the order of its workflow (New, Prayed for, Answered), not its words'
 * alphabet. The states are the schema's fixed list, written as literals.
 */
export const stateOrder = (states: readonly string[]) =>
  sql<number>`case state ${sql.join(
    states.map((state, index) => sql`when ${sql.lit(state)} then ${sql.lit(index)}`),
    sql` `,
  )} else ${sql.lit(states.length)} end`;
