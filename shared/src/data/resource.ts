import { useQuery, type Query, type QueryKey } from '@tanstack/react-query';
import { AxiosError } from 'axios';
// Through the package name, not a relative path: the federation then hands this entry the page's one
// `shared` (one client, one session).
import { errorMessage, showFailureOnScreen, type LoadError, type LoadState } from 'shared';
import { queryClient } from './queryClient';

/** The words for a failed load: the server's message, or that it could not be reached. */
function loadError(error: unknown): LoadError {
  const status = error instanceof AxiosError ? error.response?.status : undefined;
  return { message: errorMessage(error), ...(status === undefined ? {} : { status }) };
}

/**
 * One kind of record of the API (books, prayers …): its query keys and what a write does to them.
 * Keys carry everything the answer depends on — a list's page, limit and filter, a record's id — so
 * each answer is cached on its own, and `invalidate` reaches all of them.
 */
export interface Resource {
  name: string;
  list: (params?: Record<string, string | number | undefined>) => QueryKey;
  detail: (id: string) => QueryKey;
  /** After an add, edit or delete: every list and record of this kind is loaded again when shown. */
  invalidate: () => Promise<void>;
  /** Awaits a write, then invalidates; the write's answer is returned (and its failure thrown) as is. */
  write: <T>(request: Promise<T> | T) => Promise<T>;
}

/** The ids of the records a screen is deleting (`deletingRecord`). */
const deleting = new Set<string>();

/**
 * Runs the delete of the record `id` (a details screen's Delete): while it runs, the writes' invalidation
 * leaves that record's own answers — the record, its history — unasked, since the server would answer
 * 404, and they are dropped once no screen shows them.
 */
export async function deletingRecord<T>(id: string, run: () => Promise<T>): Promise<T> {
  deleting.add(id);
  try {
    return await run();
  } finally {
    deleting.delete(id);
  }
}

/** An answer about a record being deleted: its details (by id, or by a date whose answer it is) or history. */
function aboutDeleted(query: Query): boolean {
  if (!deleting.size) return false;
  const [, part, key] = query.queryKey;
  const named = typeof key === 'string' && deleting.has(key);
  if (part === 'history') return named;
  if (part !== 'detail') return false;
  const id = (query.state.data as { _id?: unknown } | undefined)?._id;
  return named || (typeof id === 'string' && deleting.has(id));
}

/** The answers of deleted records still shown: each is dropped when its screen goes. */
const dropWhenUnshown = new Set<Query>();
queryClient.getQueryCache().subscribe((event) => {
  if (event.type !== 'observerRemoved' || !dropWhenUnshown.has(event.query)) return;
  if (event.query.getObserversCount()) return;
  dropWhenUnshown.delete(event.query);
  queryClient.getQueryCache().remove(event.query);
});

export function resource(name: string): Resource {
  // What is on screen loads again now; what is not is dropped, so that the next screen to show it
  // loads it afresh instead of showing the answer from before the write. A record just deleted is the
  // exception: its screen is leaving, and asking for it again would only fetch two 404s.
  const invalidate = async () => {
    queryClient.removeQueries({ queryKey: [name], type: 'inactive' });
    for (const query of queryClient.getQueryCache().findAll({ queryKey: [name], predicate: aboutDeleted })) {
      dropWhenUnshown.add(query);
    }
    await queryClient.invalidateQueries({ queryKey: [name], predicate: (query) => !aboutDeleted(query) });
  };
  return {
    name,
    list: (params = {}) => [name, 'list', params],
    detail: (id) => [name, 'detail', id],
    invalidate,
    write: async (request) => {
      const answer = await request;
      await invalidate();
      return answer;
    },
  };
}

/**
 * The data of a screen, loaded with `load` under `key` and cached: loading, failed (after retrying a
 * transient failure) or loaded. A failure is shown by the screen (`LoadFailed`), not by a toast.
 */
export function useResource<T>(
  key: QueryKey,
  load: (signal: AbortSignal) => Promise<T>,
  options: { enabled?: boolean } = {},
): LoadState<T> {
  const query = useQuery(
    {
      queryKey: key,
      enabled: options.enabled ?? true,
      queryFn: ({ signal }) => {
        showFailureOnScreen(signal);
        return load(signal);
      },
    },
    queryClient,
  );
  const waiting = query.data === undefined && query.isFetching;
  return {
    data: query.data,
    loading: query.isPending || waiting,
    error: query.isError && !query.isFetching ? loadError(query.error) : null,
    reload: () => void query.refetch(),
  };
}
