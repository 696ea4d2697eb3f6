import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AxiosError, AxiosHeaders } from 'axios';
import { ListTable, NotLoaded } from 'shared';
import { apiClient, unwrap } from '../api/client';
import { renderRoutes, stubApi } from 'shared/testing';
import { isTransient, MAX_RETRIES, queryClient, retryAfterMs, retryDelay } from './queryClient';
import { resource, useResource } from './resource';

const prayers = resource('prayers');
const listPrayers = (signal: AbortSignal) => unwrap<{ _id: string; title: string }[]>(apiClient.get('/get/prayers', { signal }));

function PrayerList() {
  const load = useResource(prayers.list(), listPrayers);
  return (
    <ListTable
      load={load}
      emptyText="No prayers available."
      caption="Prayers"
      columns={[{ header: 'Title', cell: (row) => row.title }]}
      rows={load.data ?? []}
      rowKey={(row) => row._id}
    />
  );
}

function PrayerDetails({ id }: { id: string }) {
  const load = useResource(prayers.detail(id), (signal) =>
    unwrap<{ title: string }>(apiClient.get(`/prayer/${id}`, { signal })),
  );
  if (!load.data) return <NotLoaded load={load} what="This prayer" missing={<p>Prayer not found.</p>} />;
  return <h2>{load.data.title}</h2>;
}

/** The screen's failure (the toast is an alert too). */
const failure = async () => (await screen.findByText(/could not be loaded\./)).closest('[role="alert"]');
/** Lets a toast raised by the failure render, were there one. */
const settle = () => act(() => new Promise((resolve) => setTimeout(resolve, 50)));
const show = (ui: React.ReactNode) => renderRoutes([{ path: '/', element: ui }]);
const answer = (status: number, message: string, headers?: Record<string, string>) => {
  const response = { status, statusText: '', data: { message }, headers: headers ?? {}, config: { headers: new AxiosHeaders() } };
  return new AxiosError('failed', 'ERR_BAD_RESPONSE', undefined, null, response);
};

