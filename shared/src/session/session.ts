import type { Schemas } from 'api/contract';
import { useSyncExternalStore } from 'react';

/** The administrator as the login call returns it under `doesUserEmailExist`. */
export type AdminUser = Schemas['LoginAnswer']['doesUserEmailExist'];

export interface Session {
  token: string;
  user: AdminUser;
}

// The storage keys are part of the contract with the mobile team's tooling (spec §9).
const TOKEN_KEY = 'token';
const USER_KEY = 'user';
// For this tab only: the last session ended because the server refused it (a 401), not by Log out.
const EXPIRED_KEY = 'sessionExpired';

type Listener = () => void;
const listeners = new Set<Listener>();
let current: Session | null | undefined;

function read(): Session | null {
  try {
    const token = localStorage.getItem(TOKEN_KEY);
    const user = JSON.parse(localStorage.getItem(USER_KEY) ?? 'null') as AdminUser | null;
    return token && user && typeof user._id === 'string' ? { token, user } : null;
  } catch {
    // Unreadable JSON in storage is treated as no session rather than crashing the app.
    return null;
  }
}

function emit() {
  current = read();
  listeners.forEach((listener) => listener());
}

export const session = {
  get(): Session | null {
    if (current === undefined) current = read();
    return current;
  },
  token(): string | null {
    return session.get()?.token ?? null;
  },
  userId(): string | null {
    return session.get()?.user._id ?? null;
  },
  save(next: Session) {
    sessionStorage.removeItem(EXPIRED_KEY);
    localStorage.setItem(TOKEN_KEY, next.token);
    localStorage.setItem(USER_KEY, JSON.stringify(next.user));
    emit();
  },
  clear() {
    localStorage.removeItem(TOKEN_KEY);
    localStorage.removeItem(USER_KEY);
    emit();
  },
  subscribe(listener: Listener): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};

/** The server refused the session (401): it ends, and the login screen will say why. */
export function expireSession() {
  sessionStorage.setItem(EXPIRED_KEY, '1');
  session.clear();
}

/** The login screen's 'Your session has expired…': true from a 401 until the next login. */
export const sessionExpired = (): boolean => sessionStorage.getItem(EXPIRED_KEY) === '1';

// A logout or login in another tab changes this one too.
if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (event.key === null || event.key === TOKEN_KEY || event.key === USER_KEY) emit();
  });
}

/** The current session, re-rendering when it changes (login, logout, 401, another tab). */
export function useSession(): Session | null {
  return useSyncExternalStore(session.subscribe, session.get, session.get);
}

/** The signed-in administrator's id, for the `{userId}` of write calls. */
export function useUserId(): string {
  const current = useSession();
  if (!current) throw new Error('useUserId needs a signed-in administrator');
  return current.user._id;
}
