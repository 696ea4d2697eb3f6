import type { RefObject } from 'react';
import { formatDate, logOut, Button, parishToday, usePageTitle, useParish } from 'shared';
import { useNavigate } from 'react-router-dom';
import styled from 'styled-components';
import { HeaderSearch } from './HeaderSearch';
import { IconButton } from './IconButton';

const Bar = styled.header`
  position: sticky;
  top: 0;
  z-index: 10;
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space(4)};
  height: ${({ theme }) => theme.layout.headerHeight};
  padding: 0 ${({ theme }) => theme.space(6)};
  background: ${({ theme }) => theme.color.surface};
  border-bottom: 1px solid ${({ theme }) => theme.color.border};
  /* Phones: one row; the title gives way (an ellipsis), Search and Logout are icon buttons. */
  @media ${({ theme }) => theme.layout.narrowScreen} {
    gap: ${({ theme }) => theme.space(2)};
    padding: 0 ${({ theme }) => theme.space(3)};
  }
  h1 {
    flex: 1 1 0;
    min-width: 0;
    margin: 0;
    font-size: ${({ theme }) => theme.font.size.title};
    white-space: nowrap;
    overflow: hidden;
    text-overflow: ellipsis;
    @media ${({ theme }) => theme.layout.narrowScreen} {
      font-size: 1.125rem;
    }
  }
`;

const Right = styled.div`
  display: flex;
  flex: none;
  align-items: center;
  gap: ${({ theme }) => theme.space(4)};
  margin-left: auto;
  @media ${({ theme }) => theme.layout.narrowScreen} {
    gap: ${({ theme }) => theme.space(2)};
  }
`;

/** The parish's name (Settings → Parish), beside the day; phones keep the row for the title and buttons. */
const ParishName = styled.p`
  max-width: 18rem;
  margin: 0;
  font-weight: 600;
  white-space: nowrap;
  overflow: hidden;
  text-overflow: ellipsis;
  @media ${({ theme }) => theme.layout.narrowScreen} {
    display: none;
  }
`;

const Today = styled.time`
  color: ${({ theme }) => theme.color.muted};
  font-variant-numeric: tabular-nums;
  white-space: nowrap;
  @media ${({ theme }) => theme.layout.narrowScreen} {
    font-size: ${({ theme }) => theme.font.size.small};
  }
  /* The narrowest phones keep the row for the title and the buttons. */
  @media (max-width: 359px) {
    display: none;
  }
`;

/** Logout, with its name on wide screens; on phones an icon button, the name kept for screen readers. */
const LogoutButton = styled(Button)`
  svg {
    display: none;
  }
  @media ${({ theme }) => theme.layout.narrowScreen} {
    width: 40px;
    min-height: 40px;
    padding: 0;
    svg {
      display: block;
      width: 20px;
      height: 20px;
    }
    span {
      position: absolute;
      width: 1px;
      height: 1px;
      overflow: hidden;
      clip-path: inset(50%);
      white-space: nowrap;
    }
  }
`;

interface HeaderProps {
  title: string;
  /** The menu button, to which the focus returns when the menu's drawer closes. */
  menuButton: RefObject<HTMLButtonElement | null>;
  menuOpen: boolean;
  menuLabel: string;
  onToggleMenu: () => void;
  searchable: boolean;
}

export function Header({ title, menuButton, menuOpen, menuLabel, onToggleMenu, searchable }: HeaderProps) {
  const navigate = useNavigate();
  const today = new Date();
  // The parish's name, and its day in its zone, wherever the browser is.
  const parish = useParish();
  // A screen whose card has a header shows its title there; the header names only the others.
  const { shownByScreen } = usePageTitle();

  return (
    <Bar>
      <IconButton
        ref={menuButton}
        type="button"
        aria-label={menuLabel}
        aria-expanded={menuOpen}
        aria-controls="side-menu"
        onClick={onToggleMenu}
      >
        <svg viewBox="0 0 24 24" aria-hidden="true">
          <path d="M3 6h18M3 12h18M3 18h18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
        </svg>
      </IconButton>
      {!shownByScreen && <h1>{title}</h1>}
      <Right>
        {searchable && <HeaderSearch />}
        {parish.name && <ParishName>{parish.name}</ParishName>}
        <Today dateTime={parishToday(today)}>{formatDate(today)}</Today>
        <LogoutButton
          variant="secondary"
          onClick={() => {
            // An explicit logout forgets the page; the next login starts at the dashboard.
            void logOut().then(() => navigate('/login', { replace: true }));
          }}
        >
          <svg viewBox="0 0 24 24" aria-hidden="true">
            <path
              d="M10 4H6a2 2 0 0 0-2 2v12a2 2 0 0 0 2 2h4M15 8l4 4-4 4M19 12H9"
              fill="none"
              stroke="currentColor"
              strokeWidth="2"
              strokeLinecap="round"
              strokeLinejoin="round"
            />
          </svg>
          <span>Logout</span>
        </LogoutButton>
      </Right>
    </Bar>
  );
}
