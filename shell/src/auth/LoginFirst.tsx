import { lazy, Suspense, useState } from 'react';
import { DEFAULT_API_BASE_URL, LoadingBlock, LoginScreen, session, useSession } from 'shared/login';
import { askFiguresEarly } from '../dashboard/earlyFigures';
import type { RemotesMapStore } from '../remotes/remotesMap';

// What the login page shows before the router exists: the password form alone. The rest of the app
// comes with the first press of Login, while the call is on its way.
const loadApp = () => import('../app/App');
const App = lazy(loadApp);

/** Where the router's guard keeps the page asked for (react-router's history state: `usr` is its state). */
interface HistoryState {
  usr?: { from?: string } | null;
}

/** The page the sign-in leads to: the one asked for, else the dashboard (as the router's LoginPage decides). */
function destination(): string {
  const from = (window.history.state as HistoryState | null)?.usr?.from;
  return typeof from === 'string' && from.startsWith('/') && !from.startsWith('//') && from !== '/login'
    ? from
    : '/dashboard';
}

/**
 * Signed out at a page that needs a session: the address becomes /login, remembering the page, as the
 * router's guard does (its history state), so that the sign-in leads back to it.
 */
export function moveToLogin() {
  const { pathname, search } = window.location;
  if (pathname === '/' || pathname === '/login') return;
  window.history.replaceState({ usr: { from: `${pathname}${search}` }, key: 'default', idx: 0 }, '', '/login');
}

/** Set while a press waits for its session, to ask for the dashboard's figures the moment it exists. */
let waitingForSession: (() => void) | undefined;

/**
 * At a press of Login: the router, the signed-in frame and, when the sign-in leads there, the
 * dashboard load beside the login call (a chunk asked for twice downloads once), and the dashboard's
 * figures are asked for the moment the session exists, not once its screen has rendered.
 */
export function startSignedInScreens(store: RemotesMapStore) {
  const toDashboard = destination() === '/dashboard';
  // The form's handler ran first: the login call has left and the code that reads its answer is
  // asked for, so both are ahead of these files for the page's connections. Offline, these fail
  // quietly: the password form says the server could not be reached, and the next press asks again.
  loadApp().catch(() => undefined);
  import('../app/signedIn').catch(() => undefined);
  if (toDashboard) import('../dashboard/Dashboard').catch(() => undefined);
  if (!toDashboard || waitingForSession) return;
  waitingForSession = session.subscribe(() => {
    const current = session.get();
    if (!current) return;
    waitingForSession?.();
    waitingForSession = undefined;
    askFiguresEarly(store.getState().map?.apiBaseUrl ?? DEFAULT_API_BASE_URL, current.token, current.user._id);
  });
}

/**
 * Signed out: the login form, without the router. Once a session exists the app takes over at the
 * page asked for (else the dashboard); from then on the router shows the login screen itself (after
 * Log out, or a refused session).
 */
export function LoginFirst({ store }: { store: RemotesMapStore }) {
  const current = useSession();
  const [entered, setEntered] = useState(false);
  if (current && !entered) {
    // The router starts at the page the sign-in leads to, rather than at /login to be sent on from there.
    window.history.replaceState(null, '', destination());
    setEntered(true);
  }
  if (!current && !entered) {
    return (
      // `contents`: no box of its own, so the login page's layout is the screen's. The form's own
      // handler runs first (the submit reaches this box after it): its login code is asked for first.
      <div style={{ display: 'contents' }} onSubmit={() => startSignedInScreens(store)}>
        <LoginScreen />
      </div>
    );
  }
  return (
    <Suspense fallback={<LoadingBlock />}>
      <App store={store} />
    </Suspense>
  );
}
