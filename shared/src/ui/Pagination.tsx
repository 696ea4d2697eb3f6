import { useSearchParams } from 'react-router-dom';
import styled from 'styled-components';
import { Button } from './Button';
import { spreadRow } from './layout';

/**
 * One page of a list, the page number kept in the URL (`?page=`) so that edit-and-back returns to
 * the same place. A page past the end shows the last one.
 */
export function usePage<Row>(rows: Row[], pageSize: number, serverTotal?: number) {
  const [params, setParams] = useSearchParams();
  // With a server total, `rows` is already the page the server answered for ?page=.
  const total = serverTotal ?? rows.length;
  const pageCount = Math.max(1, Math.ceil(total / pageSize));
  const requested = Number.parseInt(params.get('page') ?? '1', 10);
  const page = Math.min(Math.max(Number.isFinite(requested) ? requested : 1, 1), pageCount);
  const goTo = (next: number) =>
    setParams((previous) => {
      const updated = new URLSearchParams(previous);
      if (next <= 1) updated.delete('page');
      else updated.set('page', String(next));
      return updated;
    });
  const shown = serverTotal === undefined ? rows.slice((page - 1) * pageSize, page * pageSize) : rows;
  return { rows: shown, page, pageCount, total, goTo };
}

const Bar = styled.nav`
  ${spreadRow}
  padding-top: ${({ theme }) => theme.space(4)};
  color: ${({ theme }) => theme.color.muted};
  font-size: ${({ theme }) => theme.font.size.small};
  div {
    display: flex;
    align-items: center;
    gap: ${({ theme }) => theme.space(2)};
  }
`;

interface PaginationProps {
  page: number;
  pageCount: number;
  total: number;
  pageSize: number;
  goTo: (page: number) => void;
}

export function Pagination({ page, pageCount, total, pageSize, goTo }: PaginationProps) {
  if (pageCount <= 1) return null;
  const first = (page - 1) * pageSize + 1;
  const last = Math.min(page * pageSize, total);
  return (
    <Bar aria-label="Pagination">
      <span>
        Showing {first}–{last} of {total}
      </span>
      <div>
        <Button variant="secondary" disabled={page <= 1} onClick={() => goTo(page - 1)}>
          Previous
        </Button>
        <span aria-current="page">
          Page {page} of {pageCount}
        </span>
        <Button variant="secondary" disabled={page >= pageCount} onClick={() => goTo(page + 1)}>
          Next
        </Button>
      </div>
    </Bar>
  );
}
