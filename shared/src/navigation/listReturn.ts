import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';

// Where each list was last shown, with its filter and page (`/donations?q=orphan&page=2`), so that
// the Back of a screen opened from it returns there rather than to the bare list. Kept per tab.
const STORAGE_KEY = 'listReturn';

function remembered(): Record<string, string> {
  try {
    const value: unknown = JSON.parse(sessionStorage.getItem(STORAGE_KEY) ?? '{}');
    return value && typeof value === 'object' ? (value as Record<string, string>) : {};
  } catch {
    return {};
  }
}

/** Remembers the list at this address as it is shown now (called by every list table). */
export function useRememberList(): void {
  const { pathname, search } = useLocation();
  useEffect(() => {
    const lists = remembered();
    lists[pathname] = pathname + search;
    try {
      sessionStorage.setItem(STORAGE_KEY, JSON.stringify(lists));
    } catch {
      // Storage full or refused: Back then goes to the bare list.
    }
  }, [pathname, search]);
}

/** The address a Back link to `path` takes: that list as it was last shown, else `path` itself. */
export function returnTo(path: string): string {
  if (path.includes('?')) return path;
  return remembered()[path] ?? path;
}
