import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router-dom';
import { rememberParish } from '../parish/parish';
import { rememberPermissions } from '../session/permissions';
import { A_PARISH } from './apiStub';
import { session } from '../session/session';
import { AppProviders } from '../providers/AppProviders';

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

/** What an Admin may do (the server's permission table). */
export const ADMIN_PERMISSIONS = ['content', 'finance', 'team'];

/**
 * A stored session as if the login had happened, for an Admin unless `permissions` says otherwise
 * ('from GET /account': read from the API, as after a real login).
 */
export function signIn(
  userId = '0123456789abcdef01234567',
  permissions: readonly string[] | 'from GET /account' = ADMIN_PERMISSIONS,
) {
  session.save({ token: 'test-token', user: { _id: userId, email: 'admin@example.com' } });
  if (permissions !== 'from GET /account') rememberPermissions('test-token', permissions);
  // The parish as if read (a suite's stubApi reads it again from its own 'GET /parish').
  rememberParish(A_PARISH);
  return userId;
}
