import type { ReactNode } from 'react';
import { ThemeProvider } from 'styled-components';
import { ToastHost } from '../notify/ToastHost';
import { GlobalStyle, theme } from './theme';

/** Theme, global style and the toast container: what every page needs around it. */
export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <ThemeProvider theme={theme}>
      <GlobalStyle />
      {children}
      <ToastHost />
    </ThemeProvider>
  );
}
