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
 * The list's sort from the address, among its sortable `keys`; the header's click (`sortBy`: a column
 * not sorted by goes ascending, an ascending one descending, a descending one ascending again); and a
 * sort chosen outright (`sortTo`, undefined for the list's own order). A new sort starts at the first page.
 */
export function useListSort(keys: readonly string[]): {
  sort: ListSort | undefined;
  sortBy: (key: string) => void;
  sortTo: (sort: ListSort | undefined) => void;
} {
  const [params, setParams] = useSearchParams();
  const sort = parseSort(params.get('sort'), keys);
  const write = (next: (current: ListSort | undefined) => ListSort | undefined) =>
    setParams((previous) => {
      const updated = new URLSearchParams(previous);
      const chosen = next(parseSort(updated.get('sort'), keys));
      if (chosen) updated.set('sort', sortParam(chosen));
      else updated.delete('sort');
      updated.delete('page');
      return updated;
    });
  const sortBy = (key: string) =>
    write((current) => ({
      key,
      direction: current?.key === key && current.direction === 'ascending' ? 'descending' : 'ascending',
    }));
  const sortTo = (chosen: ListSort | undefined) => write(() => chosen);
  return { sort, sortBy, sortTo };
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
