import { useSyncExternalStore } from 'react';
import { DEFAULT_API_BASE_URL } from 'shared/login';
import type { Schemas } from 'api/contract';

// The shapes of `/remotes.json` are the contract's (the server's schemas RemotesMap, RemoteDefinition and
// RouteEntry): types only, so that no schema library reaches the login page; the small check below
// is what the shell needs at run time.

/** A screen a remote owns, from the route table it publishes with each release. */
export type RouteEntry = Schemas['RouteEntry'];

/** One remote as `/remotes.json` declares it: its live release, where its manifest is, the screens it owns. */
export type RemoteDefinition = Schemas['RemoteDefinition'];

/** `/remotes.json`: the API base URL, how long a remote may take to load, and the remotes. */
export type RemotesMap = Schemas['RemotesMap'];

export const DEFAULT_LOAD_TIMEOUT_MS = 3000;

const isText = (value: unknown): value is string => typeof value === 'string' && value.length > 0;

function isRoute(value: unknown): value is RouteEntry {
  const route = value as RouteEntry;
  return typeof route === 'object' && route !== null && isText(route.path) && isText(route.title);
}

function isRemote(value: unknown): value is RemoteDefinition {
  const remote = value as RemoteDefinition;
  return (
    typeof remote === 'object' &&
    remote !== null &&
    isText(remote.name) &&
    isText(remote.entry) &&
    isText(remote.release) &&
    Array.isArray(remote.routes) &&
    remote.routes.every(isRoute)
  );
}

function isPreview(value: unknown): value is NonNullable<RemotesMap['preview']> {
  const preview = value as RemotesMap['preview'];
  return (
    typeof preview === 'object' &&
    preview !== null &&
    [preview.remote, preview.label, preview.version, preview.release].every(isText)
  );
}

/** Reads the map's body; anything that is not a map is an error (never "no remotes"). */
export function parseRemotesMap(body: unknown): RemotesMap {
  const map = body as Partial<RemotesMap> | null;
  if (typeof map !== 'object' || map === null || !Array.isArray(map.remotes) || !map.remotes.every(isRemote)) {
    throw new Error('The remotes map is not a list of remotes');
  }
  return {
    apiBaseUrl: isText(map.apiBaseUrl) ? map.apiBaseUrl : DEFAULT_API_BASE_URL,
    loadTimeoutMs:
      typeof map.loadTimeoutMs === 'number' && map.loadTimeoutMs > 0 ? map.loadTimeoutMs : DEFAULT_LOAD_TIMEOUT_MS,
    remotes: map.remotes.map((remote) => ({ ...remote, label: isText(remote.label) ? remote.label : remote.name })),
    ...(isPreview(map.preview) ? { preview: map.preview } : {}),
  };
}

/**
 * Fetches the map fresh (the server sends it no-cache with an ETag, so a check is a 304). Signed in, it
 * goes with the session: only a member's browser counts in a rollout's failure share.
 */
export async function fetchRemotesMap(
  url = '/remotes.json',
  timeoutMs = DEFAULT_LOAD_TIMEOUT_MS,
  sessionToken: () => string | null = () => null,
): Promise<RemotesMap> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), timeoutMs);
  const token = sessionToken();
  try {
    const response = await fetch(url, {
      cache: 'no-cache',
      signal: controller.signal,
      ...(token ? { headers: { authorization: `Bearer ${token}` } } : {}),
    });
    if (!response.ok) throw new Error(`${url} answered ${response.status} ${response.statusText}`.trim());
    return parseRemotesMap(await response.json());
  } catch (error) {
    if (controller.signal.aborted) {
      throw new Error(`${url} did not answer within ${timeoutMs / 1000} s`, { cause: error });
    }
    throw error;
  } finally {
    clearTimeout(timer);
  }
}

export interface RemotesMapState {
  map?: RemotesMap;
  /** The last failure, while no map could be read at all. */
  error?: Error;
  /** True until the first attempt has answered, well or not. */
  loading: boolean;
}

/** Where the last map read is kept, so that a page opened while the map cannot be read still has it. */
export interface MapCache {
  read(): RemotesMap | undefined;
  write(map: RemotesMap): void;
}

const CACHE_KEY = 'remotesMap';

/**
 * The browser's copy of the last map read. With it, a page opened during a restart (the map answering
 * 503) still has its menu, titles and remotes; the releases it names stay served for a session's length.
 */
export const browserMapCache: MapCache = {
  read() {
    try {
      const stored = localStorage.getItem(CACHE_KEY);
      return stored ? parseRemotesMap(JSON.parse(stored)) : undefined;
    } catch {
      return undefined;
    }
  },
  write(map) {
    try {
      localStorage.setItem(CACHE_KEY, JSON.stringify(map));
    } catch {
      // Storage full or refused: the next page reads the map from the server, as without a copy.
    }
  },
};

/** Back-off between attempts while no map could be read: 1 s, 2 s, 4 s … at most 30 s. */
export const retryDelayMs = (attempt: number) => Math.min(30_000, 1000 * 2 ** attempt);

/**
 * The live map in the page. The first read may fail (a 503 during a restart): then it is retried
 * with back-off, and every screen that waits for it re-renders when it arrives. Once read, each
 * navigation into a remote's area refreshes it, so a deploy is picked up at the next navigation;
 * a failed refresh keeps the map already known.
 */
export class RemotesMapStore {
  private state: RemotesMapState;
  private readonly listeners = new Set<() => void>();
  private retryTimer?: ReturnType<typeof setTimeout>;
  private failures = 0;
  private fetchedAt = 0;
  private inFlight?: Promise<RemotesMap | undefined>;

  constructor(
    private readonly fetchMap: () => Promise<RemotesMap>,
    private readonly cache?: MapCache,
  ) {
    const cached = cache?.read();
    this.state = cached ? { map: cached, loading: false } : { loading: true };
  }

  getState = (): RemotesMapState => this.state;

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  private set(state: RemotesMapState) {
    this.state = state;
    for (const listener of this.listeners) listener();
  }

  /** Reads the map unless it was read less than `maxAgeMs` ago; concurrent callers share one request. */
  refresh(maxAgeMs = 0): Promise<RemotesMap | undefined> {
    if (this.state.map && Date.now() - this.fetchedAt < maxAgeMs) return Promise.resolve(this.state.map);
    this.inFlight ??= this.read().finally(() => (this.inFlight = undefined));
    return this.inFlight;
  }

  private async read(): Promise<RemotesMap | undefined> {
    clearTimeout(this.retryTimer);
    try {
      const map = await this.fetchMap();
      this.failures = 0;
      this.fetchedAt = Date.now();
      this.cache?.write(map);
      // An unchanged map keeps its object, so that nothing re-renders for a 304.
      const changed = JSON.stringify(map) !== JSON.stringify(this.state.map);
      if (changed || this.state.loading || this.state.error) this.set({ map, loading: false });
      return map;
    } catch (error) {
      if (this.state.map) return this.state.map;
      console.error('The remotes map could not be read; retrying.', error);
      this.set({ error: error instanceof Error ? error : new Error(String(error)), loading: false });
      this.retryTimer = setTimeout(() => void this.refresh(), retryDelayMs(this.failures++));
      return undefined;
    }
  }

  /** For tests and teardown: no retry stays scheduled. */
  stop() {
    clearTimeout(this.retryTimer);
  }
}

export function useRemotesMap(store: RemotesMapStore): RemotesMapState {
  return useSyncExternalStore(store.subscribe, store.getState);
}
