import { useEffect, useSyncExternalStore } from 'react';
import { callApi } from '../api/call';
import { showDatesIn } from '../format/zone';
import { session, useSession } from '../session/session';

/**
 * The parish's own settings (Settings → Parish): its name, its currency (ISO 4217, every amount is shown
 * with it), its time zone (IANA: every date is shown in it, whatever the browser's) and the first day of
 * its week (0 = Sunday … 6 = Saturday, as JavaScript's getDay). Read once per session for the whole
 * page, as the permissions are: every screen needs them at once, and the date functions outside React
 * too, so they live in this module (a federation singleton), not in one screen's query.
 */
export interface Parish {
  name: string;
  currency: string;
  timeZone: string;
  weekStart: number;
}

/** What a screen shows until the parish's are read: no name, the browser's zone, a Monday week. */
const UNREAD: Parish = {
  name: '',
  currency: 'NGN',
  timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
  weekStart: 1,
};

type Known = { token: string; parish: Parish };
let known: Known | undefined;
let reading: string | undefined;
const listeners = new Set<() => void>();
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

function remember(next: Known | undefined) {
  known = next;
  showDatesIn(next?.parish.timeZone);
  listeners.forEach((listener) => listener());
}

// Another sign-in (or a sign-out) reads them again.
session.subscribe(() => {
  reading = undefined;
  if (known && known.token !== session.token()) remember(undefined);
});

function read(token: string) {
  if (reading === token || known?.token === token) return;
  reading = token;
  void callApi('get', '/api/v1/parish', { quiet: true }).then(
    ({ data }) => {
      if (reading !== token) return;
      reading = undefined;
      remember({ token, parish: data });
    },
    () => {
      // Unreadable: the screens go on with the browser's zone; the next screen that asks tries again.
      if (reading === token) reading = undefined;
    },
  );
}

/** After Settings → Parish saved them (or a test signed in): every screen shows the new ones at once. */
export function rememberParish(parish: Parish): void {
  const token = session.token();
  if (token) remember({ token, parish });
}

/** For the test suites (shared/testing's stubApi): read them again under the next stub. */
export function forgetParish(): void {
  reading = undefined;
  remember(undefined);
}

/** The parish's name, currency, time zone and first day of the week; `loaded` once they are read. */
export function useParish(): Parish & { loaded: boolean } {
  const token = useSession()?.token;
  const current = useSyncExternalStore(subscribe, () => known);
  useEffect(() => {
    if (token) read(token);
  }, [token]);
  return current && current.token === token ? { ...current.parish, loaded: true } : { ...UNREAD, loaded: false };
}
