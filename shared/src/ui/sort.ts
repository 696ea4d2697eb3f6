import { useSearchParams } from 'react-router-dom';

// A list's sort, kept in the address as `?sort=title` (ascending) or `?sort=-title` (descending), as
// `?q=` and `?page=` are: Back from a screen opened from the list returns to it sorted (listReturn.ts).
// Without `?sort=` a list keeps its own order.

export type SortDirection = 'ascending' | 'descending';

export interface ListSort {
  /** The column's name in the address, as the API names the field ('dateAdded'). */
  key: string;
  direction: SortDirection;
}

/** A value a column sorts by: text (locale-aware, case ignored), a number, a date; empty ones first. */
export type SortValue = string | number | Date | null | undefined;

/** The sort `?sort=` asks for, if its column is one of `keys` (a list sorts by its own columns only). */
export function parseSort(asked: string | null, keys: readonly string[]): ListSort | undefined {
  if (!asked) return undefined;
  const descending = asked.startsWith('-');
  const key = descending ? asked.slice(1) : asked;
  return keys.includes(key) ? { key, direction: descending ? 'descending' : 'ascending' } : undefined;
}

/** The address's form of a sort: 'title', '-title'. */
export const sortParam = (sort: ListSort) => (sort.direction === 'descending' ? `-${sort.key}` : sort.key);

/**
 * The list's sort from the address, among its sortable `keys`, and the header's click: a column not
 * sorted by goes ascending, an ascending one descending, a descending one ascending again. A new sort
 * starts at the first page.
 */
export function useListSort(keys: readonly string[]): {
  sort: ListSort | undefined;
  sortBy: (key: string) => void;
} {
  const [params, setParams] = useSearchParams();
  const sort = parseSort(params.get('sort'), keys);
  const sortBy = (key: string) =>
    setParams((previous) => {
      const updated = new URLSearchParams(previous);
      const current = parseSort(updated.get('sort'), keys);
      const direction = current?.key === key && current.direction === 'ascending' ? 'descending' : 'ascending';
      updated.set('sort', sortParam({ key, direction }));
      updated.delete('page');
      return updated;
    });
  return { sort, sortBy };
}

const collator = new Intl.Collator(undefined, { sensitivity: 'base' });

/** Compares two values of a column, ascending: empty first, dates as dates, numbers as numbers. */
export function compareSortValues(a: SortValue, b: SortValue): number {
  const empty = (value: SortValue) => value === null || value === undefined || value === '';
  if (empty(a) || empty(b)) return Number(!empty(a)) - Number(!empty(b));
  if (a instanceof Date && b instanceof Date) return a.getTime() - b.getTime();
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  return collator.compare(String(a), String(b));
}

/** The rows in the sort's order; equal ones keep the list's own order (Array.sort is stable). */
export function sortRows<Row>(rows: Row[], value: (row: Row) => SortValue, direction: SortDirection): Row[] {
  const sign = direction === 'descending' ? -1 : 1;
  return [...rows].sort((a, b) => sign * compareSortValues(value(a), value(b)));
}
