import { useEffect, useRef, type ReactNode, type RefObject } from 'react';
import { useSearchParams } from 'react-router-dom';
import styled from 'styled-components';
import { useRememberList } from '../navigation/listReturn';
import { useSearchTerm } from '../search/search';
import { Button } from './Button';
import { EmptyText } from './layout';
import { LoadFailed, type LoadState } from './LoadState';
import { Pagination, usePage } from './Pagination';
import { RowAction, RowActions } from './RowActions';
import { LoadingBlock } from './Spinner';
import { useCanWrite } from '../session/permissions';
import { parseSort, sortParam, sortRows, useListSort, type ListSort, type SortValue } from './sort';

export interface Column<Row> {
  header: string;
  cell: (row: Row, index: number) => ReactNode;
  /**
   * A column of long text sets its maximum width: a longer text ends in an ellipsis, its whole text
   * shown on hover (title) and kept for focus and screen readers. A text cell takes focus itself; a
   * cell that is a link gives its element a title of the whole text.
   */
  maxWidth?: string;
  /**
   * A column as narrow as its content, on one line (row actions, numbers, dates): the long text
   * columns get the width. Action columns of Edit and Delete (write) are.
   */
  fit?: boolean;
  /** An Action column of Edit or Delete only: left out for a member who may not write here (useCanWrite). */
  write?: boolean;
  /**
   * A column its header sorts by (`?sort=key`, `?sort=-key`): its name in the address, as the API names
   * the field (the server's name for a list it pages), and the row's value a list loaded whole sorts by:
   * a date as a Date, a number as a number, a text as its text.
   */
  sort?: { key: string; value: (row: Row) => SortValue };
}

/** Below this width a table shows its rows as a divided list, a cell a line. */
const STACK_BELOW_PX = 600;

const Scroll = styled.div`
  overflow-x: auto;
`;

const Table = styled.table`
  width: 100%;
  border-collapse: collapse;
  font-size: ${({ theme }) => theme.font.size.body};
  /* 12 px either side: a list of nine columns (bank accounts) fits a laptop's card with its headers on
     one line. */
  th,
  td {
    padding: ${({ theme }) => theme.space(3)};
    text-align: left;
    vertical-align: middle;
    border-bottom: 1px solid ${({ theme }) => theme.color.border};
  }
  /* Headers on one line, in the case they are written in: capitals would widen every column. */
  th {
    white-space: nowrap;
    font-size: ${({ theme }) => theme.font.size.small};
    font-weight: 600;
    color: ${({ theme }) => theme.color.muted};
    background: ${({ theme }) => theme.color.page};
  }
  tbody tr:hover {
    background: #fafbff;
  }
  /* An email or an address is one long word: it breaks where it must rather than widen the table
     past its card. */
  td a[href^='mailto:'],
  td a[href^='http'] {
    overflow-wrap: anywhere;
  }

  /* Phones: each row is an item of a divided list, each cell a line headed by its column, so that
     every action of a row is on screen without scrolling sideways. The rows are not framed: the
     page's card is the only frame. */
  @media (max-width: ${STACK_BELOW_PX - 1}px) {
    thead {
      position: absolute;
      left: -10000px;
    }
    tbody,
    tr,
    td {
      display: block;
    }
    tr {
      padding: ${({ theme }) => theme.space(3)} 0;
      border-bottom: 1px solid ${({ theme }) => theme.color.border};
    }
    tr:first-child {
      padding-top: 0;
    }
    tr:last-child {
      padding-bottom: 0;
      border-bottom: 0;
    }
    tbody tr:hover {
      background: none;
    }
    /* The value column may shrink below its content (minmax(0, …)): a wide cell wraps in its column
       instead of squeezing the labels and starting left of the other rows' values. A label reads with
       the first line of its value (a long text, actions on two rows); beside a picture or a checkbox it
       is centred. */
    td {
      display: grid;
      grid-template-columns: minmax(88px, 34%) minmax(0, 1fr);
      gap: ${({ theme }) => theme.space(3)};
      align-items: baseline;
      justify-items: start;
      padding: ${({ theme }) => theme.space(1)} 0;
      border-bottom: 0;
      max-width: none;
      white-space: normal;
      overflow-wrap: anywhere;
    }
    td:has(img, input) {
      align-items: center;
    }
    td ${RowActions} {
      flex-wrap: wrap;
    }
    td::before {
      content: attr(data-label);
      font-size: ${({ theme }) => theme.font.size.small};
      font-weight: 600;
      color: ${({ theme }) => theme.color.muted};
    }
  }
`;

