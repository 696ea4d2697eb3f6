import { session, type AdminUser, type Session } from './session';

/** A session renewal in progress: whose session ended, and how it ends. */
export interface Renewal {
  /** The account that was signed in: the dialog signs in this one only. */
  user: AdminUser;
  finish: (renewed: boolean) => void;
}

type Listener = () => void;
const listeners = new Set<Listener>();
let current: Renewal | null = null;
let waiting: Promise<boolean> | null = null;

function set(next: Renewal | null) {
  current = next;
  listeners.forEach((listener) => listener());
}

/**
 * The sign-in dialog's state (docs/composition.md, "Session end without loss"): requested by the API client on a
 * 401 while a form holds unsaved input, shown by `SessionDialog`, finished by a sign-in of the same
 * account (here or in another tab) or by Log out. Every call refused meanwhile waits for the same end.
 */
export const sessionRenewal = {
  current: (): Renewal | null => current,
  subscribe(listener: Listener): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  /** Resolves true once the same account is signed in again, false when the administrator logs out. */
  request(ended: Session): Promise<boolean> {
    if (waiting) return waiting;
    waiting = new Promise<boolean>((resolve) => {
      // Signed in again in another tab, as the same account: nothing to ask here.
      const stopWatching = session.subscribe(() => {
        const now = session.get();
        if (now && now.token !== ended.token && now.user._id === ended.user._id) finish(true);
      });
      // Once: a late sign-in answer after Log out (or the other way round) changes nothing.
      let finished = false;
      const finish = (renewed: boolean) => {
        if (finished) return;
        finished = true;
        stopWatching();
        waiting = null;
        set(null);
        resolve(renewed);
      };
      set({ user: ended.user, finish });
    });
    return waiting;
  },
};
