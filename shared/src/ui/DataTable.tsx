import type { ReactNode } from 'react';
import styled from 'styled-components';

export interface Column<Row> {
  header: string;
  cell: (row: Row, index: number) => ReactNode;
  /** Cells that truncate (e.g. the prayer text at 300 px) set a maximum width. */
  maxWidth?: string;
}

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
`;

const Cell = styled.td<{ $maxWidth?: string }>`
  ${({ $maxWidth }) =>
    $maxWidth && `max-width: ${$maxWidth}; overflow: hidden; text-overflow: ellipsis; white-space: nowrap;`}
`;

interface DataTableProps<Row> {
  caption: string;
  columns: Column<Row>[];
  rows: Row[];
  rowKey: (row: Row) => string;
}

/** A readable table; the caption names it for screen readers and tests. */
export function DataTable<Row>({ caption, columns, rows, rowKey }: DataTableProps<Row>) {
  return (
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
                <Cell key={column.header} $maxWidth={column.maxWidth}>
                  {column.cell(row, index)}
                </Cell>
              ))}
            </tr>
          ))}
        </tbody>
      </Table>
    </Scroll>
  );
}
