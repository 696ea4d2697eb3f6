import { toast, type ToastOptions } from 'react-toastify';
import { wantOverlays } from './overlaysWanted';

// Whatever can show a toast has loaded: the page mounts its toast container now (and again at a
// toast, should that first load have failed).
wantOverlays();

/** Screens close their toasts after 2 s (spec §9); the container's fallback is 5 s. */
export const SCREEN_TOAST_MS = 2000;
export const DEFAULT_TOAST_MS = 5000;

/** The error toasts on screen, so that a success that answers them can take them away. */
const errorsShown = new Set<string>();

export const notify = {
  success(message: string, options?: ToastOptions) {
    wantOverlays();
    toast.success(message, { autoClose: SCREEN_TOAST_MS, ...options });
  },
  error(message: string, options?: ToastOptions) {
    // The same message for the same failure shows once, even if two callers report it.
    const toastId = `error:${message}`;
    wantOverlays();
    errorsShown.add(toastId);
    toast.error(message, { toastId, onClose: () => errorsShown.delete(toastId), ...options });
  },
};

/** Takes away the error toasts on screen: what they said no longer holds (a login that then succeeded). */
export function dismissErrors() {
  for (const toastId of errorsShown) toast.dismiss(toastId);
  errorsShown.clear();
}
