import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderRoutes, signIn } from '../testing/render';
import { returnTo } from '../navigation/listReturn';
import { DataTable, ListTable } from './DataTable';

const rows = Array.from({ length: 60 }, (_, i) => ({ id: String(i + 1), name: `Row ${i + 1}` }));
const columns = [
  { header: 'S/N', cell: (_row: (typeof rows)[number], index: number) => index + 1 },
  { header: 'Name', cell: (row: (typeof rows)[number]) => row.name },
];

describe('DataTable', () => {
  it('pages through long lists, keeping the page in the URL and numbering across pages', async () => {
    const { router } = renderRoutes(
      [
        {
          path: '/list',
          element: <DataTable caption="Things" columns={columns} rows={rows} rowKey={(row) => row.id} />,
        },
      ],
      '/list',
    );
    const table = screen.getByRole('table', { name: 'Things' });
    expect(within(table).getAllByRole('row')).toHaveLength(26);
    expect(screen.getByText('Showing 1–25 of 60')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Previous' })).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(router.state.location.search).toBe('?page=2');
    expect(within(table).getByText('Row 26')).toBeInTheDocument();
    expect(within(table).getByRole('cell', { name: '26' })).toBeInTheDocument();
    expect(screen.getByText('Page 2 of 3')).toBeInTheDocument();
  });

  it('shows the last page for a page number past the end, and no pager for a short list', () => {
    renderRoutes(
      [
        {
          path: '/list',
          element: <DataTable caption="Things" columns={columns} rows={rows} rowKey={(row) => row.id} />,
        },
      ],
      '/list?page=99',
    );
    expect(screen.getByText('Showing 51–60 of 60')).toBeInTheDocument();
  });

  it('has no pager when everything fits', () => {
    renderRoutes(
      [
        {
          path: '/list',
          element: <DataTable caption="Things" columns={columns} rows={rows.slice(0, 3)} rowKey={(row) => row.id} />,
        },
      ],
      '/list',
    );
    expect(screen.queryByRole('navigation', { name: 'Pagination' })).not.toBeInTheDocument();
  });
});

describe('DataTable sizing', () => {
  const long = 'A very long passage of text that could never fit in its column at any width';
  const sized = [
    { header: 'Routing Number', fit: true, cell: () => '021000021' },
    { header: 'Passage', maxWidth: '200px', cell: () => long },
    {
      header: 'Link',
      maxWidth: '200px',
      cell: () => (
        <a href="https://example.org/a/long/address" title="https://example.org/a/long/address">
          https://example.org/a/long/address
        </a>
      ),
    },
    { header: 'Edit', write: true, cell: () => <button type="button">Edit</button> },
  ];
  const renderSized = () => {
    signIn();
    return renderRoutes(
      [
        {
          path: '/',
          element: <DataTable caption="Sized" columns={sized} rows={[{ id: '1' }]} rowKey={(row) => row.id} />,
        },
      ],
      '/',
    );
  };

  it('never wraps a header, and keeps fitted and write columns as narrow as their content', () => {
    renderSized();
    const table = screen.getByRole('table', { name: 'Sized' });
    for (const header of within(table).getAllByRole('columnheader')) {
      expect(getComputedStyle(header).whiteSpace).toBe('nowrap');
    }
    for (const name of ['Routing Number', 'Edit']) {
      const header = within(table).getByRole('columnheader', { name });
      expect(getComputedStyle(header).width).toBe('1%');
    }
    const [routing, , , edit] = within(table).getAllByRole('cell');
    for (const cell of [routing, edit]) {
      expect(getComputedStyle(cell).width).toBe('1%');
      expect(getComputedStyle(cell).whiteSpace).toBe('nowrap');
    }
  });

  it('cuts a long text with an ellipsis, its whole text on hover and reachable by focus', async () => {
    renderSized();
    const text = screen.getByText(long);
    expect(getComputedStyle(text).textOverflow).toBe('ellipsis');
    expect(getComputedStyle(text).whiteSpace).toBe('nowrap');
    expect(text).toHaveAttribute('title', long);
    await userEvent.tab();
    expect(text).toHaveFocus();
    // A link is reachable by focus itself: its container takes none.
    await userEvent.tab();
    expect(screen.getByRole('link', { name: 'https://example.org/a/long/address' })).toHaveFocus();
  });
});

describe('ListTable', () => {
  const table = { caption: 'Things', columns, rowKey: (row: (typeof rows)[number]) => row.id };
  const reload = jest.fn();
  const loaded = { loading: false, error: null, reload };
  const failed = { loading: false, error: { message: 'The server could not be reached.' }, reload };
  const render = (props: { load: typeof loaded | typeof failed; rows: typeof rows }) =>
    renderRoutes(
      [{ path: '/list', element: <ListTable {...table} {...props} emptyText="No things available." /> }],
      '/list',
    );

  it('shows a spinner while loading', () => {
    render({ load: { ...loaded, loading: true }, rows: [] });
    expect(screen.getByRole('status', { name: 'Loading' })).toBeInTheDocument();
  });

  it('shows the empty text when there are no rows', () => {
    render({ load: loaded, rows: [] });
    expect(screen.getByText('No things available.')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('shows the table when there are rows', () => {
    render({ load: loaded, rows: rows.slice(0, 2) });
    expect(within(screen.getByRole('table', { name: 'Things' })).getAllByRole('row')).toHaveLength(3);
  });

  it('says a failed load failed, with Retry, and never that the list is empty', async () => {
    render({ load: failed, rows: [] });
    expect(screen.getByRole('alert')).toHaveTextContent(
      'The things could not be loaded. The server could not be reached.',
    );
    expect(screen.queryByText('No things available.')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(reload).toHaveBeenCalled();
  });

  it('keeps the rows it has under a failed refresh', () => {
    render({ load: failed, rows: rows.slice(0, 2) });
    expect(screen.getByRole('alert')).toHaveTextContent('could not be loaded');
    expect(screen.getByRole('table', { name: 'Things' })).toBeInTheDocument();
  });
});

describe('ListTable with the header filter', () => {
  const list = (filtered: typeof rows) => (
    <ListTable
      load={{ loading: false, error: null, reload: () => undefined }}
      emptyText="No things available."
      caption="Things"
      columns={columns}
      rows={filtered}
      rowKey={(row) => row.id}
    />
  );

  it('says a filter matched nothing, not that the list is empty, and Clear filter shows the list again', async () => {
    const { router } = renderRoutes([{ path: '/list', element: list([]) }], '/list?q=orphan&page=2');
    expect(screen.getByText('No things match “orphan”.')).toBeInTheDocument();
    expect(screen.queryByText('No things available.')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Clear filter' }));
    expect(router.state.location.search).toBe('');
  });

  it('keeps the empty text for an empty list without a filter', () => {
    renderRoutes([{ path: '/list', element: list([]) }], '/list');
    expect(screen.getByText('No things available.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Clear filter' })).not.toBeInTheDocument();
  });

  it('remembers the filter and page it was shown with, for the Back of the screens opened from it', () => {
    renderRoutes([{ path: '/list', element: list(rows) }], '/list?q=row&page=2');
    expect(returnTo('/list')).toBe('/list?q=row&page=2');
    expect(returnTo('/list/7')).toBe('/list/7');
    expect(returnTo('/list?week=3')).toBe('/list?week=3');
  });
});

describe('DataTable sorted by its headers', () => {
  interface Item {
    id: string;
    name: string;
    added: string;
    count: number;
  }
  const items: Item[] = [
    { id: '1', name: 'banana', added: '2026-03-01T10:00:00.000Z', count: 9 },
    { id: '2', name: 'Äpfel', added: '2025-12-31T23:00:00.000Z', count: 100 },
    { id: '3', name: 'cherry', added: '2026-01-15T08:00:00.000Z', count: 10 },
    { id: '4', name: 'apple', added: '2026-02-01T00:00:00.000Z', count: 9 },
  ];
  const sortable = [
    { header: 'Name', sort: { key: 'name', value: (item: Item) => item.name }, cell: (item: Item) => item.name },
    {
      header: 'Added',
      sort: { key: 'added', value: (item: Item) => new Date(item.added) },
      cell: (item: Item) => item.added.slice(0, 10),
    },
    { header: 'Count', sort: { key: 'count', value: (item: Item) => item.count }, cell: (item: Item) => item.count },
    { header: 'Action', cell: () => <button type="button">Open</button> },
  ];
  const names = () =>
    within(screen.getByRole('table', { name: 'Things' }))
      .getAllByRole('row')
      .slice(1)
      .map((row) => within(row).getAllByRole('cell')[0]!.textContent);
  const render = (path = '/list', rows: Item[] = items, props: { total?: number } = {}) =>
    renderRoutes(
      [
        {
          path: '/list',
          element: <DataTable caption="Things" columns={sortable} rows={rows} rowKey={(row) => row.id} {...props} />,
        },
      ],
      path,
    );

  it('makes each sortable header a button in a header cell saying its sort; a column of actions has none', () => {
    render();
    for (const name of ['Name', 'Added', 'Count']) {
      const header = screen.getByRole('columnheader', { name });
      expect(header).toHaveAttribute('aria-sort', 'none');
      expect(within(header).getByRole('button', { name })).toBeInTheDocument();
    }
    const action = screen.getByRole('columnheader', { name: 'Action' });
    expect(action).not.toHaveAttribute('aria-sort');
    expect(within(action).queryByRole('button')).not.toBeInTheDocument();
    // Without ?sort= the rows stay in the list's own order.
    expect(names()).toEqual(['banana', 'Äpfel', 'cherry', 'apple']);
  });

  it('sorts ascending on a click and descending on the next, in the address, text by the locale', async () => {
    const { router } = render();
    const header = screen.getByRole('columnheader', { name: 'Name' });
    await userEvent.click(within(header).getByRole('button', { name: 'Name' }));
    expect(router.state.location.search).toBe('?sort=name');
    expect(header).toHaveAttribute('aria-sort', 'ascending');
    // Ä sorts with A, whatever the case: not after z as its code point would.
    expect(names()).toEqual(['Äpfel', 'apple', 'banana', 'cherry']);
    await userEvent.click(within(header).getByRole('button', { name: 'Name' }));
    expect(router.state.location.search).toBe('?sort=-name');
    expect(header).toHaveAttribute('aria-sort', 'descending');
    expect(names()).toEqual(['cherry', 'banana', 'apple', 'Äpfel']);
    await userEvent.click(within(header).getByRole('button', { name: 'Name' }));
    expect(router.state.location.search).toBe('?sort=name');
    // Another column: it sorts, and the first says it no longer does.
    await userEvent.click(screen.getByRole('button', { name: 'Count' }));
    expect(header).toHaveAttribute('aria-sort', 'none');
    expect(screen.getByRole('columnheader', { name: 'Count' })).toHaveAttribute('aria-sort', 'ascending');
  });

  it('offers the same sorts as a "Sort by" choice for phones, where the header row is hidden', async () => {
    const { router } = render('/list?page=1');
    // Shown below 600 px only: jsdom reads no media query, so it is hidden here.
    const choice = screen.getByRole('combobox', { name: 'Sort by', hidden: true });
    expect(choice).toHaveValue('');
    expect(
      within(choice)
        .getAllByRole('option', { hidden: true })
        .map((option) => option.textContent),
    ).toEqual([
      'As listed',
      'Name, ascending',
      'Name, descending',
      'Added, ascending',
      'Added, descending',
      'Count, ascending',
      'Count, descending',
    ]);
    await userEvent.selectOptions(choice, 'Name, descending');
    expect(router.state.location.search).toBe('?sort=-name');
    expect(names()).toEqual(['cherry', 'banana', 'apple', 'Äpfel']);
    expect(screen.getByRole('columnheader', { name: 'Name' })).toHaveAttribute('aria-sort', 'descending');
    await userEvent.selectOptions(choice, 'As listed');
    expect(router.state.location.search).toBe('');
    expect(names()).toEqual(['banana', 'Äpfel', 'cherry', 'apple']);
  });

  it('sorts numbers as numbers and dates as dates, equal ones in the list’s own order', () => {
    render('/list?sort=count');
    // 9 before 10 before 100 (as text, 10 and 100 would come first); the two 9s as listed.
    expect(names()).toEqual(['banana', 'apple', 'cherry', 'Äpfel']);
    cleanup();
    render('/list?sort=-added');
    expect(names()).toEqual(['banana', 'apple', 'cherry', 'Äpfel']);
  });

  it('starts a new sort at the first page, and remembers it for Back as it does ?q= and ?page=', async () => {
    const many = Array.from({ length: 30 }, (_, i) => ({
      id: String(i),
      name: `Item ${String(i).padStart(2, '0')}`,
      added: '2026-01-01T00:00:00.000Z',
      count: i,
    }));
    // A list screen's table (ListTable) remembers the address it was shown at.
    const { router } = renderRoutes(
      [
        {
          path: '/list',
          element: (
            <ListTable
              load={{ loading: false, error: null, reload: () => undefined }}
              emptyText="None."
              caption="Things"
              columns={sortable}
              rows={many}
              rowKey={(row) => row.id}
            />
          ),
        },
      ],
      '/list?q=item&page=2',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Count' }));
    await userEvent.click(screen.getByRole('button', { name: 'Count' }));
    expect(router.state.location.search).toBe('?q=item&sort=-count');
    expect(names()[0]).toBe('Item 29');
    expect(returnTo('/list')).toBe('/list?q=item&sort=-count');
  });

  it('leaves rows the server sorted as they came, and says their sort', () => {
    render('/list?sort=-name', items.slice(0, 2), { total: 2 });
    expect(screen.getByRole('columnheader', { name: 'Name' })).toHaveAttribute('aria-sort', 'descending');
    expect(names()).toEqual(['banana', 'Äpfel']);
  });

  it('keeps its own order for a sort of a column it does not have, and drops it from the address', async () => {
    const { router } = render('/list?sort=-colour&page=1');
    expect(names()).toEqual(['banana', 'Äpfel', 'cherry', 'apple']);
    await waitFor(() => expect(router.state.location.search).toBe('?page=1'));
    for (const header of screen.getAllByRole('columnheader').slice(0, 3)) {
      expect(header).toHaveAttribute('aria-sort', 'none');
    }
  });
});
