import { useEffect, useMemo, useRef, useState, useSyncExternalStore } from 'react';
import { Outlet, useLocation } from 'react-router-dom';
import { focusableIn, keepFocusIn, PageTitleProvider, useParish, usePermissions } from 'shared';
import styled from 'styled-components';
import { Header } from './Header';
import { useRemotesMap, type RemotesMapStore } from '../remotes/remotesMap';
import { PreviewBanner } from '../remotes/PreviewBanner';
import { composeMenu } from './menu';
import { pageFor } from './pages';
import { SideMenu } from './SideMenu';

const WIDE = '(min-width: 1024px)';
const isWide = () => typeof window.matchMedia === 'function' && window.matchMedia(WIDE).matches;
const onWidthChange = (notify: () => void) => {
  if (typeof window.matchMedia !== 'function') return () => undefined;
  const query = window.matchMedia(WIDE);
  query.addEventListener('change', notify);
  return () => query.removeEventListener('change', notify);
};
/** Whether the screen is wide enough for the side menu beside the page; follows the window's width. */
const useWide = () => useSyncExternalStore(onWidthChange, isWide, () => false);

const Frame = styled.div<{ $menuOpen: boolean }>`
  display: grid;
  grid-template-columns: ${({ $menuOpen, theme }) => ($menuOpen ? theme.layout.sidebarWidth : '0')} 1fr;
  min-height: 100%;
  transition: grid-template-columns 0.2s ease;
  @media not all and ${WIDE} {
    grid-template-columns: 0 1fr;
  }
`;

const Aside = styled.aside<{ $open: boolean }>`
  position: sticky;
  top: 0;
  height: 100vh;
  overflow: hidden;
  visibility: ${({ $open }) => ($open ? 'visible' : 'hidden')};
  @media not all and ${WIDE} {
    /* A drawer over the page, the whole height of the screen; it slides in from the left. */
    position: fixed;
    inset: 0 auto 0 0;
    height: 100dvh;
    z-index: 30;
    /* Wider than the side menu: the brand and the Close menu button share its first row. */
    width: min(280px, 85vw);
    box-shadow: 8px 0 24px rgba(0, 0, 0, 0.2);
    transform: translateX(${({ $open }) => ($open ? '0' : '-100%')});
    /* Visible at once when it opens (the focus moves in), hidden only once it has slid out. */
    transition:
      transform 0.2s ease,
      visibility 0s linear ${({ $open }) => ($open ? '0s' : '0.2s')};
    @media (prefers-reduced-motion: reduce) {
      transition: none;
    }
  }
`;

/** Behind the open drawer: dims the page, and a click on it closes the drawer. */
const Backdrop = styled.div`
  position: fixed;
  inset: 0;
  z-index: 25;
  background: rgba(17, 20, 33, 0.45);
`;

const Main = styled.main`
  /* Explicit: on narrow screens the menu is fixed (out of the grid) and must not take this cell. */
  grid-column: 2;
  min-width: 0;
  display: flex;
  flex-direction: column;
`;

/** The first Tab stop of every page: shown once focused, over the page's top left corner. */
const SkipLink = styled.a`
  position: fixed;
  top: ${({ theme }) => theme.space(2)};
  left: ${({ theme }) => theme.space(2)};
  z-index: 40;
  padding: ${({ theme }) => `${theme.space(2)} ${theme.space(4)}`};
  border-radius: ${({ theme }) => theme.radius};
  background: ${({ theme }) => theme.color.primary};
  color: #fff;
  font-weight: 600;
  text-decoration: none;
  box-shadow: 0 8px 24px rgba(16, 24, 40, 0.2);
  &:not(:focus) {
    width: 1px;
    height: 1px;
    padding: 0;
    overflow: hidden;
    clip-path: inset(50%);
    white-space: nowrap;
  }
`;

