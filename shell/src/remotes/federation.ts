import {
  getInstance,
  loadRemote,
  registerPlugins,
  registerRemotes,
  satisfy,
} from '@module-federation/enhanced/runtime';
import type { ComponentType } from 'react';
import sharedPackage from 'shared/package.json';
import type { RemoteDefinition } from './remotesMap';

/** The version of `shared` this shell provides to every remote (the federation singleton). */
export const PROVIDED_SHARED_VERSION = sharedPackage.version;

/**
 * A remote's live release needs a newer `shared` than this shell provides: it is not loaded at all
 * (its code could call an export the shell's copy does not have).
 */
export class SharedVersionError extends Error {
  constructor(
    readonly remote: RemoteDefinition,
    readonly needed: string,
    readonly provided: string,
  ) {
    super(`${remote.name} ${remote.release} needs shared ${needed}; this shell provides shared ${provided}`);
    this.name = 'SharedVersionError';
  }
}

/** The SharedVersionError of a remote this shell cannot run, if any (judged as the federation runtime judges ranges). */
export function sharedVersionProblem(
  remote: RemoteDefinition,
  provided = PROVIDED_SHARED_VERSION,
): SharedVersionError | undefined {
  const needed = remote.requires?.shared;
  if (!needed || satisfy(provided, needed)) return undefined;
  return new SharedVersionError(remote, needed, provided);
}

/** A remote's area could not be loaded; `detail` is the technical text, shown behind "Details". */
export class RemoteLoadError extends Error {
  constructor(
    readonly remote: RemoteDefinition,
    readonly detail: string,
  ) {
    super(`The ${remote.label} screens could not be loaded`);
    this.name = 'RemoteLoadError';
  }
}

/**
 * The federation runtime reads any answer that parses as JSON as a manifest, whatever its status,
 * and caches a rejected load it could parse. Checking the status here turns a 404 or 500 into a
 * failed fetch, which the runtime does not cache; `forget` below discards whatever it did cache.
 */
let installed = false;
export function installFederationPlugins() {
  if (installed) return;
  installed = true;
  registerPlugins([
    {
      name: 'backoffice-checked-fetch',
      async fetch(url: string, init: RequestInit) {
        const response = await fetch(url, init);
        if (!response.ok) throw new Error(`${url} answered ${response.status} ${response.statusText}`.trim());
        return response;
      },
    },
  ]);
}

/** The entry each remote was registered with, and the releases whose code this page has started to run. */
const registered = new Map<string, string>();
const started = new Map<string, RemoteDefinition>();

function register(remote: RemoteDefinition, force: boolean) {
  registerRemotes([{ name: remote.name, entry: remote.entry }], { force });
  registered.set(remote.name, remote.entry);
}

/** Removes the remote and everything the runtime cached from a failed attempt, then registers it afresh. */
function forget(remote: RemoteDefinition) {
  register(remote, true);
}

/**
 * Reloads the whole page at the URL being visited. Two releases of one remote must never mix chunks
 * in a page (both are built with the same federation names), so a remote whose code already ran and
 * whose live release changed is picked up by a fresh page.
 */
export let reloadPage = () => window.location.reload();
export function setReloadPage(reload: () => void) {
  reloadPage = reload;
}

function withTimeout<T>(promise: Promise<T>, timeoutMs: number, what: string): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`${what} did not answer within ${(timeoutMs / 1000).toString()} s`)),
      timeoutMs,
    );
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error instanceof Error ? error : new Error(String(error)));
      },
    );
  });
}

export const never = new Promise<never>(() => undefined);

/** True when this page already ran another release of the remote: only a fresh page may load this one. */
export function needsFreshPage(remote: RemoteDefinition): boolean {
  const ran = started.get(remote.name);
  return ran !== undefined && ran.entry !== remote.entry;
}

type RemoteApp = { default: ComponentType };

/**
 * Each remote's attempt at its App. A visit and the idle prefetch share it, each with its own
 * timeout: a second attempt beside it would, on failing, unregister the remote under the first one
 * (or under the screen it already rendered), and the runtime would drop that remote's instance and
 * shared modules.
 */
const attempts = new Map<string, Promise<RemoteApp>>();

