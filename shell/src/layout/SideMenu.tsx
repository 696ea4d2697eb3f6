import { useEffect, useRef, useState } from 'react';
import { NavLink, useLocation } from 'react-router-dom';
import styled from 'styled-components';
import { IconButton } from './IconButton';
import type { MenuGroup } from './menu';

const Nav = styled.nav`
  height: 100%;
  overflow-y: auto;
  padding: ${({ theme }) => theme.space(4)} ${({ theme }) => theme.space(3)};
  background: ${({ theme }) => theme.color.sidebar};
  color: ${({ theme }) => theme.color.sidebarText};
`;

const Brand = styled.div`
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space(2)};
  padding: ${({ theme }) => theme.space(1)} 0 ${({ theme }) => theme.space(5)} ${({ theme }) => theme.space(3)};
  color: #fff;
  font-weight: 700;
  font-size: 1.05rem;
  letter-spacing: 0.01em;
`;

const CloseButton = styled(IconButton)`
  /* As tall as the brand's line, so the drawer's rows start where the side menu's do. */
  margin: -8px 0;
  border: 0;
  background: transparent;
  color: ${({ theme }) => theme.color.sidebarText};
  &:hover {
    background: rgba(255, 255, 255, 0.08);
    color: #fff;
  }
`;

const GroupButton = styled.button`
  display: flex;
  width: 100%;
  align-items: center;
  justify-content: space-between;
  padding: ${({ theme }) => theme.space(2)} ${({ theme }) => theme.space(3)};
  margin-top: ${({ theme }) => theme.space(2)};
  border: 0;
  border-radius: 6px;
  background: transparent;
  color: #8e93ab;
  font: inherit;
  font-size: 0.75rem;
  font-weight: 700;
  letter-spacing: 0.08em;
  text-transform: uppercase;
  cursor: pointer;
  &:hover {
    color: #fff;
  }
  span[aria-hidden] {
    transition: transform 0.15s ease;
  }
  &[aria-expanded='false'] span[aria-hidden] {
    transform: rotate(-90deg);
  }
`;

const Entries = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
`;

const Entry = styled(NavLink)`
  display: block;
  padding: ${({ theme }) => theme.space(2)} ${({ theme }) => theme.space(3)};
  margin: 2px 0;
  border-radius: 6px;
  color: inherit;
  text-decoration: none;
  &:hover {
    background: rgba(255, 255, 255, 0.06);
    color: #fff;
  }
  &.active {
    background: ${({ theme }) => theme.color.primary};
    color: #fff;
    font-weight: 600;
  }
`;

interface SideMenuProps {
  menu: MenuGroup[];
  /** Following a link (a drawer closes). */
  onNavigate?: () => void;
  /** Given when the menu is a drawer over the page: its own Close menu button. */
  onClose?: () => void;
}

/** The six collapsible groups of spec §2; all open at first so every screen is one click away. */
export function SideMenu({ menu, onNavigate, onClose }: SideMenuProps) {
  const [closed, setClosed] = useState<Set<string>>(new Set());
  const toggle = (title: string) =>
    setClosed((previous) => {
      const next = new Set(previous);
      if (next.has(title)) next.delete(title);
      else next.add(title);
      return next;
    });

  // The current screen's entry is scrolled into the menu's view (Settings sits below the fold of a
  // short window), without moving the menu when it is already visible. By the menu's scrollTop, not
  // scrollIntoView: that made the entry Chromium's starting point for Tab, which then skipped Skip to
  // content and half the menu.
  const nav = useRef<HTMLElement>(null);
  const { pathname } = useLocation();
  useEffect(() => {
    const list = nav.current;
    const current = list?.querySelector('[aria-current="page"]');
    if (!list || !current) return;
    const entry = current.getBoundingClientRect();
    const view = list.getBoundingClientRect();
    if (entry.top < view.top) list.scrollTop -= view.top - entry.top;
    else if (entry.bottom > view.bottom) list.scrollTop += entry.bottom - view.bottom;
  }, [pathname, menu]);

  return (
    <Nav aria-label="Main menu" ref={nav}>
      <Brand>
        Community Admin
        {onClose && (
          <CloseButton type="button" aria-label="Close menu" onClick={onClose}>
            <svg viewBox="0 0 24 24" aria-hidden="true">
              <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
            </svg>
          </CloseButton>
        )}
      </Brand>
      {menu.map((group) => {
        const open = !closed.has(group.title);
        const listId = `menu-group-${group.title.toLowerCase()}`;
        return (
          <div key={group.title}>
            <GroupButton type="button" aria-expanded={open} aria-controls={listId} onClick={() => toggle(group.title)}>
              {group.title}
              <span aria-hidden>▾</span>
            </GroupButton>
            <Entries id={listId} hidden={!open}>
              {group.entries.map((entry) => (
                <li key={entry.to}>
                  <Entry to={entry.to} onClick={onNavigate}>
                    {entry.label}
                  </Entry>
                </li>
              ))}
            </Entries>
          </div>
        );
      })}
    </Nav>
  );
}
