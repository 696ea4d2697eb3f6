import { useQuery, type QueryKey } from '@tanstack/react-query';
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

export function resource(name: string): Resource {
  // What is on screen loads again now; what is not is dropped, so that the next screen to show it
  // loads it afresh instead of showing the answer from before the write.
  const invalidate = async () => {
    queryClient.removeQueries({ queryKey: [name], type: 'inactive' });
    await queryClient.invalidateQueries({ queryKey: [name] });
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
