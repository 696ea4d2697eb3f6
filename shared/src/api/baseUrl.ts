// The API's base URL, apart from the HTTP client: the login page sets it before the client has loaded.

export const DEFAULT_API_BASE_URL = '/api/v1';

let current = DEFAULT_API_BASE_URL;
const listeners = new Set<(baseURL: string) => void>();

/** The base URL is decided at run time (remotes.json), not at build time. */
export function configureApi(options: { baseURL?: string }) {
  if (!options.baseURL || options.baseURL === current) return;
  current = options.baseURL;
  for (const listener of listeners) listener(current);
}

/** The base URL now (the API client follows it with `followApiBaseUrl`). */
export const apiBaseUrl = () => current;

/** Calls `apply` with the base URL now and whenever it changes. */
export function followApiBaseUrl(apply: (baseURL: string) => void) {
  apply(current);
  listeners.add(apply);
}
