import type { ReactNode } from 'react';
import { useSearchParams } from 'react-router-dom';
import styled from 'styled-components';
import { useRememberList } from '../navigation/listReturn';
import { useSearchTerm } from '../search/search';
import { Button } from './Button';
import { DeleteButton } from './DeleteButton';
import { EmptyText } from './layout';
import { LoadFailed, type LoadState } from './LoadState';
import { Pagination, usePage } from './Pagination';
import { LoadingBlock } from './Spinner';
import { useCanWrite } from '../session/permissions';

export interface Column<Row> {
  header: string;
  cell: (row: Row, index: number) => ReactNode;
  /** The absolute row number is passed as `index` (S/N columns count across pages). */
  /** Cells that truncate (e.g. the prayer text at 300 px) set a maximum width. */
  maxWidth?: string;
  /** An Edit or Delete column: left out for a member who may not write here (useCanWrite). */
  write?: boolean;
}

/** Below this width a table shows its rows as stacked cards. */
const STACK_BELOW_PX = 600;

const Scroll = styled.div`
  overflow-x: auto;
`;

const Table = styled.table`
  width: 100%;
  border-collapse: collapse;
  font-size: ${({ theme }) => theme.font.size.body};
  th,
  td {
    padding: ${({ theme }) => theme.space(3)} ${({ theme }) => theme.space(4)};
    text-align: left;
    vertical-align: middle;
    border-bottom: 1px solid ${({ theme }) => theme.color.border};
  }
  th {
    font-size: ${({ theme }) => theme.font.size.small};
    font-weight: 600;
    text-transform: uppercase;
    letter-spacing: 0.03em;
    color: ${({ theme }) => theme.color.muted};
    background: ${({ theme }) => theme.color.page};
  }
  tbody tr:hover {
    background: #fafbff;
  }

  /* Phones: each row is a card, each cell a line headed by its column, so that every action of a
     row is on screen without scrolling sideways. */
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
      margin-bottom: ${({ theme }) => theme.space(3)};
      border: 1px solid ${({ theme }) => theme.color.border};
      border-radius: ${({ theme }) => theme.radius};
      background: ${({ theme }) => theme.color.surface};
    }
    td {
      display: grid;
      grid-template-columns: minmax(88px, 34%) 1fr;
      gap: ${({ theme }) => theme.space(3)};
      align-items: center;
      justify-items: start;
      padding: ${({ theme }) => theme.space(2)} ${({ theme }) => theme.space(3)};
      max-width: none;
      white-space: normal;
      overflow-wrap: anywhere;
    }
    td:last-child {
      border-bottom: 0;
    }
    td::before {
      content: attr(data-label);
      font-size: ${({ theme }) => theme.font.size.small};
      font-weight: 600;
      text-transform: uppercase;
      letter-spacing: 0.03em;
      color: ${({ theme }) => theme.color.muted};
    }
  }
`;

const Cell = styled.td<{ $maxWidth?: string }>`
  ${({ $maxWidth }) =>
    $maxWidth && `max-width: ${$maxWidth}; overflow: hidden; text-overflow: ellipsis; white-space: nowrap;`}
  @media (max-width: ${STACK_BELOW_PX - 1}px) {
    max-width: none;
    overflow: visible;
    white-space: normal;
  }
`;

interface DataTableProps<Row> {
  caption: string;
  columns: Column<Row>[];
  rows: Row[];
  rowKey: (row: Row) => string;
  /** Rows per page; lists that may grow long page through them (`?page=` in the URL). */
  pageSize?: number;
  /** Paged by the server: `rows` is the page of `?page=`, and this many rows there are in all. */
  total?: number;
}

/** Lists show this many rows a page unless they say otherwise. */
export const DEFAULT_PAGE_SIZE = 25;

/** A readable table; the caption names it for screen readers and tests. */
export function DataTable<Row>({
  caption,
  rows: allRows,
  rowKey,
  pageSize = DEFAULT_PAGE_SIZE,
  total: serverTotal,
  columns: allColumns,
}: DataTableProps<Row>) {
  const { rows, page, pageCount, total, goTo } = usePage(allRows, pageSize, serverTotal);
  const canWrite = useCanWrite();
  const columns = canWrite ? allColumns : allColumns.filter((column) => !column.write);
  return (
    <>
      <Scroll>
        <Table>
          <caption style={{ position: 'absolute', left: '-10000px' }}>{caption}</caption>
          <thead>
            <tr>
              {columns.map((column) => (
                <th key={column.header} scope="col">
                  {column.header}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((row, index) => (
              <tr key={rowKey(row)}>
                {columns.map((column) => (
                  <Cell key={column.header} $maxWidth={column.maxWidth} data-label={column.header}>
                    {column.cell(row, (page - 1) * pageSize + index)}
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
 * The confirmed Delete of a table row (every delete but a Bible reading's asks first). `onDelete`
 * calls the API, says so and refreshes; a failure keeps the dialog open.
 */
export function deleteColumn<Row>(
  confirmMessage: string,
  onDelete: (row: Row) => Promise<void>,
  header = 'Delete',
): Column<Row> {
  return {
    header,
    write: true,
    cell: (row) => <DeleteButton label="Delete" confirmMessage={confirmMessage} onDelete={() => onDelete(row)} />,
  };
}