/**
 * A fitted cell is as narrow as its content. A cell of long text gives way instead (max-width: 0 lets
 * its column shrink to its header): the table fits its panel, and the text ends in an ellipsis.
 */
const Cell = styled.td<{ $fit?: boolean; $clip?: boolean }>`
  ${({ $fit }) => $fit && 'width: 1%; white-space: nowrap;'}
  ${({ $clip }) => $clip && 'max-width: 0;'}
  @media (max-width: ${STACK_BELOW_PX - 1}px) {
    width: auto;
    white-space: normal;
  }
`;

/**
 * A header that sorts its column: the header's text, then an arrow of the order drawn by CSS, with no
 * text for screen readers (they read the cell's aria-sort) nor in the header's text content.
 */
const SortButton = styled.button<{ $sort: 'ascending' | 'descending' | 'none' }>`
  display: inline-flex;
  align-items: center;
  gap: ${({ theme }) => theme.space(1)};
  margin: -${({ theme }) => theme.space(1)};
  padding: ${({ theme }) => theme.space(1)};
  border: 0;
  border-radius: 4px;
  background: none;
  color: inherit;
  font: inherit;
  white-space: nowrap;
  cursor: pointer;
  &::after {
    content: '${({ $sort }) => ($sort === 'ascending' ? '▲' : $sort === 'descending' ? '▼' : '↕')}' / '';
    font-size: 0.75em;
    opacity: ${({ $sort }) => ($sort === 'none' ? 0.35 : 1)};
  }
  &:hover {
    color: ${({ theme }) => theme.color.text};
  }
  &:focus-visible {
    outline: 2px solid ${({ theme }) => theme.color.primary};
    outline-offset: 1px;
  }
`;

/**
 * Phones show no header row (each row is a card), so the sort the headers give is a "Sort by" choice
 * above the rows there, writing the same `?sort=`.
 */
const PhoneSort = styled.label`
  display: none;
  @media (max-width: ${STACK_BELOW_PX - 1}px) {
    display: flex;
    align-items: center;
    gap: ${({ theme }) => theme.space(2)};
    margin-bottom: ${({ theme }) => theme.space(3)};
    font-size: ${({ theme }) => theme.font.size.small};
    font-weight: 600;
    color: ${({ theme }) => theme.color.muted};
  }
  select {
    flex: 1;
    min-width: 0;
    min-height: 40px;
    padding: 0 ${({ theme }) => theme.space(2)};
    border: 1px solid ${({ theme }) => theme.color.border};
    border-radius: ${({ theme }) => theme.radius};
    background: ${({ theme }) => theme.color.surface};
    color: ${({ theme }) => theme.color.text};
    font: inherit;
    font-weight: 400;
  }
`;

/** The "Sort by" of a phone: each sortable column ascending and descending, or the list's own order. */
function SortChoice({
  headers,
  sort,
  sortTo,
}: {
  headers: { header: string; key: string }[];
  sort: ListSort | undefined;
  sortTo: (sort: ListSort | undefined) => void;
}) {
  return (
    <PhoneSort>
      Sort by
      {/* Named by its label on a phone; also where the label is not shown (a test's jsdom). */}
      <select
        aria-label="Sort by"
        value={sort ? sortParam(sort) : ''}
        onChange={(event) =>
          sortTo(
            parseSort(
              event.currentTarget.value,
              headers.map(({ key }) => key),
            ),
          )
        }
      >
        <option value="">As listed</option>
        {headers.flatMap(({ header, key }) => [
          <option key={key} value={key}>
            {`${header}, ascending`}
          </option>,
          <option key={`-${key}`} value={`-${key}`}>
            {`${header}, descending`}
          </option>,
        ])}
      </select>
    </PhoneSort>
  );
}

const Head = styled.th<{ $fit?: boolean }>`
  ${({ $fit }) => $fit && 'width: 1%;'}
  /* The phone's hidden header row is laid out too: a percentage there would widen it across the page. */
  @media (max-width: ${STACK_BELOW_PX - 1}px) {
    width: auto;
  }
`;

