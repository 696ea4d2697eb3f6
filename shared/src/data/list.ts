import { useSearchFilter, type LoadState } from 'shared';
import { useResource, type Resource } from './resource';

/** A list screen's rows: loaded whole under the resource's list key, those matching the header's search. */
export function useList<Row>(
  resource: Resource,
  list: (signal: AbortSignal) => Promise<Row[]>,
  texts: (row: Row) => (string | null | undefined)[],
): { load: LoadState<Row[]>; rows: Row[] } {
  const load = useResource(resource.list(), list);
  return { load, rows: useSearchFilter(load.data, texts) };
}
