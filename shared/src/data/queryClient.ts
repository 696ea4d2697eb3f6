import { QueryClient } from '@tanstack/react-query';
import { AxiosError, isCancel } from 'axios';

/** Attempts after the first one for a transient failure (no answer, or 503). */
export const MAX_RETRIES = 3;
/** A `Retry-After` longer than this is not waited for: the screen says the load failed, with Retry. */
export const LONGEST_RETRY_AFTER_MS = 30_000;

/** The server asked to come back later: `Retry-After` in seconds or as an HTTP date, in ms from `now`. */
export function retryAfterMs(error: unknown, now = Date.now()): number | undefined {
  if (!(error instanceof AxiosError)) return undefined;
  const headers = error.response?.headers as Record<string, unknown> | undefined;
  const value = headers?.['retry-after'];
  if (typeof value !== 'string' || !value.trim()) return undefined;
  if (/^\d+$/.test(value.trim())) return Number(value.trim()) * 1000;
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

/**
 * Worth another attempt: the server was not reached (network down, connection reset), or it answered
 * 503 (overloaded, restarting). Any other answer — 4xx, 500 — would answer the same again.
 */
export function isTransient(error: unknown): boolean {
  if (!(error instanceof AxiosError) || isCancel(error)) return false;
  if (!error.response) return true;
  if (error.response.status !== 503) return false;
  const wait = retryAfterMs(error);
  return wait === undefined || wait <= LONGEST_RETRY_AFTER_MS;
}

/** 1 s, 2 s, 4 s … (`failures` counts from 0) unless the server said when to come back. */
export function retryDelay(failures: number, error: unknown): number {
  return retryAfterMs(error) ?? Math.min(1000 * 2 ** failures, 8000);
}

/**
 * The one query cache of the page. `shared/data` is a federation singleton, so every remote reads
 * and invalidates this same cache. Data counts as stale at once (the next visit of a screen loads
 * it again, showing the cached answer meanwhile); focus does not reload, so a form being edited
 * never sees its record change under it.
 */
export const queryClient = new QueryClient({
  // A failed load is said once, on its screen, with Retry (docs/deviations-from-spec.md: not again in a red toast
  // as spec §8 has it); a record's 404 is its screen's not-found text. A 401 has ended the session.
  defaultOptions: {
    queries: {
      retry: (failures, error) => failures < MAX_RETRIES && isTransient(error),
      retryDelay,
      refetchOnWindowFocus: false,
      staleTime: 0,
      // Offline is a failure to show with Retry, not a spinner that waits for the browser's 'online'.
      networkMode: 'always',
    },
  },
});
