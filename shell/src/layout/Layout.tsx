import { useEffect, useMemo, useState } from 'react';
import { Outlet, useLocation } from 'react-router-dom';
import { PageTitleProvider, usePermissions } from 'shared';
import styled from 'styled-components';
import { Header } from './Header';
import { useRemotesMap, type RemotesMapStore } from '../remotes/remotesMap';
import { composeMenu } from './menu';
import { pageFor } from './pages';
import { SideMenu } from './SideMenu';

const WIDE = '(min-width: 1024px)';
const isWide = () => typeof window.matchMedia === 'function' && window.matchMedia(WIDE).matches;

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
    /* Below the header, so the menu icon stays reachable to close it. */
    position: fixed;
    top: ${({ theme }) => theme.layout.headerHeight};
    height: calc(100vh - ${({ theme }) => theme.layout.headerHeight});
    @media ${({ theme }) => theme.layout.narrowScreen} {
      top: ${({ theme }) => theme.layout.narrowHeaderHeight};
      height: calc(100vh - ${({ theme }) => theme.layout.narrowHeaderHeight});
    }
    z-index: 20;
    width: ${({ theme }) => theme.layout.sidebarWidth};
    box-shadow: 8px 0 24px rgba(0, 0, 0, 0.2);
  }
`;

const Main = styled.main`
  /* Explicit: on narrow screens the menu is fixed (out of the grid) and must not take this cell. */
  grid-column: 2;
  min-width: 0;
  display: flex;
  flex-direction: column;
`;

const Content = styled.div`
  padding: ${({ theme }) => theme.space(6)};
  width: 100%;
  max-width: 1280px;
`;

/** Header, side menu and the current screen (spec §2 Shell). */
export function Layout({ store }: { store: RemotesMapStore }) {
  const { pathname } = useLocation();
  const { map } = useRemotesMap(store);
  const page = pageFor(pathname, map);
  // Without a map no one can tell what a remote's path is called (its area says the map is unreachable).
  const title = page?.title ?? (map ? 'Page not found' : '');
  const permissions = usePermissions();
  const menu = useMemo(() => composeMenu(map, permissions), [map, permissions]);
  const [menuOpen, setMenuOpen] = useState(isWide);

  useEffect(() => {
    document.title = title ? `${title} · Community Admin` : 'Community Admin';
  }, [title]);

  return (
    <Frame $menuOpen={menuOpen}>
      <Aside id="side-menu" $open={menuOpen}>
        <SideMenu menu={menu} onNavigate={() => !isWide() && setMenuOpen(false)} />
      </Aside>
      <Main>
        <PageTitleProvider title={title}>
          <Header
            title={title}
            menuOpen={menuOpen}
            onToggleMenu={() => setMenuOpen((open) => !open)}
            searchable={Boolean(page?.searchable)}
          />
          <Content>
            <Outlet />
          </Content>
        </PageTitleProvider>
      </Main>
    </Frame>
  );
}