const Content = styled.div`
  /* Focused by Skip to content only: the page's own controls show the focus from there. */
  &:focus {
    outline: none;
  }
  padding: ${({ theme }) => theme.space(6)};
  width: 100%;
  max-width: 1280px;
  /* Phones: a narrow gutter, the same at both edges, so the page's card keeps the width. */
  @media ${({ theme }) => theme.layout.narrowScreen} {
    padding: ${({ theme }) => theme.space(3)};
  }
`;

/** Header, side menu and the current screen (spec §2 Shell). */
export function Layout({ store }: { store: RemotesMapStore }) {
  const { pathname } = useLocation();
  const { map } = useRemotesMap(store);
  const page = pageFor(pathname, map);
  // Without a map no one can tell what a remote's path is called (its area says the map is unreachable).
  const title = page?.title ?? (map ? 'Page not found' : '');
  const permissions = usePermissions();
  // Dates are shown in the parish's zone: once it is known, or changed, the screen shows them anew.
  const { timeZone } = useParish();
  const menu = useMemo(() => composeMenu(map, permissions), [map, permissions]);
  const wide = useWide();
  const [menuOpen, setMenuOpen] = useState(wide);
  // Across the width where the menu changes its form, it starts as on a first visit: shown beside the
  // page on a wide screen, closed on a narrow one.
  const [shownWide, setShownWide] = useState(wide);
  if (shownWide !== wide) {
    setShownWide(wide);
    setMenuOpen(wide);
  }
  // On a narrow screen the open menu is a modal drawer.
  const drawer = !wide && menuOpen;
  const drawerRef = useRef<HTMLElement>(null);
  const menuButton = useRef<HTMLButtonElement>(null);
  const content = useRef<HTMLDivElement>(null);

  useEffect(() => {
    document.title = title ? `${title} · Community Admin` : 'Community Admin';
  }, [title]);

  // The open drawer holds the focus: it moves in, Tab and Shift+Tab cycle inside (the page behind is
  // inert), Escape closes it, and the focus returns to the menu button when it closes. The page behind
  // does not scroll.
  useEffect(() => {
    if (!drawer) return;
    if (drawerRef.current) focusableIn(drawerRef.current)[0]?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setMenuOpen(false);
      if (event.key === 'Tab' && drawerRef.current) keepFocusIn(drawerRef.current, event);
    };
    document.addEventListener('keydown', onKey);
    const overflow = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    const button = menuButton.current;
    return () => {
      document.removeEventListener('keydown', onKey);
      document.body.style.overflow = overflow;
      button?.focus();
    };
  }, [drawer]);

  return (
    <Frame $menuOpen={menuOpen}>
      <SkipLink
        href="#main-content"
        onClick={(event) => {
          // The focus moves, the address keeps no #main-content.
          event.preventDefault();
          content.current?.focus();
        }}
      >
        Skip to content
      </SkipLink>
      <Aside
        id="side-menu"
        ref={drawerRef}
        $open={menuOpen}
        {...(drawer && { role: 'dialog', 'aria-modal': true, 'aria-label': 'Menu' })}
      >
        <SideMenu
          menu={menu}
          onNavigate={() => !wide && setMenuOpen(false)}
          onClose={wide ? undefined : () => setMenuOpen(false)}
        />
      </Aside>
      {drawer && <Backdrop data-testid="menu-backdrop" onClick={() => setMenuOpen(false)} />}
      <Main inert={drawer}>
        <PreviewBanner store={store} />
        <PageTitleProvider title={title}>
          <Header
            title={title}
            menuButton={menuButton}
            menuOpen={menuOpen}
            menuLabel={wide && menuOpen ? 'Close menu' : 'Open menu'}
            onToggleMenu={() => setMenuOpen((open) => !open)}
            searchable={Boolean(page?.searchable)}
          />
          <Content id="main-content" ref={content} tabIndex={-1}>
            <Outlet key={timeZone} />
          </Content>
        </PageTitleProvider>
      </Main>
    </Frame>
  );
}
