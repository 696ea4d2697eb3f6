import { createElement, useSyncExternalStore, type ReactElement, type ReactNode } from 'react';
import { ThemeProvider } from 'styled-components';
import { overlaysWanted, subscribeToOverlays } from '../notify/overlaysWanted';
import { GlobalStyle, theme } from '../ui/theme';

// The overlays load with the first code that can show a toast (the API client, a form's screen), not
// with the login page: they bring the toast library and the sign-in dialog's form. Toasts shown
// meanwhile wait in the toast library's queue and appear once its container is mounted.
let overlays: ReactElement | undefined;
let loading = false;
const whenLoaded = new Set<() => void>();

function loadOverlays() {
  if (overlays || loading) return;
  loading = true;
  import('./Overlays')
    .then((module) => {
      overlays = createElement(module.default);
      for (const listener of whenLoaded) listener();
    })
    // Offline: the next toast tries again.
    .catch(() => undefined)
    .finally(() => {
      loading = false;
    });
}

subscribeToOverlays(loadOverlays);
if (overlaysWanted()) loadOverlays();

const subscribeToLoaded = (listener: () => void) => {
  whenLoaded.add(listener);
  return () => whenLoaded.delete(listener);
};
const loadedOverlays = () => overlays;

/** Theme, global style, the session's sign-in dialog and the toast container: what every page needs around it. */
export function AppProviders({ children }: { children: ReactNode }) {
  const loaded = useSyncExternalStore(subscribeToLoaded, loadedOverlays);
  return (
    <ThemeProvider theme={theme}>
      <GlobalStyle />
      {children}
      {loaded}
    </ThemeProvider>
  );
}
