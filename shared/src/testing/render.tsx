import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router-dom';
import { session } from '../session/session';
import { AppProviders } from '../ui/AppProviders';

/** Renders routes in a data router (as the shell does), with the theme and the toast container. */
export function renderRoutes(routes: RouteObject[], initialPath = '/') {
  const router = createMemoryRouter(routes, { initialEntries: [initialPath] });
  const result = render(
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { ...result, router };
}

/** A stored session for the administrator 'admin-id' as if the login had happened. */
export function signIn(userId = '0123456789abcdef01234567') {
  session.save({ token: 'test-token', user: { _id: userId, email: 'admin@example.com' } });
  return userId;
}
