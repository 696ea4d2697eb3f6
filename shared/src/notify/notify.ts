import { toast, type ToastOptions } from 'react-toastify';

/** Screens close their toasts after 2 s (spec §9); the container's fallback is 5 s. */
export const SCREEN_TOAST_MS = 2000;
export const DEFAULT_TOAST_MS = 5000;

export const notify = {
  success(message: string, options?: ToastOptions) {
    toast.success(message, { autoClose: SCREEN_TOAST_MS, ...options });
  },
  error(message: string, options?: ToastOptions) {
    // The same message for the same failure shows once, even if two callers report it.
    toast.error(message, { toastId: `error:${message}`, ...options });
  },
};
