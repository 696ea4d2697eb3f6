import { Fragment, useEffect, useId, useRef, useState } from 'react';
import styled from 'styled-components';
import { useSearchParams } from 'react-router-dom';
import type { paths } from 'api/contract';
import { shownTimeZone } from '../format/zone';
import { useSearchTerm } from '../search/search';
import { Button } from './Button';
import { useDownload } from './DownloadButton';

/** The lists that export, as the contract names them: `/api/v1/export/{list}.csv` (and `.xlsx`). */
export type ExportList = {
  [P in keyof paths]: P extends `/api/v1/export/${infer List}.csv` ? List : never;
}[keyof paths];

interface ExportButtonProps {
  list: ExportList;
  /** The list's filters as its screen has them now (`{ state: 'New' }`); undefined ones are left out. */
  filters?: Record<string, string | undefined>;
}

/**
 * The files a list exports to, as the choices name them. Excel reads a CSV's `007` or `0012345678` as a
 * number and drops the zeros (account numbers, routing numbers); its workbook keeps them as text, and
 * the CSV stays plain text rather than formulas (`="007"` would be one): the CSV choice says so.
 */
const FORMATS = [
  {
    extension: 'csv',
    label: 'CSV (.csv)',
    note: 'Excel drops the leading zeros of a CSV (007 becomes 7); the Excel file keeps them.',
  },
  { extension: 'xlsx', label: 'Excel (.xlsx)', note: undefined },
] as const;

const Anchor = styled.span`
  position: relative;
  display: inline-flex;
`;

/**
 * The choices open below Export, towards the middle of the screen: a page's actions sit at its right on
 * a wide screen, and wrap from its left on a phone.
 */
const Choices = styled.div<{ $towards: 'left' | 'right' }>`
  position: absolute;
  top: calc(100% + ${({ theme }) => theme.space(1)});
  ${({ $towards }) => ($towards === 'left' ? 'right: 0;' : 'left: 0;')}
  z-index: 20;
  display: flex;
  flex-direction: column;
  min-width: 100%;
  padding: ${({ theme }) => theme.space(1)};
  border: 1px solid ${({ theme }) => theme.color.border};
  border-radius: ${({ theme }) => theme.radius};
  background: ${({ theme }) => theme.color.surface};
  box-shadow: 0 8px 24px rgba(16, 24, 40, 0.14);
`;

/** Under a choice, what to know before choosing it. */
const ChoiceNote = styled.p`
  width: 15rem;
  max-width: calc(100vw - ${({ theme }) => theme.space(8)});
  margin: 0;
  padding: 0 ${({ theme }) => theme.space(3)} ${({ theme }) => theme.space(2)};
  color: ${({ theme }) => theme.color.muted};
  font-size: ${({ theme }) => theme.font.size.small};
  line-height: 1.4;
`;

const Choice = styled.button`
  padding: ${({ theme }) => `${theme.space(2)} ${theme.space(3)}`};
  border: 0;
  border-radius: 6px;
  background: none;
  color: ${({ theme }) => theme.color.text};
  font: inherit;
  text-align: left;
  white-space: nowrap;
  cursor: pointer;
  &:hover,
  &:focus-visible {
    background: ${({ theme }) => theme.color.primarySoft};
  }
`;

/**
 * 'Export' on a list screen: a choice of CSV or an Excel workbook, each what the list shows — its
 * filters, the header's search (`?q=`) and its rows' order (`?sort=`) — as the server writes it (GET /export/{list}.csv or .xlsx),
 * dates in the parish's time zone. The choices close on a choice, on Escape and on a click elsewhere.
 */
export function ExportButton({ list, filters = {} }: ExportButtonProps) {
  const term = useSearchTerm();
  // The table keeps only a sort it knows in the address (DataTable), as the server names it.
  const sort = useSearchParams()[0].get('sort');
  const { busy, start } = useDownload();
  const [open, setOpen] = useState(false);
  const [towards, setTowards] = useState<'left' | 'right'>('left');
  const choicesId = useId();
  const anchor = useRef<HTMLSpanElement>(null);
  /** Closes the choices and gives the focus back to Export. */
  const closeToExport = () => {
    setOpen(false);
    anchor.current?.querySelector<HTMLButtonElement>('button[aria-expanded]')?.focus();
  };

  useEffect(() => {
    if (!open) return undefined;
    const leftOutside = (event: Event) => {
      if (!anchor.current?.contains(event.target as Node)) setOpen(false);
    };
    const escape = (event: KeyboardEvent) => {
      if (event.key === 'Escape') closeToExport();
    };
    document.addEventListener('pointerdown', leftOutside);
    document.addEventListener('focusin', leftOutside);
    document.addEventListener('keydown', escape);
    return () => {
      document.removeEventListener('pointerdown', leftOutside);
      document.removeEventListener('focusin', leftOutside);
      document.removeEventListener('keydown', escape);
    };
  }, [open]);

  const choose = (extension: (typeof FORMATS)[number]['extension']) => {
    closeToExport();
    void start({
      url: `/export/${list}.${extension}`,
      params: {
        ...(term ? { q: term } : {}),
        ...(sort ? { sort } : {}),
        // The parish's zone (Settings → Parish): the file's dates are its days, wherever the browser is.
        tz: shownTimeZone(),
        ...filters,
      },
      fileName: `${list}.${extension}`,
    });
  };

  return (
    <Anchor ref={anchor}>
      <Button
        variant="secondary"
        // Not `disabled`: Export keeps the focus a choice gave back while the file comes.
        aria-disabled={busy || undefined}
        aria-busy={busy || undefined}
        aria-expanded={open}
        aria-controls={open ? choicesId : undefined}
        onClick={() => {
          if (busy) return;
          const box = anchor.current?.getBoundingClientRect();
          if (box) setTowards(box.left + box.width / 2 > window.innerWidth / 2 ? 'left' : 'right');
          setOpen((shown) => !shown);
        }}
      >
        {busy ? 'Exporting…' : 'Export'}
        <span aria-hidden="true">▾</span>
      </Button>
      {open && (
        <Choices id={choicesId} role="group" aria-label="Export as" $towards={towards}>
          {FORMATS.map((format) => (
            <Fragment key={format.extension}>
              <Choice
                type="button"
                aria-describedby={format.note ? `${choicesId}-${format.extension}` : undefined}
                onClick={() => choose(format.extension)}
              >
                {format.label}
              </Choice>
              {format.note && <ChoiceNote id={`${choicesId}-${format.extension}`}>{format.note}</ChoiceNote>}
            </Fragment>
          ))}
        </Choices>
      )}
    </Anchor>
  );
}
