import { screen, within } from '@testing-library/react';
import { renderRoutes, stubApi } from 'shared/testing';
import App from '../App';

describe('Users', () => {
  it('shows the static sample table, marked as sample data, without calling the server', () => {
    const calls = stubApi({});
    renderRoutes([{ path: '*', element: <App /> }], '/users');
    expect(screen.getByRole('note')).toHaveTextContent('Sample data');
    const table = screen.getByRole('table', { name: 'Users (sample data)' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['Name', 'Email', 'Status', 'Phone', 'Address']);
    expect(within(table).getAllByText('Active').length).toBeGreaterThan(0);
    expect(within(table).getAllByText('Not Active').length).toBeGreaterThan(0);
    expect(calls).toHaveLength(0);
  });

  it("filters by the header's search term", () => {
    renderRoutes([{ path: '*', element: <App /> }], '/users?q=kwame');
    const rows = within(screen.getByRole('table')).getAllByRole('row');
    expect(rows).toHaveLength(2);
    expect(rows[1]).toHaveTextContent('Kwame Mensah');
  });
});
