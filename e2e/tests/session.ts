import {
  expect,
  type APIRequestContext,
  type Locator,
  type Page,
  adminEmail,
  adminPassword,
  HASHING,
} from './fixtures';

export async function logIn(page: Page) {
  await page.goto('/login');
  await page.getByLabel('Email').fill(adminEmail);
  await page.getByLabel('Password').fill(adminPassword);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page.getByText('Login Successful')).toBeVisible(HASHING);
  await expect(page).toHaveURL(/\/dashboard$/);
}

/**
 * Opens the dashboard in a browser that starts signed in (`test.use({ signedIn: true })`), where the
 * login screen would have left it. A test's first page on a loaded 2-core machine (a cold browser,
 * the shell and the dashboard's chunk) can take seconds, as the login's answer could.
 */
export async function openDashboard(page: Page) {
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible(FIRST_PAGE);
}

/**
 * Opens a screen in a browser that starts signed in and waits, as long as a test's first page may
 * take, for its title (each screen has one h1) and for its remote's code and data (no Loading left).
 */
export async function openScreen(page: Page, path: string) {
  await page.goto(path);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible(FIRST_PAGE);
  await expect(page.getByRole('status', { name: 'Loading' })).toHaveCount(0, FIRST_PAGE);
}

/** How long a test's first page may take to show on a loaded CI machine. */
export const FIRST_PAGE = { timeout: 30_000 };

/**
 * Logout, and waits until it is done: the session ends once the server has answered, so a page loaded
 * sooner (the login page, a set-password link) would still find the old session and move on from it.
 */
export async function logOut(page: Page) {
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/login$/);
}

/** The side menu starts open on a wide screen; open it when it is not. */
export async function menuLink(page: Page, name: string) {
  const open = page.getByRole('button', { name: 'Open menu' });
  if (await open.isVisible()) await open.click();
  return page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name, exact: true });
}

/** Signs in over the API (as the mobile team's tooling would): the headers of its calls and the admin's id. */
export async function signInOverApi(request: APIRequestContext) {
  const login = await request.post('/api/v1/admin/login', { data: { email: adminEmail, password: adminPassword } });
  const { token, doesUserEmailExist } = (await login.json()) as { token: string; doesUserEmailExist: { _id: string } };
  return { headers: { authorization: `Bearer ${token}` }, userId: doesUserEmailExist._id };
}

/**
 * Waits for a toast and keeps it: the pointer rests on it, which pauses its timer as it would for a
 * reader. A delete's Undo lasts 10 s, which a loaded CI machine can spend on the checks between the
 * toast and the press of Undo.
 */
export async function holdToast(toast: Locator) {
  await expect(toast).toBeVisible();
  await toast.hover();
  return toast;
}
