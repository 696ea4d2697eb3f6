import { useSearchParams } from 'react-router-dom';
import { matchesSearch, parseSort, sortParam, useSearchTerm, type LoadState } from 'shared';
import { useResource, type Resource } from './resource';

/** A page asked of the server: from 1, at most `limit` rows, those containing `q`, in the order of `sort`. */
export interface PageRequest {
  page: number;
  limit: number;
  q: string;
  /** `?sort=` as the server takes it ('-createdAt'); none for the list's own order. */
  sort?: string;
}

/** What the server answered: the rows, and how many match in all (absent from a server that cannot page). */
export interface PageAnswer<Row> {
  rows: Row[];
  total?: number;
}

export interface GrowingList<Row> {
  load: LoadState<unknown>;
  /** The rows to show: all those matching the header's search (small lists), or the server's page. */
  rows: Row[];
  /** Set when the server pages: how many rows match in all (for DataTable's `total`). */
  total?: number;
  /** How many rows there are, whatever the search (0 until loaded). */
  stored: number;
}

/**
 * A list that grows without bound (prayer requests, mass intentions). Up to `threshold` rows it is
 * loaded whole once, then searched and paged on screen at once, as every other list; past it, each
 * page and each search (`?page=`, `?q=` in the URL) is asked of the server, which answers the page
 * and the total, in the order of `?sort=` (one of `sortable`, the columns' keys). One probe tells
 * which: the first `threshold` rows and the total. A list loaded whole is sorted by its table.
 */
export function useGrowingList<Row>(
  resource: Resource,
  params: Record<string, string>,
  fetchPage: (request: PageRequest, signal: AbortSignal) => Promise<PageAnswer<Row>>,
  texts: (row: Row) => (string | null | undefined)[],
  {
    pageSize = 25,
    threshold = 500,
    sortable = [],
  }: { pageSize?: number; threshold?: number; sortable?: readonly string[] } = {},
): GrowingList<Row> {
  const term = useSearchTerm();
  const [search] = useSearchParams();

  const probe = useResource(resource.list({ ...params, limit: threshold }), (signal) =>
    fetchPage({ page: 1, limit: threshold, q: '' }, signal),
  );
  const stored = probe.data?.total ?? 0;
  const large = stored > threshold;
  // A ?page= past the last page (an old link, rows deleted since) asks for the last one, as the
  // on-screen paging does, rather than for an empty page that would read as an empty list.
  const lastPage = Math.max(1, Math.ceil(stored / pageSize));
  const page = Math.min(lastPage, Math.max(1, Number.parseInt(search.get('page') ?? '1', 10) || 1));
  // A sort of a column the list does not sort by is never asked (the server would refuse it).
  const asked = parseSort(search.get('sort'), sortable);
  const sort = asked && sortParam(asked);
  const request = { page, limit: pageSize, q: term, ...(sort ? { sort } : {}) };
  const paged = useResource(
    resource.list({ ...params, ...request }),
    (signal) => fetchPage(request, signal),
    { enabled: large },
  );

  if (!large) {
    const all = probe.data?.rows ?? [];
    return { load: probe, rows: all.filter((row) => matchesSearch(term, ...texts(row))), stored: all.length };
  }
  // While another page loads, the one before stays out of sight: the spinner says it is coming.
  return { load: paged, rows: paged.data?.rows ?? [], total: paged.data?.total ?? stored, stored };
}
