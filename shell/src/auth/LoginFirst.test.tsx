import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AppProviders, session } from 'shared/login';
import { stubApi } from 'shared/testing';
import { RemotesMapStore, type RemotesMap } from '../remotes/remotesMap';
import { LoginFirst, moveToLogin } from './LoginFirst';

jest.mock('../remotes/federation', () => ({
  ...jest.requireActual('../remotes/federation'),
  prefetchRemotes: jest.fn(() => () => undefined),
  loadRemoteApp: jest.fn(async (remote: { name: string }) => ({ default: () => <p>{remote.name} remote screen</p> })),
}));

const map: RemotesMap = {
  apiBaseUrl: '/api/v1',
  loadTimeoutMs: 3000,
  remotes: [
    {
      name: 'community',
      label: 'Community',
      release: '1.0.0-aaaaaaa',
      entry: '/remotes/community/1.0.0-aaaaaaa/mf-manifest.json',
      routes: [{ path: '/mass-scheduling', title: 'Mass Scheduling' }],
    },
  ],
};
const store = new RemotesMapStore(async () => map);
beforeAll(() => store.refresh());
const userId = '0123456789abcdef01234567';
const loginAnswer = () =>
  [200, { message: 'Login Successful', token: 'tok', doesUserEmailExist: { _id: userId, email: 'a@example.com' } }] as [
    number,
    unknown,
  ];

beforeEach(() => {
  localStorage.clear();
  session.clear();
});

/** The page as bootstrap starts it for a signed-out visitor of `address`. */
function openSignedOut(address: string) {
  window.history.replaceState(null, '', address);
  moveToLogin();
  render(
    <AppProviders>
      <LoginFirst store={store} />
    </AppProviders>,
  );
}

async function pressLogin() {
  await userEvent.type(screen.getByLabelText('Email'), 'a@example.com');
  await userEvent.type(screen.getByLabelText('Password'), 'secret');
  await userEvent.click(screen.getByRole('button', { name: 'Login' }));
}

/** The login page's early ask for the figures (a bare fetch): its requests, and whether the dashboard showed then. */
function answerEarlyAsk(status: number) {
  const asked: { url: string; authorization: string | undefined; dashboardShown: boolean }[] = [];
  window.fetch = jest.fn(async (url: RequestInfo | URL, init?: RequestInit) => {
    asked.push({
      url: String(url),
      authorization: (init?.headers as Record<string, string> | undefined)?.authorization,
      dashboardShown: screen.queryByRole('article', { name: 'Total Books' }) !== null,
    });
    return { ok: status === 200, status, json: async () => ({ message: 'ok', data: { totalBooks: 7 } }) } as Response;
  });
  return asked;
}

const figuresCalls = (calls: { url: string }[]) => calls.filter((call) => call.url === `/analytics/${userId}`);

it("asks for the dashboard's figures as soon as the session exists, before the dashboard shows, and shows that answer", async () => {
  const asked = answerEarlyAsk(200);
  const calls = stubApi({
    'POST /admin/login': loginAnswer,
    [`GET /analytics/${userId}`]: () => [200, { message: 'ok', data: { totalBooks: 1 } }],
  });
  openSignedOut('/login');
  await pressLogin();
  const totalBooks = await screen.findByRole('article', { name: 'Total Books' });
  await waitFor(() => expect(totalBooks).toHaveTextContent('7'));
  expect(window.location.pathname).toBe('/dashboard');
  expect(asked).toEqual([{ url: `/api/v1/analytics/${userId}`, authorization: 'Bearer tok', dashboardShown: false }]);
  expect(figuresCalls(calls)).toHaveLength(0);
});

it("leaves a failed early ask to the dashboard's own call", async () => {
  const asked = answerEarlyAsk(503);
  const calls = stubApi({
    'POST /admin/login': loginAnswer,
    [`GET /analytics/${userId}`]: () => [200, { message: 'ok', data: { totalBooks: 5 } }],
  });
  openSignedOut('/login');
  await pressLogin();
  const totalBooks = await screen.findByRole('article', { name: 'Total Books' });
  await waitFor(() => expect(totalBooks).toHaveTextContent('5'));
  expect(asked).toHaveLength(1);
  expect(figuresCalls(calls)).toHaveLength(1);
});

it('sends a signed-out visitor of a page to /login without the router, and back to that page after the sign-in', async () => {
  stubApi({ 'POST /admin/login': loginAnswer });
  openSignedOut('/mass-scheduling?q=anna');
  expect(window.location.pathname).toBe('/login');
  expect(screen.getByRole('heading', { name: 'Welcome Admin' })).toBeInTheDocument();
  await pressLogin();
  expect(await screen.findByText('community remote screen')).toBeInTheDocument();
  expect(`${window.location.pathname}${window.location.search}`).toBe('/mass-scheduling?q=anna');
});
