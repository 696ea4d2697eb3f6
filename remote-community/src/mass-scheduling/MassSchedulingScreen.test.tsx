import { screen, within } from '@testing-library/react';
import { session } from 'shared';
import { renderRoutes, signIn, stubApi } from 'shared/testing';
import App from '../App';

const userId = '0123456789abcdef01234567';
const intentions = [
  { _id: 'b'.repeat(24), fullname: 'Anna Mensah', email: 'anna@example.com', intention: 'Thanksgiving' },
  { _id: 'c'.repeat(24), fullname: 'Peter Obi', email: 'peter@example.com', intention: 'Repose of the soul' },
];

beforeEach(() => {
  localStorage.clear();
  session.clear();
  signIn(userId);
});

describe('Mass Scheduling', () => {
  it('lists the requests with full name, email and intention type', async () => {
    const calls = stubApi({ [`GET /mass/intention/${userId}`]: () => [200, { message: 'ok', data: intentions }] });
    renderRoutes([{ path: '*', element: <App /> }], '/mass-scheduling');
    expect(screen.getByRole('status', { name: 'Loading' })).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: 'Mass intentions' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['Full Name', 'Email', 'Intention Type']);
    expect(within(table).getByText('Anna Mensah')).toBeInTheDocument();
    expect(within(table).getByRole('link', { name: 'peter@example.com' })).toHaveAttribute(
      'href',
      'mailto:peter@example.com',
    );
    expect(calls[0].headers.Authorization).toBe('Bearer test-token');
  });

  it('shows the empty text when there are none', async () => {
    stubApi({ [`GET /mass/intention/${userId}`]: () => [200, { message: 'ok', data: [] }] });
    renderRoutes([{ path: '*', element: <App /> }], '/mass-scheduling');
    expect(await screen.findByText('No mass intentions available.')).toBeInTheDocument();
  });

  it("filters by the header's search term", async () => {
    stubApi({ [`GET /mass/intention/${userId}`]: () => [200, { message: 'ok', data: intentions }] });
    renderRoutes([{ path: '*', element: <App /> }], '/mass-scheduling?q=REPOSE');
    const table = await screen.findByRole('table', { name: 'Mass intentions' });
    expect(within(table).getByText('Peter Obi')).toBeInTheDocument();
    expect(within(table).queryByText('Anna Mensah')).not.toBeInTheDocument();
  });
});
