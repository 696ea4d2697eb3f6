import { act, render, screen } from '@testing-library/react';
import { AppProviders } from '../ui/AppProviders';
import { session } from '../session/session';
import { stubApi } from '../testing/apiStub';
import { apiClient, configureApi, errorMessage, unwrap } from './client';
import { authApi } from './resources/auth';

const userId = '0123456789abcdef01234567';
// Any feature call goes through the same client: this one is the mass intentions list.
const massIntentionsApi = { list: (id: string) => unwrap<unknown[]>(apiClient.get(`/mass/intention/${id}`)) };

/** Runs a call that is expected to fail, letting the toast it raises render inside act(). */
const failing = (call: Promise<unknown>) =>
  act(async () => {
    await expect(call).rejects.toThrow();
  });

beforeEach(() => {
  localStorage.clear();
  render(<AppProviders>{null}</AppProviders>);
});

describe('API client', () => {
  it('sends the stored token as a bearer token', async () => {
    session.save({ token: 'abc', user: { _id: userId, email: 'a@example.com' } });
    const calls = stubApi({ [`GET /mass/intention/${userId}`]: () => [200, { message: 'ok', data: [] }] });
    await expect(massIntentionsApi.list(userId)).resolves.toEqual([]);
    expect(calls[0].headers.Authorization).toBe('Bearer abc');
  });

  it("shows the server's message in one red toast on failure", async () => {
    stubApi({ [`GET /mass/intention/${userId}`]: () => [500, { message: 'The database is unavailable' }] });
    await failing(massIntentionsApi.list(userId));
    expect(await screen.findByText('The database is unavailable')).toBeInTheDocument();
    expect(screen.getAllByText('The database is unavailable')).toHaveLength(1);
  });

  it("falls back to the error's own message when the server sends none", async () => {
    stubApi({ [`GET /mass/intention/${userId}`]: () => [502, '<html>Bad gateway</html>'] });
    await failing(massIntentionsApi.list(userId));
    expect(await screen.findByText('Request failed with status code 502')).toBeInTheDocument();
  });

  it('says in words that the server could not be reached when no answer came', async () => {
    stubApi({});
    await failing(massIntentionsApi.list(userId));
    expect(
      await screen.findByText('The server could not be reached. Check the connection and try again.'),
    ).toBeInTheDocument();
    expect(screen.queryByText(/No stub|Network Error/)).not.toBeInTheDocument();
  });

  it('ends the session on a 401 without a toast', async () => {
    session.save({ token: 'old', user: { _id: userId, email: 'a@example.com' } });
    stubApi({ [`GET /mass/intention/${userId}`]: () => [401, { message: 'Your session has expired' }] });
    await failing(massIntentionsApi.list(userId));
    expect(session.get()).toBeNull();
    expect(localStorage.getItem('token')).toBeNull();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByText('Your session has expired')).not.toBeInTheDocument();
  });

  it('treats a 401 on login as wrong credentials: toast, no session change', async () => {
    stubApi({ 'POST /admin/login': () => [401, { message: 'Invalid email or password' }] });
    await failing(authApi.login({ email: 'a@example.com', password: 'x' }));
    expect(await screen.findByText('Invalid email or password')).toBeInTheDocument();
  });

  it('takes its base URL at run time', () => {
    configureApi({ baseURL: 'https://api.example.org/api/v1' });
    expect(apiClient.defaults.baseURL).toBe('https://api.example.org/api/v1');
    configureApi({ baseURL: '/api/v1' });
  });

  it('words unknown failures plainly', () => {
    expect(errorMessage(new Error('boom'))).toBe('boom');
    expect(errorMessage('???')).toBe('Something went wrong');
  });
});
