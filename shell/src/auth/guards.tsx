import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { LoginScreen, useSession } from 'shared/login';

/** Where the guard sent the administrator from: path and query, kept through the login. */
interface FromState {
  from?: string;
}

const isInternalPath = (value: unknown): value is string =>
  typeof value === 'string' && value.startsWith('/') && !value.startsWith('//');

/**
 * Protected routes need a stored session (spec §2 Guard). Without one — never logged in, logged
 * out in another tab, or ended by a 401 — the administrator goes to /login, which remembers the page.
 */
export function RequireAuth({ children }: { children: ReactNode }) {
  const current = useSession();
  const location = useLocation();
  if (!current) {
    const state: FromState = { from: `${location.pathname}${location.search}` };
    return <Navigate to="/login" replace state={state} />;
  }
  return <>{children}</>;
}

/** `/` and `/login`: the login screen, or — once logged in — the remembered page or the dashboard. */
export function LoginPage() {
  const current = useSession();
  const location = useLocation();
  if (current) {
    const from = (location.state as FromState | null)?.from;
    return <Navigate to={isInternalPath(from) && from !== '/login' ? from : '/dashboard'} replace />;
  }
  return <LoginScreen />;
}
