import type { RefObject } from 'react';
import { formatDate, logOut, Button, usePageTitle } from 'shared';
import { useNavigate, useSearchParams } from 'react-router-dom';
import styled from 'styled-components';

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
  /* Phones: title on the first row, search, date and Logout on a second, so the title stays readable. */
  @media ${({ theme }) => theme.layout.narrowScreen} {
    flex-wrap: wrap;
    align-content: center;
    row-gap: ${({ theme }) => theme.space(2)};
    column-gap: ${({ theme }) => theme.space(2)};
    height: ${({ theme }) => theme.layout.narrowHeaderHeight};
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
  }
`;

const MenuButton = styled.button`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  width: 40px;
  height: 40px;
  flex: none;
  border: 1px solid ${({ theme }) => theme.color.border};
  border-radius: ${({ theme }) => theme.radius};
  background: ${({ theme }) => theme.color.surface};
  cursor: pointer;
  svg {
    width: 20px;
    height: 20px;
  }
`;

const Right = styled.div`
  display: flex;
  flex: none;
  align-items: center;
  gap: ${({ theme }) => theme.space(4)};
  margin-left: auto;
  @media ${({ theme }) => theme.layout.narrowScreen} {
    flex-basis: 100%;
    justify-content: flex-end;
    gap: ${({ theme }) => theme.space(2)};
    font-size: ${({ theme }) => theme.font.size.small};
  }
`;

const Today = styled.time`
  color: ${({ theme }) => theme.color.muted};
  font-variant-numeric: tabular-nums;
  white-space: nowrap;
`;

const Search = styled.input`
  width: min(280px, 26vw);
  min-width: 90px;
  height: 38px;
  padding: 0 ${({ theme }) => theme.space(3)};
  border: 1px solid ${({ theme }) => theme.color.border};
  border-radius: 999px;
  background: ${({ theme }) => theme.color.page};
  font: inherit;
  @media ${({ theme }) => theme.layout.narrowScreen} {
    flex: 1 1 auto;
    width: auto;
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
  const [params, setParams] = useSearchParams();
  const navigate = useNavigate();
  const today = new Date();
  // A screen whose card has a header shows its title there; the header names only the others.
  const { shownByScreen } = usePageTitle();

  return (
    <Bar>
      <MenuButton
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
      </MenuButton>
      {!shownByScreen && <h1>{title}</h1>}
      <Right>
        {searchable && (
          <Search
            type="search"
            placeholder="Search"
            aria-label="Search"
            value={params.get('q') ?? ''}
            onChange={(event) => {
              const q = event.target.value;
              setParams(
                (previous) => {
                  const next = new URLSearchParams(previous);
                  if (q) next.set('q', q);
                  else next.delete('q');
                  // A new term starts the list at its first page.
                  next.delete('page');
                  return next;
                },
                { replace: true },
              );
            }}
          />
        )}
        <Today dateTime={today.toISOString().slice(0, 10)}>{formatDate(today)}</Today>
        <Button
          variant="secondary"
          onClick={() => {
            // An explicit logout forgets the page; the next login starts at the dashboard.
            void logOut().then(() => navigate('/login', { replace: true }));
          }}
        >
          Logout
        </Button>
      </Right>
    </Bar>
  );
}
