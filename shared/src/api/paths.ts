import { DEFAULT_API_BASE_URL } from './baseUrl';

/** The client's address of a contract path (`/api/v1/…` with `{name}` filled from `params`, encoded). */
export function clientUrl(path: string, params?: Record<string, string | number | undefined>): string {
  const route = path.startsWith(DEFAULT_API_BASE_URL) ? path.slice(DEFAULT_API_BASE_URL.length) : path;
  return route.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(String(params?.[name])));
}
