// Whether the page needs its overlays (the toast container, the session's sign-in dialog) yet.

let wanted = false;
const listeners = new Set<() => void>();

/** Called by the code that can show a toast, as it loads and at each toast: the overlays are wanted. */
export function wantOverlays() {
  wanted = true;
  for (const listener of listeners) listener();
}

export const overlaysWanted = () => wanted;

export function subscribeToOverlays(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
