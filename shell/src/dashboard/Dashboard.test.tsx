// jsdom draws nothing: Chart.js gets a recording 2D context, and a ResizeObserver that never fires.
import 'jest-canvas-mock';
import { screen, within } from '@testing-library/react';
import { session } from 'shared';
import { renderRoutes, signIn, stubApi } from 'shared/testing';
import { Dashboard } from './Dashboard';

const userId = '0123456789abcdef01234567';

class NoResizeObserver {
  observe() {}
  unobserve() {}
  disconnect() {}
}
Object.assign(globalThis, { ResizeObserver: NoResizeObserver });

const MONTHS = [
  '2025-12',
  '2026-01',
  '2026-02',
  '2026-03',
  '2026-04',
  '2026-05',
  '2026-06',
  '2026-07',
  '2026-08',
  '2026-09',
  '2026-10',
  '2026-11',
];
const series = (counts: number[]) => MONTHS.map((month, i) => ({ month, count: counts[i] }));

/** The chart's rows as [month, count], the header row left out. */
const tableRows = (table: HTMLElement) =>
  within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) => [within(row).getByRole('rowheader').textContent, within(row).getByRole('cell').textContent]);

beforeEach(() => {
  localStorage.clear();
  session.clear();
  signIn(userId);
});

const card = (name: string) => screen.getByRole('article', { name });

describe('dashboard', () => {
  it("shows the server's figures and links Total Users to /users", async () => {
    stubApi({
      [`GET /analytics/${userId}`]: () => [
        200,
        {
          message: 'ok',
          data: {
            totalUsers: 12,
            totalBooks: 30,
            newUsers: 2,
            newBooks: 4,
            mostDownloadedBook: 'Confessions',
            totalPrayerRequests: 9,
            totalPrayerRequestsResponded: 3,
            donationsByMonth: series([0, 2, 0, 0, 1, 0, 0, 0, 0, 5, 0, 3]),
          },
        },
      ],
    });
    renderRoutes([{ path: '/dashboard', element: <Dashboard /> }], '/dashboard');
    expect(await within(card('Total Books')).findByText('30')).toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: 'Overview' })).getAllByRole('article')).toHaveLength(3);
    expect(within(card('Total Users')).getByRole('link')).toHaveAttribute('href', '/users');
    expect(within(card('Total Users')).getByText('12')).toBeInTheDocument();
    // The figure is the mobile app's, not the Users page's sample rows: the card says so.
    expect(card('Total Users')).toHaveTextContent(
      "Mobile app users, recorded by the app's own server, not here. The Users page lists sample data.",
    );
    expect(within(card('New Sign Up')).getByText('2')).toBeInTheDocument();
    expect(within(card('Bookshelves')).getByText('Confessions')).toBeInTheDocument();
    expect(within(card('Prayer Request')).getByText('9')).toBeInTheDocument();
  });

  it('charts the donations added per month, with the figures as a table', async () => {
    stubApi({
      [`GET /analytics/${userId}`]: () => [
        200,
        { message: 'ok', data: { donationsByMonth: series([0, 2, 0, 0, 1, 0, 0, 0, 0, 5, 0, 3]) } },
      ],
    });
    renderRoutes([{ path: '/dashboard', element: <Dashboard /> }], '/dashboard');
    const donations = card('Donations');
    const figure = await within(donations).findByRole('figure', { name: 'Donations added per month' });
    expect(within(donations).getByRole('heading', { name: 'Donations' })).toBeInTheDocument();
    expect(
      within(figure).getByRole('img', {
        name: 'Bar chart of the donations added per month, December 2025 to November 2026: 11 in all.',
      }),
    ).toBeInTheDocument();
    const table = within(figure).getByRole('table', { name: 'Donations added per month' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['Month', 'Donations added']);
    expect(tableRows(table)).toEqual([
      ['December 2025', '0'],
      ['January 2026', '2'],
      ['February 2026', '0'],
      ['March 2026', '0'],
      ['April 2026', '1'],
      ['May 2026', '0'],
      ['June 2026', '0'],
      ['July 2026', '0'],
      ['August 2026', '0'],
      ['September 2026', '5'],
      ['October 2026', '0'],
      ['November 2026', '3'],
    ]);
    expect(within(donations).queryByText('No donations in the last 12 months.')).not.toBeInTheDocument();
  });

  it('says that no donation was added in 12 months, under the empty axes', async () => {
    stubApi({
      [`GET /analytics/${userId}`]: () => [
        200,
        { message: 'ok', data: { donationsByMonth: series(Array(12).fill(0)) } },
      ],
    });
    renderRoutes([{ path: '/dashboard', element: <Dashboard /> }], '/dashboard');
    const donations = card('Donations');
    expect(await within(donations).findByText('No donations in the last 12 months.')).toBeInTheDocument();
    expect(within(donations).getByRole('img', { name: /: 0 in all\.$/ })).toBeInTheDocument();
    const table = within(donations).getByRole('table', { name: 'Donations added per month' });
    expect(tableRows(table)).toHaveLength(12);
    expect(tableRows(table).every(([, count]) => count === '0')).toBe(true);
  });

  it('shows no chart, and no invented zeros, while the figures cannot be loaded', async () => {
    stubApi({ [`GET /analytics/${userId}`]: () => [500, { message: 'The database is down' }] });
    renderRoutes([{ path: '/dashboard', element: <Dashboard /> }], '/dashboard');
    expect(await screen.findByRole('alert')).toHaveTextContent('The database is down');
    expect(within(card('Donations')).queryByRole('figure')).not.toBeInTheDocument();
    expect(within(card('Donations')).queryByText('No donations in the last 12 months.')).not.toBeInTheDocument();
  });

  it("defaults every figure to 0 and the most downloaded book to 'N/A'", async () => {
    stubApi({ [`GET /analytics/${userId}`]: () => [200, { message: 'ok', data: {} }] });
    renderRoutes([{ path: '/dashboard', element: <Dashboard /> }], '/dashboard');
    expect(await within(card('Bookshelves')).findByText('N/A')).toBeInTheDocument();
    expect(within(card('Total Users')).getByText('0')).toBeInTheDocument();
    expect(within(card('Bible In A Year')).getAllByText('0%')).toHaveLength(2);
  });
});
