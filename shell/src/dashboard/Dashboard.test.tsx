import { screen, within } from '@testing-library/react';
import { session } from 'shared';
import { renderRoutes, signIn, stubApi } from 'shared/testing';
import { Dashboard } from './Dashboard';

const userId = '0123456789abcdef01234567';

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
          },
        },
      ],
    });
    renderRoutes([{ path: '/dashboard', element: <Dashboard /> }], '/dashboard');
    expect(await within(card('Total Books')).findByText('30')).toBeInTheDocument();
    expect(within(card('Total Users')).getByRole('link')).toHaveAttribute('href', '/users');
    expect(within(card('Total Users')).getByText('12')).toBeInTheDocument();
    expect(within(card('New Sign Up')).getByText('2')).toBeInTheDocument();
    expect(within(card('Bookshelves')).getByText('Confessions')).toBeInTheDocument();
    expect(within(card('Prayer Request')).getByText('9')).toBeInTheDocument();
    expect(within(card('Donations')).getByRole('img', { name: /Donations chart/ })).toBeInTheDocument();
  });

  it("defaults every figure to 0 and the most downloaded book to 'N/A'", async () => {
    stubApi({ [`GET /analytics/${userId}`]: () => [200, { message: 'ok', data: {} }] });
    renderRoutes([{ path: '/dashboard', element: <Dashboard /> }], '/dashboard');
    expect(await within(card('Bookshelves')).findByText('N/A')).toBeInTheDocument();
    expect(within(card('Total Users')).getByText('0')).toBeInTheDocument();
    expect(within(card('Bible In A Year')).getAllByText('0%')).toHaveLength(2);
  });
});