/** A long text cut at the column's width with an ellipsis; on phones the card shows it whole. */
const Clip = styled.span<{ $maxWidth: string }>`
  display: block;
  max-width: ${({ $maxWidth }) => $maxWidth};
  overflow: hidden;
  text-overflow: ellipsis;
  white-space: nowrap;
  @media (max-width: ${STACK_BELOW_PX - 1}px) {
    max-width: none;
    overflow: visible;
    white-space: normal;
  }
`;

/** A cell's content, cut at the column's maximum width; a plain text takes focus and shows whole on hover. */
function CellContent({ content, maxWidth }: { content: ReactNode; maxWidth?: string }) {
  if (!maxWidth) return content;
  const text = typeof content === 'string' || typeof content === 'number' ? String(content) : undefined;
  return (
    <Clip $maxWidth={maxWidth} title={text} tabIndex={text === undefined ? undefined : 0}>
      {content}
    </Clip>
  );
}

interface DataTableProps<Row> {
  caption: string;
  columns: Column<Row>[];
  rows: Row[];
  rowKey: (row: Row) => string;
  /** Rows per page; lists that may grow long page through them (`?page=` in the URL). */
  pageSize?: number;
  /** Paged by the server: `rows` is the page of `?page=`, and this many rows there are in all. */
  total?: number;
  /**
   * `rows` come sorted by the server as `?sort=` asks (a list it pages); else, without `total`, the
   * table sorts them itself.
   */
  sortedByServer?: boolean;
}

/** Lists show this many rows a page unless they say otherwise. */
export const DEFAULT_PAGE_SIZE = 25;

/**
 * A readable table; the caption names it for screen readers and tests. The headers of the columns that
 * sort are buttons: a click sorts by the column ascending, a second descending (`?sort=` in the URL).
 */
