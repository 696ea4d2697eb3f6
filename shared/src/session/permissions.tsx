import { createContext, useContext, useEffect, useSyncExternalStore, type ReactNode } from 'react';
import { isAxiosError } from 'axios';
import { callApi } from '../api/call';
import { apiClient } from '../api/client';
import { session, useSession } from './session';

/**
 * What the signed-in member's role allows (the server's permission table, read from GET /account):
 * 'unknown' while it loads, 'all' when it cannot be read (the server still refuses, in words, what the
 * role may not do), else the list. Read once per session for the whole page: the shell's menu and the
 * remotes' screens share this module (a federation singleton).
 */
export type Permissions = readonly string[] | 'unknown' | 'all';

type Known = { token: string; permissions: Exclude<Permissions, 'unknown'> };
let known: Known | undefined;
let reading: string | undefined;
const listeners = new Set<() => void>();
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};
const emit = () => listeners.forEach((listener) => listener());

// Another sign-in (or a sign-out) reads them again.
session.subscribe(() => {
  known = undefined;
  reading = undefined;
  emit();
});

// A refused call (403) may mean an Admin changed this member's role since it was read: read it again,
// so that the screens stop offering what the server now refuses.
apiClient.interceptors.response.use(undefined, (error: unknown) => {
  const token = session.token();
  if (isAxiosError(error) && error.response?.status === 403 && token && known?.token === token) {
    read(token, { again: true });
  }
  return Promise.reject(error);
});

function read(token: string, { again = false } = {}) {
  if (reading === token || (!again && known?.token === token)) return;
  reading = token;
  void callApi('get', '/api/v1/account', { quiet: true })
    .then(
      ({ data }) => data.permissions,
      // Unreadable: what was known stays; never known, everything shows (the server still refuses).
      // A 401 has ended the session already, as on every call.
      () => (known?.token === token ? known.permissions : ('all' as const)),
    )
    .then((permissions) => {
      if (reading !== token) return;
      reading = undefined;
      known = { token, permissions };
      emit();
    });
}

/** For the test suites (shared/testing's signIn): the permissions of a session, as if read. */
export function rememberPermissions(token: string, permissions: readonly string[]) {
  reading = undefined;
  known = { token, permissions };
  emit();
}

/** The permissions of the session signed in now, as far as they were read ('unknown' before). */
export function knownPermissions(): Permissions {
  const token = session.token();
  return known && token && known.token === token ? known.permissions : 'unknown';
}

export function usePermissions(): Permissions {
  const token = useSession()?.token;
  const current = useSyncExternalStore(subscribe, () => known);
  useEffect(() => {
    if (token) read(token);
  }, [token]);
  return current && current.token === token ? current.permissions : 'unknown';
}

/** Whether `permissions` include `permission` (none needed: always; still loading: not yet). */
export function allows(permissions: Permissions, permission: string | undefined): boolean {
  if (!permission || permissions === 'all') return true;
  return permissions !== 'unknown' && permissions.includes(permission);
}

// The permission the writes of the screens below need: 'content' unless a remote says otherwise
// (the finance screens' 'finance'), as the server's permission table has it.
const WritePermission = createContext('content');

/** The screens below write what needs `permission` (the remotes' App wraps its routes in it). */
export function WritesNeed({ permission, children }: { permission: string; children: ReactNode }) {
  return <WritePermission.Provider value={permission}>{children}</WritePermission.Provider>;
}

/**
 * Whether the signed-in member may write here: Add, Edit, Delete, Import … are hidden from a role that
 * may not (a Guest User), and while the role is still being read, so that they never flash.
 */
export function useCanWrite(): boolean {
  return useWriteAccess() === 'allowed';
}

/** Whether the member may write here: 'unknown' while the role is read (a form waits for no one). */
export function useWriteAccess(): 'allowed' | 'refused' | 'unknown' {
  const permission = useContext(WritePermission);
  const permissions = usePermissions();
  if (permissions === 'unknown') return 'unknown';
  return allows(permissions, permission) ? 'allowed' : 'refused';
}

/** Its children only for a member who may write here (useCanWrite). */
export function WriteOnly({ children }: { children: ReactNode }) {
  return useCanWrite() ? <>{children}</> : null;
}