function startAttempt(remote: RemoteDefinition): Promise<RemoteApp> {
  const current = registered.get(remote.name);
  if (current !== remote.entry) register(remote, current !== undefined);
  started.set(remote.name, remote);
  return loadRemote<RemoteApp>(`${remote.name}/App`).then((module) => {
    if (!module?.default) throw new Error(`${remote.entry} did not provide the remote's App`);
    return module;
  });
}

/** The loads visits wait on (a navigation's, a screen's): the idle prefetch lets them go first. */
const visitsLoading = new Set<Promise<RemoteApp>>();

/** Loads a remote's exposed `./App` from its live release. Throws a RemoteLoadError when it cannot. */
export function loadRemoteApp(remote: RemoteDefinition, timeoutMs: number): Promise<RemoteApp> {
  if (needsFreshPage(remote)) {
    reloadPage();
    return never;
  }
  const loading = loadApp(remote, timeoutMs);
  visitsLoading.add(loading);
  const settled = () => visitsLoading.delete(loading);
  loading.then(settled, settled);
  return loading;
}

/** A remote's App, from the attempt in flight or a new one (a release this page has not run another of). */
async function loadApp(remote: RemoteDefinition, timeoutMs: number): Promise<RemoteApp> {
  const refusal = sharedVersionProblem(remote);
  if (refusal) throw refusal;
  // Any other release went to a fresh page above: an attempt kept here is for this one.
  let attempt = attempts.get(remote.name);
  if (!attempt) {
    attempt = startAttempt(remote);
    attempts.set(remote.name, attempt);
  }
  try {
    return await withTimeout(attempt, timeoutMs, remote.entry);
  } catch (error) {
    // Discarded once, by whichever caller sees it fail first; never a newer attempt (Retry's).
    if (attempts.get(remote.name) === attempt) {
      attempts.delete(remote.name);
      forget(remote);
    }
    throw new RemoteLoadError(remote, error instanceof Error ? error.message : String(error));
  }
}

/**
 * After login, while the browser is idle, load each remote's App that has not run yet, one after the
 * other in the map's order, so that the first click on a menu entry only renders. A screen being
 * opened comes first: before each remote the prefetch waits for the loads visits asked for, then for
 * the browser to be idle again, rather than share the line and the cores with them. It goes through
 * the same loader as a visit (script tags and the runtime's checked fetch: no preload links, so no
 * console warnings), and a failure stays silent: the visit retries it and shows the panel if it still
 * fails.
 */
export function prefetchRemotes(remotes: RemoteDefinition[], timeoutMs: number): () => void {
  const waiting = [...remotes];
  let stopped = false;
  let cancelWait: () => void = () => undefined;
  const whenIdle = (next: () => void) => {
    if ('requestIdleCallback' in window) {
      const handle = window.requestIdleCallback(next, { timeout: 3000 });
      cancelWait = () => window.cancelIdleCallback(handle);
    } else {
      const handle = setTimeout(next, 1500);
      cancelWait = () => clearTimeout(handle);
    }
  };
  const prefetchNext = async () => {
    if (stopped) return;
    if (visitsLoading.size > 0) {
      await Promise.allSettled([...visitsLoading]);
    } else {
      const next = waiting.findIndex((remote) => !started.has(remote.name));
      if (next < 0) return;
      const [remote] = waiting.splice(next, 1);
      await loadApp(remote!, timeoutMs).catch(() => undefined);
    }
    if (!stopped) whenIdle(() => void prefetchNext());
  };
  whenIdle(() => void prefetchNext());
  return () => {
    stopped = true;
    cancelWait();
  };
}

/** The shared libraries this page resolved, and from which app: for the Deployed versions panel. */
export function resolvedSharedVersions(): { name: string; version: string; from: string }[] {
  const scopes = getInstance()?.shareScopeMap ?? {};
  const found = new Map<string, { name: string; version: string; from: string }>();
  for (const scope of Object.values(scopes)) {
    for (const [name, versions] of Object.entries(scope)) {
      for (const [version, shared] of Object.entries(versions)) {
        if (!shared.loaded || name.endsWith('/')) continue;
        found.set(`${name}@${version}`, { name, version, from: shared.from });
      }
    }
  }
  return [...found.values()].sort((a, b) => a.name.localeCompare(b.name));
}

/** Which release of each remote this page runs (for the Deployed versions panel). */
export const runningReleases = (): Record<string, string> =>
  Object.fromEntries([...started.values()].map((remote) => [remote.name, remote.release]));
