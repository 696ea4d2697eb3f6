import type { AxiosResponse } from 'axios';
import { apiClient } from './client';
import { clientUrl } from './paths';
import { session } from '../session/session';

// A screen's first reads, started by the shell with the screen's code instead of after it: the call
// the screen then makes for the same address takes that answer (in flight or arrived) rather than
// asking again. Only GETs without a query; each answer is taken once, by one call, within a few
// seconds, under the session it was asked with. A read that failed is asked again by the screen's own
// call, whose failure is then said as any other.

/** How long an answer waits for its screen's call: past it, the screen asks afresh. */
export const EARLY_READ_KEPT_MS = 10_000;

interface EarlyRead {
  answer: Promise<AxiosResponse | undefined>;
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
  const answer = apiClient.get(url, { silent: true }).catch(() => undefined);
  reads.set(url, { answer, startedAt: now, token: session.token() });
}

/**
 * The answer of an early read of `url`, taken once: undefined when none was started (or it is too old,
 * or was asked under another session), else its answer, or undefined once it has failed.
 */
export function takeEarlyRead(url: string): Promise<AxiosResponse | undefined> | undefined {
  const now = Date.now();
  forgetOld(now);
  const read = reads.get(url);
  if (!read) return undefined;
  reads.delete(url);
  return read.token === session.token() ? read.answer : undefined;
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