export function DataTable<Row>({
  caption,
  rows: unsorted,
  rowKey,
  pageSize = DEFAULT_PAGE_SIZE,
  total: serverTotal,
  sortedByServer = serverTotal !== undefined,
  columns: allColumns,
}: DataTableProps<Row>) {
  const canWrite = useCanWrite();
  const columns = canWrite ? allColumns : allColumns.filter((column) => !column.write);
  const sortable = columns.flatMap((column) => (column.sort ? [{ header: column.header, key: column.sort.key }] : []));
  const { sort, sortBy, sortTo } = useListSort(sortable.map(({ key }) => key));
  const sortedColumn = sort && columns.find((column) => column.sort?.key === sort.key)?.sort;
  const allRows = sortedColumn && !sortedByServer ? sortRows(unsorted, sortedColumn.value, sort.direction) : unsorted;
  const { rows, page, pageCount, total, goTo } = usePage(allRows, pageSize, serverTotal);
  useDropUnknownSort(sort !== undefined);
  const table = useRef<HTMLTableElement>(null);
  useFocusAfterSort(table, caption, sort && sortParam(sort));
  return (
    <>
      {sortable.length > 0 && total > 1 && <SortChoice headers={sortable} sort={sort} sortTo={sortTo} />}
      <Scroll>
        <Table ref={table}>
          <caption style={{ position: 'absolute', left: '-10000px' }}>{caption}</caption>
          <thead>
            <tr>
              {columns.map((column) => (
                <Head
                  key={column.header}
                  scope="col"
                  $fit={column.fit ?? column.write}
                  aria-sort={column.sort && (sort?.key === column.sort.key ? sort.direction : 'none')}
                >
                  {column.sort ? (
                    <SortButton
                      type="button"
                      $sort={sort?.key === column.sort.key ? sort.direction : 'none'}
                      data-sort-key={column.sort.key}
                      onClick={() => {
                        sortedLast = { caption, key: column.sort!.key };
                        sortBy(column.sort!.key);
                      }}
                    >
                      {column.header}
                    </SortButton>
                  ) : (
                    column.header
                  )}
                </Head>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((row, index) => (
              <tr key={rowKey(row)}>
                {columns.map((column) => (
                  <Cell
                    key={column.header}
                    $fit={column.fit ?? column.write}
                    $clip={column.maxWidth !== undefined}
                    data-label={column.header}
                  >
                    <CellContent content={column.cell(row, (page - 1) * pageSize + index)} maxWidth={column.maxWidth} />
                  </Cell>
                ))}
              </tr>
            ))}
          </tbody>
        </Table>
      </Scroll>
      <Pagination page={page} pageCount={pageCount} total={total} pageSize={pageSize} goTo={goTo} />
    </>
  );
}

/** The header last clicked to sort, by its table's caption: a table the server sorts is shown again once its rows come. */
let sortedLast: { caption: string; key: string } | undefined;

/**
 * Gives the focus back to the header clicked to sort when its table comes back (a list the server pages
 * shows a spinner in its place while the sorted rows come), so that a keyboard is not sent to the page's
 * start.
 */
function useFocusAfterSort(table: RefObject<HTMLTableElement | null>, caption: string, sorted?: string) {
  // Also after a sort on screen, where the table stays and its header keeps the focus: it is done then.
  useEffect(() => {
    if (sortedLast?.caption !== caption) return;
    const button = table.current?.querySelector<HTMLButtonElement>(`button[data-sort-key="${sortedLast.key}"]`);
    if (!button) return;
    if (!button.contains(document.activeElement)) button.focus();
    sortedLast = undefined;
  }, [table, caption, sorted]);
}

/**
 * A `?sort=` of a column this table does not sort by (an old link, a column left out for the role)
 * leaves the list in its own order, and the address, which Export and Back read, without it.
 */
function useDropUnknownSort(known: boolean) {
  const [params, setParams] = useSearchParams();
  const unknown = params.has('sort') && !known;
  useEffect(() => {
    if (!unknown) return;
    setParams(
      (previous) => {
        const updated = new URLSearchParams(previous);
        updated.delete('sort');
        return updated;
      },
      { replace: true },
    );
  }, [unknown, setParams]);
}

interface ListTableProps<Row> extends DataTableProps<Row> {
  /** The list's load: a spinner while it runs, the failure with Retry, else the rows below. */
  load: Pick<LoadState<unknown>, 'loading' | 'error' | 'reload'>;
  /** The spec's empty text, e.g. 'No books available.'. */
  emptyText: string;
  /** What the rows are, for 'No books match “…”.' (default: the caption, e.g. 'Books' → 'books'). */
  itemsName?: string;
}

/**
 * A list screen's body (spec §2): a spinner while loading, the empty text without rows, else the
 * table. With the header's filter (`?q=`) matching nothing it says so, with Clear filter. It
 * remembers the address it was shown at, so that Back from a screen opened here returns to it.
 */
export function ListTable<Row>({ load, emptyText, itemsName, ...table }: ListTableProps<Row>) {
  useRememberList();
  const term = useSearchTerm();
  const [, setParams] = useSearchParams();
  const items = itemsName ?? table.caption.charAt(0).toLowerCase() + table.caption.slice(1);
  if (load.loading) return <LoadingBlock />;
  // A failed load is never shown as an empty list; rows already on screen stay under the failure.
  const failure = load.error && <LoadFailed error={load.error} retry={load.reload} what={`The ${items}`} />;
  if (failure && table.rows.length === 0) return failure;
  if (table.rows.length === 0 && term) {
    return (
      <NoMatch>
        <EmptyText>{`No ${items} match “${term}”.`}</EmptyText>
        <Button
          variant="secondary"
          onClick={() =>
            setParams((params) => {
              params.delete('q');
              params.delete('page');
              return params;
            })
          }
        >
          Clear filter
        </Button>
      </NoMatch>
    );
  }
  if (table.rows.length === 0) return <EmptyText>{emptyText}</EmptyText>;
  return (
    <>
      {failure}
      <DataTable {...table} />
    </>
  );
}

const NoMatch = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => theme.space(3)};
`;

/**
 * The confirmed Delete of a table row (every delete but a Bible reading's asks first), a row
 * action: the dialog's Delete is the red one. `onDelete` calls the API, says so and refreshes; a
 * failure keeps the dialog open.
 */
export function deleteColumn<Row>(
  confirmMessage: string,
  onDelete: (row: Row) => Promise<void>,
  header = 'Action',
): Column<Row> {
  return {
    header,
    write: true,
    cell: (row) => (
      <RowAction confirmDelete={{ message: confirmMessage, onDelete: () => onDelete(row) }}>Delete</RowAction>
    ),
  };
}