describe('the data layer', () => {
  it('goes from loading to the loaded list', async () => {
    stubApi({ 'GET /get/prayers': () => [200, { message: 'ok', data: [{ _id: '1', title: 'Angelus' }] }] });
    show(<PrayerList />);
    expect(screen.getByRole('status', { name: 'Loading' })).toBeInTheDocument();
    expect(await screen.findByRole('cell', { name: 'Angelus' })).toBeInTheDocument();
  });

  it('tells a loaded empty list from a failed one', async () => {
    stubApi({ 'GET /get/prayers': () => [200, { message: 'ok', data: [] }] });
    show(<PrayerList />);
    expect(await screen.findByText('No prayers available.')).toBeInTheDocument();
    expect(screen.queryByText(/could not be loaded/)).not.toBeInTheDocument();
  });

  it('shows a failure with the server’s words once, on the screen with Retry, and Retry loads again', async () => {
    let fail = true;
    const calls = stubApi({
      'GET /get/prayers': () =>
        fail ? [500, { message: 'The database is unavailable' }] : [200, { message: 'ok', data: [{ _id: '1', title: 'Angelus' }] }],
    });
    show(<PrayerList />);
    expect(await failure()).toHaveTextContent('The prayers could not be loaded. The database is unavailable');
    expect(screen.queryByText('No prayers available.')).not.toBeInTheDocument();
    expect(calls).toHaveLength(1); // a 500 would answer the same again: no retry
    // Said once: on the screen, where Retry is, not again in a toast.
    await settle();
    expect(screen.getAllByText('The database is unavailable')).toHaveLength(1);
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('cell', { name: 'Angelus' })).toBeInTheDocument();
    expect(screen.queryByText(/could not be loaded/)).not.toBeInTheDocument();
  });

  it('retries a network failure and a 503, then says the server could not be reached', async () => {
    const calls = stubApi({});
    show(<PrayerList />);
    expect(await failure()).toHaveTextContent(
      'The prayers could not be loaded. The server could not be reached. Check the connection and try again.',
    );
    expect(calls).toHaveLength(1 + MAX_RETRIES);
    await settle();
    expect(screen.getAllByText(/could not be reached/)).toHaveLength(1);
    expect(screen.queryByText(/No stub|Network Error/)).not.toBeInTheDocument();
  });

  it('recovers when a retry succeeds, without showing the failure', async () => {
    let attempts = 0;
    stubApi({
      'GET /get/prayers': () =>
        ++attempts < 3 ? [503, { message: 'Busy' }, { 'retry-after': '0' }] : [200, { message: 'ok', data: [] }],
    });
    show(<PrayerList />);
    expect(await screen.findByText('No prayers available.')).toBeInTheDocument();
    expect(attempts).toBe(3);
  });

  it('shows "not found" for a record the server does not have, and a failure with Retry otherwise', async () => {
    stubApi({ 'GET /prayer/gone': () => [404, { message: 'Prayer not found' }], 'GET /prayer/x': () => [502, { message: 'Bad gateway' }] });
    show(<PrayerDetails id="gone" />);
    expect(await screen.findByText('Prayer not found.')).toBeInTheDocument();
    // The screen's not-found text is the whole answer: no red toast says it again.
    await settle();
    expect(screen.queryByText('Prayer not found')).not.toBeInTheDocument();
    show(<PrayerDetails id="x" />);
    expect(await failure()).toHaveTextContent('This prayer could not be loaded. Bad gateway');
  });

  it('does not announce a record on screen that is gone (its own Delete reloads it on the way out)', async () => {
    let gone = false;
    stubApi({
      'GET /prayer/7': () => (gone ? [404, { message: 'Prayer not found' }] : [200, { message: 'ok', data: { title: 'Angelus' } }]),
      'DELETE /prayer/7': () => {
        gone = true;
        return [200, { message: 'Prayer deleted successfully' }];
      },
    });
    show(<PrayerDetails id="7" />);
    expect(await screen.findByRole('heading', { name: 'Angelus' })).toBeInTheDocument();
    await act(() => prayers.write(apiClient.delete('/prayer/7')));
    await waitFor(() => expect(queryClient.getQueryState(prayers.detail('7'))?.status).toBe('error'));
    expect(screen.queryByText('Prayer not found')).not.toBeInTheDocument();
  });

  it('loads the lists and records of a kind again after a write to it', async () => {
    let titles = ['Angelus'];
    const calls = stubApi({
      'GET /get/prayers': () => [200, { message: 'ok', data: titles.map((title, i) => ({ _id: String(i), title })) }],
      'POST /add/prayer': () => [201, { message: 'ok', data: {} }],
    });
    show(<PrayerList />);
    expect(await screen.findByRole('cell', { name: 'Angelus' })).toBeInTheDocument();
    titles = ['Angelus', 'Regina Caeli'];
    await act(() => prayers.write(apiClient.post('/add/prayer', {})));
    expect(await screen.findByRole('cell', { name: 'Regina Caeli' })).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'GET')).toHaveLength(2);
  });

  it('keys each list by its page, limit and filter, and each record by its id', () => {
    expect(prayers.list({ page: 2, limit: 50, q: 'rosary' })).toEqual(['prayers', 'list', { page: 2, limit: 50, q: 'rosary' }]);
    expect(prayers.detail('7')).toEqual(['prayers', 'detail', '7']);
    expect(queryClient.getQueryCache().findAll({ queryKey: ['prayers'] })).toHaveLength(0);
  });
});

describe('the retry rules', () => {
  it('retries only what could answer differently: no answer, or 503', () => {
    expect(isTransient(new AxiosError('Network Error', 'ERR_NETWORK'))).toBe(true);
    expect(isTransient(answer(503, 'Busy'))).toBe(true);
    for (const status of [400, 401, 403, 404, 409, 413, 500, 502]) expect(isTransient(answer(status, 'No'))).toBe(false);
    expect(isTransient(new Error('not a call'))).toBe(false);
  });

  it('waits as long as Retry-After says, in seconds or as a date, and gives up beyond 30 s', () => {
    const now = Date.parse('2026-11-24T10:00:00Z');
    expect(retryAfterMs(answer(503, 'Busy', { 'retry-after': '5' }))).toBe(5000);
    expect(retryAfterMs(answer(503, 'Busy', { 'retry-after': 'Tue, 24 Nov 2026 10:00:07 GMT' }), now)).toBe(7000);
    expect(retryDelay(0, answer(503, 'Busy', { 'retry-after': '5' }))).toBe(5000);
    expect(isTransient(answer(503, 'Busy', { 'retry-after': '120' }))).toBe(false);
  });

  it('backs off 1 s, 2 s, 4 s without Retry-After', () => {
    const offline = new AxiosError('Network Error', 'ERR_NETWORK');
    expect([0, 1, 2].map((failures) => retryDelay(failures, offline))).toEqual([1000, 2000, 4000]);
  });

  it('is the cache the whole page shares', async () => {
    stubApi({ 'GET /get/prayers': () => [200, { message: 'ok', data: [] }] });
    show(<PrayerList />);
    await waitFor(() => expect(queryClient.getQueryData(prayers.list())).toEqual([]));
  });
});
