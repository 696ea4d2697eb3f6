import type { RemoteDefinition } from './remotesMap';

/** Where the shell reports a remote's failures (same origin: the browser's id cookie goes with it). */
export const REPORTS_URL = '/api/v1/client-reports';
/** Reports one page sends at most, whatever fails. */
export const MAX_REPORTS_PER_PAGE = 6;

const sent = new Set<string>();

/**
 * Tells the server that a release of a remote failed in this browser: its files could not be loaded, or
 * a screen of it threw. Only the remote, the release and the kind go: never a message, a form's content
 * or a token. Once per remote, release and kind in a page, and a few per page at most.
 */
export function reportFailure(remote: Pick<RemoteDefinition, 'name' | 'release'>, kind: 'load' | 'render'): void {
  const key = `${remote.name} ${remote.release} ${kind}`;
  if (sent.has(key) || sent.size >= MAX_REPORTS_PER_PAGE || typeof navigator.sendBeacon !== 'function') return;
  sent.add(key);
  const body = JSON.stringify({ remote: remote.name, release: remote.release, kind });
  navigator.sendBeacon(REPORTS_URL, new Blob([body], { type: 'application/json' }));
}

/** Forgets what this page sent (tests). */
export function forgetReports(): void {
  sent.clear();
}
