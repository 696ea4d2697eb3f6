import { act, render, screen } from '@testing-library/react';
import { AxiosError } from 'axios';
import { AppProviders } from '../providers/AppProviders';
import { session } from '../session/session';
import { stubApi } from '../testing/apiStub';
import { apiClient, configureApi, errorMessage, unwrap, WRITE_RETRY_DELAYS_MS } from './client';
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

  describe('a write that gets no answer or a 503', () => {
    const save = () => unwrap(apiClient.post(`/add/prayer/${userId}`, { title: 'Morning Offering' }));
    const keyOf = (call: { headers: Record<string, unknown> }) => call.headers['Idempotency-Key'];
    beforeEach(() => jest.useFakeTimers({ advanceTimers: true }));
    afterEach(() => jest.useRealTimers());

    it('is sent again with the same Idempotency-Key after 1 s and 2 s, and the answer goes to the caller', async () => {
      let sent = 0;
      const calls = stubApi({
        [`POST /add/prayer/${userId}`]: () => {
          sent += 1;
          if (sent === 1) throw new AxiosError('Network Error', AxiosError.ERR_NETWORK);
          if (sent === 2) return [503, { message: 'The server is busy. Try again in a few seconds.' }];
          return [201, { message: 'Prayer added successfully', data: { _id: 'p1' } }];
        },
      });
      const saving = save();
      await act(() => jest.advanceTimersByTimeAsync(WRITE_RETRY_DELAYS_MS[0]! + WRITE_RETRY_DELAYS_MS[1]!));
      await expect(saving).resolves.toEqual({ _id: 'p1' });
      expect(calls).toHaveLength(3);
      expect(keyOf(calls[0]!)).toMatch(/^[0-9a-f]{32}$/);
      expect(calls.map(keyOf)).toEqual([keyOf(calls[0]!), keyOf(calls[0]!), keyOf(calls[0]!)]);
      expect(screen.queryByText(/busy|could not be reached/)).not.toBeInTheDocument();
    });

    it('tells the user once the three resends (1 s, 2 s, 4 s) are spent', async () => {
      const calls = stubApi({
        [`POST /add/prayer/${userId}`]: () => [503, { message: 'The server is busy. Try again in a few seconds.' }],
      });
      const saving = save();
      const failed = expect(saving).rejects.toThrow();
      await act(() => jest.advanceTimersByTimeAsync(WRITE_RETRY_DELAYS_MS[0]! + WRITE_RETRY_DELAYS_MS[1]!));
      expect(calls).toHaveLength(3);
      expect(screen.queryByText('The server is busy. Try again in a few seconds.')).not.toBeInTheDocument();
      await act(() => jest.advanceTimersByTimeAsync(WRITE_RETRY_DELAYS_MS[2]!));
      await failed;
      expect(calls).toHaveLength(4);
      expect(await screen.findByText('The server is busy. Try again in a few seconds.')).toBeInTheDocument();
    });

    it('gives each save its own key, and never resends a refusal or a read', async () => {
      const calls = stubApi({
        [`POST /add/prayer/${userId}`]: () => [400, { message: 'Title is required' }],
        [`GET /mass/intention/${userId}`]: () => [503, { message: 'The server is busy' }],
      });
      await failing(save());
      await failing(save());
      await failing(massIntentionsApi.list(userId));
      expect(calls.map((call) => call.method)).toEqual(['POST', 'POST', 'GET']);
      expect(keyOf(calls[0]!)).not.toBe(keyOf(calls[1]!));
      expect(keyOf(calls[2]!)).toBeUndefined();
    });

    it('does not resend a login step', async () => {
      const calls = stubApi({});
      const login = authApi.login({ email: 'a@example.com', password: 'x' });
      await failing(login);
      expect(calls).toHaveLength(1);
    });
  });
});
