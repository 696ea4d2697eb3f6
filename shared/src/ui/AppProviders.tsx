import type { ReactNode } from 'react';
import { ThemeProvider } from 'styled-components';
import { ToastHost } from '../notify/ToastHost';
import { SessionDialog } from '../session/SessionDialog';
import { GlobalStyle, theme } from './theme';

/** Theme, global style, the session's sign-in dialog and the toast container: what every page needs around it. */
export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <ThemeProvider theme={theme}>
      <GlobalStyle />
      {children}
      <SessionDialog />
      <ToastHost />
    </ThemeProvider>
  );
}
