import { AxiosError, CanceledError, isCancel, type AxiosResponse } from 'axios';
import { apiClient, failureShownOnScreen } from './client';
import { clientUrl } from './paths';
import { session } from '../session/session';

// A screen's first reads, started by the shell with the screen's code instead of after it: the call
// the screen then makes for the same address takes that answer (in flight or arrived) rather than
// asking again. Only GETs without a query; each answer is taken once, by one call, within a few
// seconds, under the session it was asked with. A failure the screen would retry (no answer, a 503) is
// the screen's first attempt, so its retries and their waits stay as they were; any other is asked
// again by the screen's own call, whose failure is then said (or the session ended) as usual.

/** How long an answer waits for its screen's call: past it, the screen asks afresh. */
export const EARLY_READ_KEPT_MS = 10_000;

type Outcome = { answer: AxiosResponse } | { error: unknown };

interface EarlyRead {
  outcome: Promise<Outcome>;
  startedAt: number;
  token: string | null;
}

const reads = new Map<string, EarlyRead>();

function forgetOld(now: number) {
  for (const [url, read] of reads) if (now - read.startedAt > EARLY_READ_KEPT_MS) reads.delete(url);
}

/**
 * Asks now, silently, for each of a screen's first reads: contract paths (`/api/v1/all/books/`) whose
 * `{userId}` is the signed-in member and whose other `{name}`s come from `params` (the screen's path
 * parameters). A read missing a parameter is left to its screen.
 */
export function startEarlyReads(paths: readonly string[], params: Record<string, string | undefined>): void {
  const userId = session.userId();
  if (!userId) return;
  const values: Record<string, string | undefined> = { ...params, userId };
  for (const path of paths) {
    const names = [...path.matchAll(/\{(\w+)\}/g)].map(([, name]) => name);
    if (names.every((name) => values[name])) startEarlyRead(clientUrl(path, values));
  }
}

/**
 * Asks for `url` (the client's, without the base URL) now, silently: its screen's call will take the
 * answer. One asked earlier and never taken is replaced: what it answered may be older than this visit.
 */
function startEarlyRead(url: string): void {
  const now = Date.now();
  forgetOld(now);
  const outcome = apiClient.get(url, { silent: true }).then(
    (answer) => ({ answer }),
    (error: unknown) => ({ error }),
  );
  reads.set(url, { outcome, startedAt: now, token: session.token() });
}

/** A failure the data layer retries (queryClient's isTransient): the server was not reached, or was busy. */
const retried = (error: unknown) =>
  error instanceof AxiosError && !isCancel(error) && (!error.response || error.response.status === 503);

/**
 * For a GET of `url` by the client: the answer of its early read, taken once (in flight or arrived),
 * or undefined to ask afresh (none started, too old, another session, or a failure to ask again).
 * Throws a retried failure to a load whose failures show on its screen; a CanceledError when `signal`
 * gives up first.
 */
export async function earlyAnswer(url: string, signal: AbortSignal | undefined): Promise<AxiosResponse | undefined> {
  const now = Date.now();
  forgetOld(now);
  const read = reads.get(url);
  if (!read) return undefined;
  reads.delete(url);
  if (read.token !== session.token()) return undefined;
  const outcome = await untilAborted(read.outcome, signal);
  if ('answer' in outcome) return outcome.answer;
  if (signal && failureShownOnScreen(signal) && retried(outcome.error)) throw outcome.error;
  return undefined;
}

function untilAborted<T>(promise: Promise<T>, signal: AbortSignal | undefined): Promise<T> {
  if (!signal) return promise;
  if (signal.aborted) return Promise.reject(new CanceledError());
  return new Promise((resolve, reject) => {
    const aborted = () => reject(new CanceledError());
    signal.addEventListener('abort', aborted, { once: true });
    void promise.then((value) => {
      signal.removeEventListener('abort', aborted);
      resolve(value);
    });
  });
}

// A write may change what any early read answers: none started before it is taken after it.
apiClient.interceptors.request.use((config) => {
  if (['post', 'put', 'patch', 'delete'].includes(config.method?.toLowerCase() ?? 'get')) reads.clear();
  return config;
});

/** The addresses read early whose answer no call has taken yet (for the tests that check a screen takes its own). */
export function untakenEarlyReads(): string[] {
  return [...reads.keys()];
}

/** Forgets every early read (a test's fresh page). */
export function forgetEarlyReads(): void {
  reads.clear();
}
