import { act, render, screen } from '@testing-library/react';
import { AppProviders } from '../providers/AppProviders';
import { session } from '../session/session';
import { stubApi } from '../testing/apiStub';
import { signIn } from '../testing/render';
import { callApi } from './call';
import { showFailureOnScreen } from './client';
import { EARLY_READ_KEPT_MS, startEarlyReads, untakenEarlyReads } from './earlyReads';

const userId = '0123456789abcdef01234567';
const ok = (data: unknown): [number, unknown] => [200, { message: 'ok', data }];
const books = [{ _id: 'a'.repeat(24), bookName: 'Confessions' }];

beforeEach(() => {
  localStorage.clear();
  session.clear();
  signIn(userId);
  render(<AppProviders>{null}</AppProviders>);
});
afterEach(() => jest.restoreAllMocks());
/** Lets the client's interceptors hand the reads started to the transport. */
const sent = () => act(async () => undefined);

describe("a screen's first reads, started with its code", () => {
  it("are asked once: the screen's own call takes the answer", async () => {
    const calls = stubApi({ 'GET /all/books/': () => ok(books) });
    startEarlyReads(['/api/v1/all/books/'], {});
    await sent();
    expect(calls).toHaveLength(1);
    await expect(callApi('get', '/api/v1/all/books/')).resolves.toEqual({ message: 'ok', data: books });
    expect(calls).toHaveLength(1);
    expect(untakenEarlyReads()).toEqual([]);
  });

  it('join an answer still on its way', async () => {
    let answer: () => void = () => undefined;
    const calls = stubApi({
      'GET /all/books/': () => new Promise((resolve) => (answer = () => resolve(ok(books)))),
    });
    startEarlyReads(['/api/v1/all/books/'], {});
    const screenCall = callApi('get', '/api/v1/all/books/');
    await sent();
    await act(async () => answer());
    await expect(screenCall).resolves.toEqual({ message: 'ok', data: books });
    expect(calls).toHaveLength(1);
  });

  it('are taken once: the next call asks again, and so does a call with a query', async () => {
    const calls = stubApi({ 'GET /all/books/': () => ok(books), [`GET /prayer/request/${userId}`]: () => ok([]) });
    startEarlyReads(['/api/v1/all/books/'], {});
    await callApi('get', '/api/v1/all/books/');
    await callApi('get', '/api/v1/all/books/');
    expect(calls).toHaveLength(2);
    startEarlyReads([`/api/v1/prayer/request/{userId}`], {});
    await callApi('get', '/api/v1/prayer/request/{userId}', { params: { userId }, query: { page: 2 } });
    expect(calls.slice(2).map((call) => call.params)).toEqual([{}, { page: 2 }]);
  });

  it("fill {userId} with the member signed in and other names from the screen's path; one missing, none", async () => {
    const calls = stubApi({
      [`GET /prayer/request/${userId}`]: () => ok([]),
      'GET /single/book/b%2Fc': () => ok(books[0]),
    });
    startEarlyReads(['/api/v1/prayer/request/{userId}', '/api/v1/single/book/{id}'], { id: 'b/c' });
    startEarlyReads(['/api/v1/single/book/{id}'], {});
    await sent();
    expect(calls.map((call) => call.url)).toEqual([`/prayer/request/${userId}`, '/single/book/b%2Fc']);
  });

  it('failed, are asked again by the screen, whose failure is said as usual', async () => {
    let failures = 2;
    const calls = stubApi({
      'GET /all/books/': () => (failures-- > 0 ? [500, { message: 'The database is unavailable' }] : ok(books)),
    });
    startEarlyReads(['/api/v1/all/books/'], {});
    await act(async () => {
      await expect(callApi('get', '/api/v1/all/books/')).rejects.toThrow();
    });
    expect(calls).toHaveLength(2);
    // The early read's failure was silent: one toast, the screen's call's.
    expect(await screen.findAllByText('The database is unavailable')).toHaveLength(1);
  });

  it("failed as the screen's load would retry (busy, unreachable), are its first attempt", async () => {
    const calls = stubApi({ 'GET /all/books/': () => [503, { message: 'Busy' }, { 'retry-after': '1' }] });
    startEarlyReads(['/api/v1/all/books/'], {});
    const load = new AbortController();
    showFailureOnScreen(load.signal);
    await expect(callApi('get', '/api/v1/all/books/', { signal: load.signal })).rejects.toMatchObject({
      response: { status: 503 },
    });
    expect(calls).toHaveLength(1);
    // A call that says its failures in a toast asks again, and says it.
    startEarlyReads(['/api/v1/all/books/'], {});
    await act(async () => {
      await expect(callApi('get', '/api/v1/all/books/')).rejects.toThrow();
    });
    expect(calls).toHaveLength(3);
    expect(await screen.findByText('Busy')).toBeInTheDocument();
  });

  it('are not taken under another session, nor once kept past their time', async () => {
    const calls = stubApi({ 'GET /all/books/': () => ok(books) });
    startEarlyReads(['/api/v1/all/books/'], {});
    await sent();
    session.save({ token: 'another-token', user: { _id: userId, email: 'admin@example.com' } });
    await callApi('get', '/api/v1/all/books/');
    expect(calls.map((call) => call.headers.Authorization)).toEqual(['Bearer test-token', 'Bearer another-token']);

    const now = Date.now();
    startEarlyReads(['/api/v1/all/books/'], {});
    jest.spyOn(Date, 'now').mockReturnValue(now + EARLY_READ_KEPT_MS + 1);
    await callApi('get', '/api/v1/all/books/');
    expect(calls).toHaveLength(4);
  });

  it('are never taken after a write, nor once asked again: what they answer may be older', async () => {
    let version = 0;
    const calls = stubApi({
      'GET /all/books/': () => ok([{ ...books[0], bookName: `Confessions ${++version}` }]),
      [`POST /add/book/${userId}`]: () => [201, { message: 'Book added successfully' }],
    });
    startEarlyReads(['/api/v1/all/books/'], {});
    await sent();
    await callApi('post', '/api/v1/add/book/{userId}', {
      params: { userId },
      form: { bookName: 'Confessions', bookLink: 'https://example.org/c', category: 'Devotional', bookImage: null },
    });
    expect((await callApi('get', '/api/v1/all/books/')).data).toEqual([{ ...books[0], bookName: 'Confessions 2' }]);

    startEarlyReads(['/api/v1/all/books/'], {});
    startEarlyReads(['/api/v1/all/books/'], {});
    await sent();
    expect((await callApi('get', '/api/v1/all/books/')).data).toEqual([{ ...books[0], bookName: 'Confessions 4' }]);
    expect(calls.map((call) => call.method)).toEqual(['GET', 'POST', 'GET', 'GET', 'GET']);
  });

  it('leave a call that gives up (its screen left) cancelled, not waiting for the answer', async () => {
    stubApi({ 'GET /all/books/': () => new Promise(() => undefined) });
    startEarlyReads(['/api/v1/all/books/'], {});
    const controller = new AbortController();
    const screenCall = callApi('get', '/api/v1/all/books/', { signal: controller.signal });
    controller.abort();
    await expect(screenCall).rejects.toMatchObject({ code: 'ERR_CANCELED' });
  });
});
