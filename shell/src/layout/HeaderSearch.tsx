import { useEffect, useId, useRef, useState } from 'react';
import { useLocation, useSearchParams } from 'react-router-dom';
import styled, { useTheme } from 'styled-components';
import { IconButton } from './IconButton';

/** Phones only: the button that opens the search field over the header's row. */
const Opener = styled(IconButton)<{ $open: boolean }>`
  display: none;
  @media ${({ theme }) => theme.layout.narrowScreen} {
    display: ${({ $open }) => ($open ? 'none' : 'inline-flex')};
  }
`;

/** Wide screens: the field in the row. Phones: over the whole row while open, else not shown. */
const Box = styled.div<{ $open: boolean }>`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space(2)};
  @media ${({ theme }) => theme.layout.narrowScreen} {
    display: ${({ $open }) => ($open ? 'flex' : 'none')};
    position: absolute;
    inset: 0;
    z-index: 1;
    padding: 0 ${({ theme }) => theme.space(3)};
    background: ${({ theme }) => theme.color.surface};
  }
`;

const Field = styled.input`
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
    /* The Close search button beside it clears the term: no second cross inside the field. */
    &::-webkit-search-cancel-button {
      -webkit-appearance: none;
      appearance: none;
    }
  }
`;

/** Phones only: closes the search field and clears its term. */
const Close = styled(IconButton)`
  display: none;
  @media ${({ theme }) => theme.layout.narrowScreen} {
    display: inline-flex;
  }
`;

const searchIcon = (
  <svg viewBox="0 0 24 24" aria-hidden="true">
    <circle cx="11" cy="11" r="6.5" fill="none" stroke="currentColor" strokeWidth="2" />
    <path d="M16 16l4.5 4.5" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
  </svg>
);

const closeIcon = (
  <svg viewBox="0 0 24 24" aria-hidden="true">
    <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
  </svg>
);

/** How long typing pauses before the address follows the field. */
const WRITE_AFTER_MS = 250;

/**
 * The header's search box: its term is the list's filter (`?q=`). On wide screens a field in the row;
 * on phones a Search button that opens the field over the row. A filtered list keeps its field open,
 * so the term is always in sight; closing the field clears the term.
 *
 * The field owns its text and the address follows it once typing pauses: the router renders the
 * address in a transition, and a field showing the address lost each key typed before that render
 * (the field was set back to the address's older term). An address changed from outside (Back, a
 * link) sets the field.
 */
export function HeaderSearch() {
  const [params, setParams] = useSearchParams();
  const { pathname } = useLocation();
  const term = params.get('q') ?? '';
  const [text, setText] = useState(term);
  const [opened, setOpened] = useState(false);
  const open = opened || text !== '';
  const theme = useTheme();
  const fieldId = useId();
  const field = useRef<HTMLInputElement>(null);
  const opener = useRef<HTMLButtonElement>(null);
  // Where the focus goes once the field has opened or closed: the Search button is shown only once
  // the field has closed.
  const focusTo = useRef<'field' | 'opener' | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  // Terms this field has put in the address that the router has not shown yet, oldest first.
  const written = useRef<string[]>([]);

  useEffect(() => {
    if (focusTo.current === 'field' && open) field.current?.focus();
    else if (focusTo.current === 'opener' && !open) opener.current?.focus();
    else return;
    focusTo.current = null;
  }, [open]);

  useEffect(() => {
    const ours = written.current.indexOf(term);
    if (ours >= 0) {
      written.current.splice(0, ours + 1);
      return;
    }
    // From outside (Back, a link, another screen): the field shows it; a write still waiting is dropped.
    clearTimeout(timer.current);
    written.current = [];
    setText(term);
    // The term alone cannot tell another screen with the same term from this one.
  }, [term, pathname]);

  useEffect(() => () => clearTimeout(timer.current), []);

  const write = (q: string) => {
    clearTimeout(timer.current);
    // Already the address's term, or on its way there: nothing to write.
    if (q === (written.current.at(-1) ?? term)) return;
    written.current.push(q);
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
  };

  const search = (q: string) => {
    setText(q);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => write(q), WRITE_AFTER_MS);
  };

  const close = () => {
    setText('');
    write('');
    focusTo.current = 'opener';
    setOpened(false);
  };

  return (
    <>
      <Opener
        ref={opener}
        type="button"
        aria-label="Search"
        aria-expanded={open}
        aria-controls={fieldId}
        $open={open}
        onClick={() => {
          focusTo.current = 'field';
          setOpened(true);
        }}
      >
        {searchIcon}
      </Opener>
      <Box $open={open}>
        <Field
          ref={field}
          id={fieldId}
          type="search"
          placeholder="Search"
          aria-label="Search"
          value={text}
          onChange={(event) => search(event.target.value)}
          onKeyDown={(event) => {
            // On a phone Escape closes the field over the row; a wide screen's field just clears.
            if (event.key === 'Escape' && window.matchMedia?.(theme.layout.narrowScreen).matches) close();
          }}
        />
        <Close type="button" aria-label="Close search" onClick={close}>
          {closeIcon}
        </Close>
      </Box>
    </>
  );
}
