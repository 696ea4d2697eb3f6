import { createGlobalStyle } from 'styled-components';

export const theme = {
  color: {
    primary: '#3b2f8f',
    primaryHover: '#2e246f',
    primarySoft: '#ecebfa',
    danger: '#b42318',
    dangerSoft: '#fdecea',
    success: '#1e7b4f',
    text: '#1d2230',
    muted: '#5c6477',
    border: '#dfe2ea',
    surface: '#ffffff',
    page: '#f4f5f9',
    sidebar: '#1f2233',
    sidebarText: '#c9ccda',
    focus: '#7b6ef6',
  },
  radius: '8px',
  shadow: '0 1px 2px rgba(16, 24, 40, 0.06), 0 1px 3px rgba(16, 24, 40, 0.1)',
  space: (n: number) => `${n * 4}px`,
  font: {
    body: "system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif",
    size: { small: '0.8125rem', body: '0.9375rem', title: '1.375rem' },
  },
  layout: {
    headerHeight: '64px',
    /** No longer used: the header is one row of headerHeight on phones too. Kept while 3.x lasts. */
    narrowHeaderHeight: '112px',
    narrowScreen: '(max-width: 640px)',
    sidebarWidth: '248px',
  },
} as const;

export type Theme = typeof theme;

declare module 'styled-components' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  export interface DefaultTheme extends Theme {}
}

export const GlobalStyle = createGlobalStyle`
  *, *::before, *::after { box-sizing: border-box; }
  html, body, #root { height: 100%; }
  body {
    margin: 0;
    font-family: ${({ theme }) => theme.font.body};
    font-size: ${({ theme }) => theme.font.size.body};
    line-height: 1.5;
    color: ${({ theme }) => theme.color.text};
    background: ${({ theme }) => theme.color.page};
    -webkit-font-smoothing: antialiased;
  }
  a { color: ${({ theme }) => theme.color.primary}; }
  :focus-visible { outline: 3px solid ${({ theme }) => theme.color.focus}; outline-offset: 2px; }
  h1, h2, h3 { line-height: 1.25; }
  /* Toasts sit below the header (one row on every width), never over its Search, date and Logout, and
     below the card's own header row too, never over a screen's Export or Add New …: the page's and the
     card's padding, then one 38 px row of buttons. They read in the page's colours. */
  .Toastify {
    --toastify-toast-top: calc(
      ${({ theme }) => theme.layout.headerHeight} + ${({ theme }) => theme.space(6)} +
        ${({ theme }) => theme.space(6)} + 38px + ${({ theme }) => theme.space(2)}
    );
    --toastify-text-color-light: ${({ theme }) => theme.color.text};
    --toastify-font-family: ${({ theme }) => theme.font.body};
  }
  /* The library puts its phone toasts at the very top. On a phone the card's actions sit under its
     title (one line of it), with less padding. */
  @media ${({ theme }) => theme.layout.narrowScreen} {
    .Toastify .Toastify__toast-container--top-right {
      top: calc(
        ${({ theme }) => theme.layout.headerHeight} + ${({ theme }) => theme.space(3)} +
          ${({ theme }) => theme.space(4)} + 1.25 * ${({ theme }) => theme.font.size.title} +
          ${({ theme }) => theme.space(3)} + 38px + ${({ theme }) => theme.space(2)}
      );
    }
  }
`;
