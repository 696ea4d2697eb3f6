import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { session } from 'shared';
import { type PrayerRequest } from './api';
import {
  isDangerColoured,
  lookOf,
  renderRoutes,
  rowActionLook,
  signIn,
  stubApi as stubCalls,
  type StubbedCall,
  chooseExport,
  watchDownloads,
} from 'shared/testing';
import App from '../App';

const userId = '0123456789abcdef01234567';
const NEW = { state: 'New', stateChangedAt: null, stateChangedBy: null, note: '', assigneeId: null } as const;
/** A request as the team's list answers it: New as submitted, unless said. */
const requestOf = (fields: Pick<PrayerRequest, '_id' | 'request' | 'createdAt'> & Partial<PrayerRequest>) => ({
  ...NEW,
  ...fields,
});
const first: PrayerRequest = requestOf({
  _id: 'a'.repeat(24),
  request: 'Please pray for my mother in hospital.',
  createdAt: '2026-03-04T10:00:00.000Z',
});
const second: PrayerRequest = requestOf({
  _id: 'b'.repeat(24),
  request: 'For my exams.',
  createdAt: '2026-03-05T10:00:00.000Z',
});
const members = [
  { _id: userId, name: 'Fr. Anthony' },
  { _id: 'd'.repeat(24), name: 'Sister Grace' },
];

const listPath = `GET /prayer/request/${userId}`;
const assigneesPath = `GET /prayer/requests/assignees/${userId}`;
const render = (path = '/prayer-requests') => renderRoutes([{ path: '*', element: <App /> }], path);
const ok = (data: unknown): [number, unknown] => [200, { message: 'ok', data }];

/** The API with the members to assign stubbed, and `handlers`. */
const stubApi = (handlers: Parameters<typeof stubCalls>[0]) =>
  stubCalls({ [assigneesPath]: () => ok(members), ...handlers });

/** The list's calls of a filter ('New' is the default view's), leaving out the probe of whether there are any. */
const listCalls = (calls: StubbedCall[], state?: string) =>
  calls.filter(
    (call) => call.url === `/prayer/request/${userId}` && call.params.state === state && call.params.limit !== '1',
  );

/** A list endpoint as the server answers it (by state, a page, with the total), its rows changed by the test. */
function serverList(initial: PrayerRequest[]) {
  let rows = initial;
  return {
    set: (next: PrayerRequest[]) => (rows = next),
    rows: () => rows,
    handler: ({ params }: StubbedCall): [number, unknown] => {
      const matching = rows.filter((row) => !params.state || row.state === params.state);
      const limit = Number(params.limit ?? matching.length);
      const page = Number(params.page ?? 1);
      const data = matching.slice((page - 1) * limit, page * limit);
      return [200, { message: 'ok', data, total: matching.length, page, limit }];
    },
  };
}

beforeEach(() => {
  localStorage.clear();
  session.clear();
  signIn(userId);
});

describe('Prayer requests', () => {
  it('lists the requests with a Delete for each, and Delete All', async () => {
    const calls = stubApi({ [listPath]: () => ok([second, first]) });
    render();
    expect(screen.getByRole('status', { name: 'Loading' })).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: 'Prayer requests' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['Select', 'S/N', 'Request', 'Submitted', 'State', 'Care', 'Action']);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(2);
    expect(rows[0]).toHaveTextContent('1For my exams.05/03/2026');
    expect(rows[1]).toHaveTextContent('2Please pray for my mother in hospital.04/03/2026');
    expect(within(rows[0]).getByRole('button', { name: 'Delete' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Delete All' })).toBeInTheDocument();
    expect(calls[0].headers.Authorization).toBe('Bearer test-token');
  });

  it("gives each row's Delete the danger colour, outlined; the filled one is the confirmation's", async () => {
    stubApi({ [listPath]: () => ok([second, first]) });
    render();
    const table = await screen.findByRole('table', { name: 'Prayer requests' });
    const deletes = within(table).getAllByRole('button', { name: 'Delete' });
    expect(deletes.map(isDangerColoured)).toEqual([true, true]);
    expect(lookOf(deletes[0])).toMatchObject({ minHeight: rowActionLook().minHeight });
    await userEvent.click(deletes[0]);
    const dialog = screen.getByRole('dialog', { name: 'Please confirm' });
    expect(isDangerColoured(within(dialog).getByRole('button', { name: 'Delete' }))).toBe(true);
  });

  it('shows a Guest User the requests without Delete or Delete All', async () => {
    signIn(userId, []);
    stubApi({ [listPath]: () => ok([second, first]) });
    render();
    const table = await screen.findByRole('table', { name: 'Prayer requests' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['S/N', 'Request', 'Submitted', 'State', 'Care']);
    expect(screen.queryByRole('button', { name: /Delete/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Mark/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('checkbox')).not.toBeInTheDocument();
  });

  it('shows the empty text and no Delete All when there are none', async () => {
    stubApi({ [listPath]: () => ok([]) });
    render();
    expect(await screen.findByText('No prayer requests available.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete All' })).not.toBeInTheDocument();
  });

  it('deletes one request after confirmation and refreshes the list', async () => {
    const server = serverList([second, first]);
    const calls = stubApi({
      [listPath]: server.handler,
      [`DELETE /prayer/request/${userId}/${first._id}`]: () => {
        server.set([second]);
        return [200, { message: 'Prayer request deleted successfully' }];
      },
    });
    render();
    const table = await screen.findByRole('table', { name: 'Prayer requests' });
    const row = within(table).getByText(first.request).closest('tr')!;
    await userEvent.click(within(row).getByRole('button', { name: 'Delete' }));
    const dialog = screen.getByRole('dialog');
    expect(dialog).toHaveTextContent('Are you sure you want to delete this prayer request?');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(calls.some((call) => call.method === 'DELETE')).toBe(false);

    await userEvent.click(within(row).getByRole('button', { name: 'Delete' }));
    await userEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Prayer request deleted successfully')).toBeInTheDocument();
    // An answer that names no trash entry (one the server replayed) offers no Undo.
    expect(screen.queryByRole('button', { name: 'Undo' })).not.toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText(first.request)).not.toBeInTheDocument());
    expect(screen.getByText(second.request)).toBeInTheDocument();
    expect(listCalls(calls, 'New')).toHaveLength(2);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('deletes all after confirmation, refreshes, and then hides Delete All', async () => {
    const server = serverList([second, first]);
    const calls = stubApi({
      [listPath]: server.handler,
      [`DELETE /all/prayer/request/${userId}`]: () => {
        server.set([]);
        return [200, { message: 'All prayer requests deleted successfully', data: { deleted: 2 } }];
      },
    });
    render();
    await userEvent.click(await screen.findByRole('button', { name: 'Delete All' }));
    const dialog = screen.getByRole('dialog');
    expect(dialog).toHaveTextContent('Are you sure you want to delete all prayer requests?');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(calls.some((call) => call.method === 'DELETE')).toBe(false);

    await userEvent.click(screen.getByRole('button', { name: 'Delete All' }));
    await userEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('All prayer requests deleted successfully')).toBeInTheDocument();
    expect(await screen.findByText('No prayer requests available.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete All' })).not.toBeInTheDocument();
  });

  it('offers Undo after Delete All: it restores the trash entry and the requests show again', async () => {
    const entry = 'c'.repeat(24);
    const server = serverList([second, first]);
    const calls = stubApi({
      [listPath]: server.handler,
      [`DELETE /all/prayer/request/${userId}`]: () => {
        server.set([]);
        const answer = { message: 'All prayer requests deleted successfully', data: { deleted: 2 } };
        return [200, answer, { 'trash-entry': entry }];
      },
      [`POST /trash/${entry}/restore`]: () => {
        server.set([second, first]);
        return [200, { message: '2 prayer requests restored successfully', data: { _id: entry } }];
      },
    });
    render();
    await userEvent.click(await screen.findByRole('button', { name: 'Delete All' }));
    await userEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('All prayer requests deleted successfully')).toBeInTheDocument();
    expect(await screen.findByText('No prayer requests available.')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Undo' }));
    expect(await screen.findByText('2 prayer requests restored successfully')).toBeInTheDocument();
    expect(await screen.findByText(first.request)).toBeInTheDocument();
    expect(screen.getByText(second.request)).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'POST').map((call) => call.url)).toEqual([`/trash/${entry}/restore`]);
  });

  it('Delete All on a tab deletes what the tab shows, says how many, and its Undo restores exactly those', async () => {
    const entry = 'c'.repeat(24);
    const answered = requestOf({
      _id: 'e'.repeat(24),
      request: 'Thanks: my mother is home.',
      createdAt: '2026-03-06T10:00:00.000Z',
      state: 'Answered',
    });
    const server = serverList([answered, second, first]);
    const calls = stubApi({
      [listPath]: server.handler,
      [`DELETE /all/prayer/request/${userId}`]: ({ params }) => {
        server.set(server.rows().filter((row) => params.state && row.state !== params.state));
        const answer = { message: '1 Answered prayer request deleted successfully', data: { deleted: 1 } };
        return [200, answer, { 'trash-entry': entry }];
      },
      [`POST /trash/${entry}/restore`]: () => {
        server.set([answered, ...server.rows()]);
        return [200, { message: '1 prayer request restored successfully', data: { _id: entry } }];
      },
    });
    render('/prayer-requests?state=answered');
    const table = await screen.findByRole('table', { name: 'Prayer requests' });
    expect(within(table).getByText(answered.request)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Delete All' }));
    const dialog = screen.getByRole('dialog');
    expect(dialog).toHaveTextContent('Are you sure you want to delete all prayer requests?');
    expect(dialog).toHaveTextContent('This deletes the 1 Answered prayer request; New and Prayed for ones stay.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));

    expect(await screen.findByText('1 Answered prayer request deleted successfully')).toBeInTheDocument();
    const deletes = calls.filter((call) => call.method === 'DELETE');
    expect(deletes.map((call) => call.params.state)).toEqual(['Answered']);
    expect(await screen.findByText('No prayer requests are marked Answered.')).toBeInTheDocument();
    expect(server.rows()).toEqual([second, first]);

    await userEvent.click(screen.getByRole('button', { name: 'Undo' }));
    expect(await screen.findByText(answered.request)).toBeInTheDocument();
    expect(server.rows()).toEqual([answered, second, first]);

    // On All, it says the count of every request.
    await userEvent.click(screen.getByRole('button', { name: 'All' }));
    await screen.findByText(first.request);
    await userEvent.click(screen.getByRole('button', { name: 'Delete All' }));
    expect(screen.getByRole('dialog')).toHaveTextContent('This deletes all 3 prayer requests, whatever their state.');
  });

  it('shows the red toast when a delete fails and keeps the list', async () => {
    stubApi({
      [listPath]: () => ok([second, first]),
      [`DELETE /prayer/request/${userId}/${second._id}`]: () => [404, { message: 'Prayer request not found' }],
      [`DELETE /all/prayer/request/${userId}`]: () => [500, { message: 'Something went wrong on the server.' }],
    });
    render();
    const table = await screen.findByRole('table', { name: 'Prayer requests' });
    const row = within(table).getByText(second.request).closest('tr')!;
    await userEvent.click(within(row).getByRole('button', { name: 'Delete' }));
    await userEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Prayer request not found')).toBeInTheDocument();
    expect(screen.getByText(second.request)).toBeInTheDocument();
    await userEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Cancel' }));

    await userEvent.click(screen.getByRole('button', { name: 'Delete All' }));
    await userEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Something went wrong on the server.')).toBeInTheDocument();
    expect(screen.getByText(first.request)).toBeInTheDocument();
  });

  it("filters with the header's search term", async () => {
    stubApi({ [listPath]: () => ok([second, first]) });
    render('/prayer-requests?q=EXAMS');
    const table = await screen.findByRole('table', { name: 'Prayer requests' });
    expect(within(table).getByText(second.request)).toBeInTheDocument();
    expect(within(table).queryByText(first.request)).not.toBeInTheDocument();
  });

  it('exports the requests of the state shown, with the search, as a CSV file', async () => {
    const downloads = watchDownloads();
    const server = serverList([second, first]);
    const file = new Blob(['\uFEFFRequest\r\n']);
    const calls = stubApi({ [listPath]: server.handler, 'GET /export/prayer-requests.csv': () => [200, file, {}] });
    render('/prayer-requests?q=mother');
    await screen.findByRole('table', { name: 'Prayer requests' });
    await chooseExport();
    await waitFor(() => expect(downloads).toHaveLength(1));
    await userEvent.click(
      within(screen.getByRole('group', { name: 'Show requests' })).getByRole('button', { name: 'Prayed for' }),
    );
    await chooseExport();
    await waitFor(() => expect(downloads).toHaveLength(2));
    await userEvent.click(
      within(screen.getByRole('group', { name: 'Show requests' })).getByRole('button', { name: 'All' }),
    );
    await chooseExport();
    await waitFor(() => expect(downloads).toHaveLength(3));
    expect(
      calls
        .filter((call) => call.url === '/export/prayer-requests.csv')
        .map(({ params }) => ({ ...params, tz: undefined })),
    ).toEqual([
      { q: 'mother', state: 'New', tz: undefined },
      { q: 'mother', state: 'Prayed for', tz: undefined },
      { q: 'mother', tz: undefined },
    ]);
    expect(downloads[0]!.file).toBe(file);
    jest.restoreAllMocks();
  });

  it('stays quick with 5,000 requests: one page of 25 on screen, the page in the URL', async () => {
    const many: PrayerRequest[] = Array.from({ length: 5000 }, (_, i) =>
      requestOf({
        _id: i.toString(16).padStart(24, '0'),
        request: `Request ${i + 1}`,
        createdAt: '2026-03-04T10:00:00.000Z',
      }),
    );
    stubApi({ [listPath]: () => ok(many) });
    const { router } = render('/prayer-requests?page=200');
    const table = await screen.findByRole('table', { name: 'Prayer requests' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(25);
    expect(rows[0]).toHaveTextContent('4976Request 4976');
    expect(screen.getByText('Showing 4976–5000 of 5000')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Previous' }));
    expect(router.state.location.search).toBe('?page=199');
    expect(screen.getByRole('button', { name: 'New' })).toHaveAttribute('aria-pressed', 'true');
    expect(within(table).getByText('Request 4951')).toBeInTheDocument();
  });
});

describe('Prayer requests past 500', () => {
  const many = (from: number, count: number): PrayerRequest[] =>
    Array.from({ length: count }, (_, i) =>
      requestOf({
        _id: String(from + i).padStart(24, '0'),
        request: `Request number ${from + i}`,
        createdAt: '2026-03-04T10:00:00.000Z',
      }),
    );

  it('asks the server for each page and each search, and pages by its total', async () => {
    const calls = stubApi({
      [listPath]: ({ params }) => {
        const limit = Number(params.limit);
        const page = Number(params.page ?? 1);
        const total = params.q ? 40 : 1200;
        return [200, { message: 'ok', data: many((page - 1) * limit + 1, Math.min(limit, 25)), total, page, limit }];
      },
    });
    render();
    const table = await screen.findByRole('table', { name: 'Prayer requests' });
    expect(within(table).getAllByRole('row')).toHaveLength(26);
    expect(screen.getByText('Showing 1–25 of 1200')).toBeInTheDocument();
    // The probe asked for the first 500 New ones; past them, the first page of 25.
    expect(listCalls(calls, 'New').map((call) => call.params)).toEqual([
      { page: '1', limit: '500', state: 'New' },
      { page: '1', limit: '25', state: 'New' },
    ]);

    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Request number 26')).toBeInTheDocument();
    expect(screen.getByText('Showing 26–50 of 1200')).toBeInTheDocument();
    expect(calls.at(-1)?.params).toEqual({ page: '2', limit: '25', state: 'New' });
    expect(screen.getByRole('button', { name: 'Delete All' })).toBeInTheDocument();
  });

  it('asks for the last page, not an empty one, when the address names a page past it', async () => {
    const calls = stubApi({
      [listPath]: ({ params }) => [200, { message: 'ok', data: many(1176, 25), total: 1200, page: params.page }],
    });
    render('/prayer-requests?page=999');
    expect(await screen.findByText('Request number 1176')).toBeInTheDocument();
    expect(screen.getByText('Showing 1176–1200 of 1200')).toBeInTheDocument();
    expect(listCalls(calls, 'New').at(-1)?.params).toEqual({ page: '48', limit: '25', state: 'New' });
    expect(screen.queryByText('No prayer requests available.')).not.toBeInTheDocument();
  });

  it('sorts by State in the order requests go through them, not the words’ alphabet', async () => {
    const answered = requestOf({
      _id: 'c'.repeat(24),
      request: 'Thanks',
      createdAt: '2026-03-06T10:00:00.000Z',
      state: 'Answered',
    });
    const prayed = requestOf({
      _id: 'e'.repeat(24),
      request: 'Rain',
      createdAt: '2026-03-07T10:00:00.000Z',
      state: 'Prayed for',
    });
    const list = serverList([answered, prayed, first]);
    stubApi({ [listPath]: list.handler });
    render('/prayer-requests?state=all&sort=state');
    const table = await screen.findByRole('table', { name: 'Prayer requests' });
    await waitFor(() =>
      expect(
        within(table)
          .getAllByRole('row')
          .slice(1)
          .map((row) => within(row).getByText(/^(New|Prayed for|Answered)$/).textContent),
      ).toEqual(['New', 'Prayed for', 'Answered']),
    );
  });

  it('sorts on the server by a header: from the first page, the order in the address, Back to the one before', async () => {
    // 1,200 New requests, each sent on a day of its own: the server sorts them as asked.
    const pool = Array.from({ length: 1200 }, (_, i) =>
      requestOf({
        _id: String(i).padStart(24, '0'),
        request: `${['Grace', 'healing', 'Peace'][i % 3]} ${String(i).padStart(4, '0')}`,
        createdAt: new Date(Date.UTC(2026, 0, 1) + i * 86_400_000).toISOString(),
      }),
    );
    const orders = new Map<string, PrayerRequest[]>();
    const sortedBy = (sort: string) => {
      if (!orders.has(sort)) {
        const key = sort.replace(/^-/, '') as 'request' | 'createdAt';
        const ascending = [...pool].sort((a, b) => (a[key].toLowerCase() < b[key].toLowerCase() ? -1 : 1));
        orders.set(sort, sort.startsWith('-') ? ascending.reverse() : ascending);
      }
      return orders.get(sort)!;
    };
    const calls = stubApi({
      [listPath]: ({ params }) => {
        const sorted = sortedBy(String(params.sort ?? '-createdAt'));
        const limit = Number(params.limit);
        const page = Number(params.page ?? 1);
        return [200, { message: 'ok', data: sorted.slice((page - 1) * limit, page * limit), total: 1200, page, limit }];
      },
    });
    const { router } = render('/prayer-requests?page=2');
    const table = await screen.findByRole('table', { name: 'Prayer requests' });
    const requests = () =>
      within(screen.getByRole('table', { name: 'Prayer requests' }))
        .getAllByRole('row')
        .slice(1)
        .map((row) => within(row).getAllByRole('cell')[2]!.textContent);
    await waitFor(() => expect(requests()[0]).toBe('healing 1174'));
    const header = within(table).getByRole('columnheader', { name: 'Request' });
    expect(header).toHaveAttribute('aria-sort', 'none');

    await userEvent.click(within(header).getByRole('button', { name: 'Request' }));
    expect(router.state.location.search).toBe('?sort=request');
    await waitFor(() => expect(requests().slice(0, 2)).toEqual(['Grace 0000', 'Grace 0003']));
    expect(screen.getByRole('columnheader', { name: 'Request' })).toHaveAttribute('aria-sort', 'ascending');
    expect(screen.getByText('Showing 1–25 of 1200')).toBeInTheDocument();
    expect(listCalls(calls, 'New').at(-1)?.params).toEqual({ page: '1', limit: '25', state: 'New', sort: 'request' });

    await userEvent.click(screen.getByRole('button', { name: 'Request' }));
    expect(router.state.location.search).toBe('?sort=-request');
    await waitFor(() => expect(requests()[0]).toBe('Peace 1199'));
    expect(screen.getByRole('columnheader', { name: 'Request' })).toHaveAttribute('aria-sort', 'descending');

    // Back (the browser's) returns to the list as it was, ascending.
    await act(() => router.navigate(-1));
    expect(router.state.location.search).toBe('?sort=request');
    await waitFor(() => expect(requests()[0]).toBe('Grace 0000'));
    expect(screen.getByRole('columnheader', { name: 'Request' })).toHaveAttribute('aria-sort', 'ascending');
    // The Export writes the rows in this order.
    const downloads = watchDownloads();
    const exports = stubApi({ [`GET /export/prayer-requests.csv`]: () => [200, new Blob(['x'])] });
    await chooseExport('CSV (.csv)');
    await waitFor(() => expect(downloads).toHaveLength(1));
    expect(exports.at(-1)?.params).toMatchObject({ state: 'New', sort: 'request' });
  }, 30_000);

  it('searches on the server with the header filter', async () => {
    const calls = stubApi({
      [listPath]: ({ params }) => [200, { message: 'ok', data: many(1, 25), total: params.q ? 40 : 1200 }],
    });
    render('/prayer-requests?q=sick');
    expect(await screen.findByText('Showing 1–25 of 40')).toBeInTheDocument();
    expect(listCalls(calls, 'New').at(-1)?.params).toEqual({ page: '1', limit: '25', q: 'sick', state: 'New' });
  });

  it('keeps a small list whole and searches it on screen, without asking again', async () => {
    const calls = stubApi({ [listPath]: () => [200, { message: 'ok', data: [second, first], total: 2 }] });
    render('/prayer-requests?q=exams');
    const table = await screen.findByRole('table', { name: 'Prayer requests' });
    expect(within(table).getAllByRole('row')).toHaveLength(2);
    expect(listCalls(calls, 'New')).toHaveLength(1);
  });
});

describe('Caring for prayer requests', () => {
  const prayed = requestOf({
    _id: 'e'.repeat(24),
    request: 'For peace in our family.',
    createdAt: '2026-03-03T10:00:00.000Z',
    state: 'Prayed for',
    stateChangedAt: '2026-03-06T09:30:00.000Z',
    stateChangedBy: 'Sister Grace',
    note: 'Called her on Sunday.',
    assigneeId: 'd'.repeat(24),
  });
  const markPath = `PUT /prayer/requests/state/${userId}`;

  /** The server's marking: the rows named take the state. */
  const marks =
    (server: ReturnType<typeof serverList>) =>
    ({ body }: StubbedCall): [number, unknown] => {
      const { ids, state } = body as { ids: string[]; state: PrayerRequest['state'] };
      server.set(server.rows().map((row) => (ids.includes(row._id) ? { ...row, state } : row)));
      const count = ids.length;
      return [
        200,
        {
          message: `${count === 1 ? '1 prayer request' : `${count} prayer requests`} marked ${state}`,
          data: { marked: count },
        },
      ];
    };

  it('shows the New requests first, and the other states and All one click away', async () => {
    const server = serverList([second, first, prayed]);
    stubApi({ [listPath]: server.handler });
    const { router } = render();
    const table = await screen.findByRole('table', { name: 'Prayer requests' });
    const filters = screen.getByRole('group', { name: 'Show requests' });
    expect(
      within(filters)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['New', 'Prayed for', 'Answered', 'All']);
    expect(within(filters).getByRole('button', { name: 'New' })).toHaveAttribute('aria-pressed', 'true');
    expect(within(table).getAllByRole('row')).toHaveLength(3);
    expect(within(table).queryByText(prayed.request)).not.toBeInTheDocument();

    await userEvent.click(within(filters).getByRole('button', { name: 'Prayed for' }));
    expect(router.state.location.search).toBe('?state=prayed-for');
    // The table is shown again once the filter's rows are loaded.
    const row = (await screen.findByText(prayed.request)).closest('tr')!;
    expect(within(screen.getByRole('table', { name: 'Prayer requests' })).getAllByRole('row')).toHaveLength(2);
    // Its state, and whom it is assigned to.
    expect(row).toHaveTextContent('Prayed forAssigned to Sister Grace');

    await userEvent.click(within(filters).getByRole('button', { name: 'All' }));
    await waitFor(() =>
      expect(within(screen.getByRole('table', { name: 'Prayer requests' })).getAllByRole('row')).toHaveLength(4),
    );

    await userEvent.click(within(filters).getByRole('button', { name: 'Answered' }));
    expect(await screen.findByText('No prayer requests are marked Answered.')).toBeInTheDocument();
    // Delete All deletes what the tab shows: none here, so there is none to press.
    expect(screen.queryByRole('button', { name: 'Delete All' })).not.toBeInTheDocument();
  });

  it('marks one row Prayed for: it leaves the New view, the toast says so', async () => {
    const server = serverList([second, first]);
    const calls = stubApi({ [listPath]: server.handler, [markPath]: marks(server) });
    render();
    const table = await screen.findByRole('table', { name: 'Prayer requests' });
    await userEvent.click(within(table).getByRole('button', { name: 'Mark Prayed for: “For my exams.”' }));
    expect(await screen.findByText('1 prayer request marked Prayed for')).toBeInTheDocument();
    await waitFor(() => expect(within(table).queryByText(second.request)).not.toBeInTheDocument());
    expect(within(table).getByText(first.request)).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'PUT')?.body).toEqual({ ids: [second._id], state: 'Prayed for' });
  });

  it('selects many rows and marks them at once', async () => {
    const server = serverList([second, first, prayed]);
    const calls = stubApi({ [listPath]: server.handler, [markPath]: marks(server) });
    render('/prayer-requests?state=all');
    const table = await screen.findByRole('table', { name: 'Prayer requests' });
    const marking = screen.getByRole('group', { name: 'Mark the selected requests' });
    // The markings show once a row is selected.
    expect(within(marking).queryByRole('button', { name: 'Mark Answered' })).not.toBeInTheDocument();
    await userEvent.click(within(table).getByRole('checkbox', { name: 'Select “For my exams.”' }));
    await userEvent.click(within(table).getByRole('checkbox', { name: 'Select “For peace in our family.”' }));
    expect(within(marking).getByText('2 selected')).toBeInTheDocument();
    await userEvent.click(within(marking).getByRole('button', { name: 'Mark Answered' }));
    expect(await screen.findByText('2 prayer requests marked Answered')).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'PUT')?.body).toEqual({
      ids: [second._id, prayed._id],
      state: 'Answered',
    });
    await waitFor(() => expect(within(marking).getByText('0 selected')).toBeInTheDocument());

    // Select all shown takes every row on screen.
    await userEvent.click(within(marking).getByRole('checkbox', { name: 'Select all shown' }));
    expect(within(marking).getByText('3 selected')).toBeInTheDocument();
  });

  it('keeps the selection and shows the server’s words when a marking is refused', async () => {
    const server = serverList([second, first]);
    stubApi({
      [listPath]: server.handler,
      [markPath]: () => [
        404,
        { message: 'One of these prayer requests does not exist (deleted meanwhile?): nothing was marked' },
      ],
    });
    render();
    const table = await screen.findByRole('table', { name: 'Prayer requests' });
    await userEvent.click(within(table).getByRole('checkbox', { name: 'Select “For my exams.”' }));
    await userEvent.click(screen.getByRole('button', { name: 'Mark Prayed for' }));
    expect(
      await screen.findByText('One of these prayer requests does not exist (deleted meanwhile?): nothing was marked'),
    ).toBeInTheDocument();
    expect(within(table).getByRole('checkbox', { name: 'Select “For my exams.”' })).toBeChecked();
  });

  it('opens a request’s details, where its state, assignee and note change', async () => {
    const server = serverList([second, first, prayed]);
    const calls = stubApi({
      [listPath]: server.handler,
      [`PUT /prayer/request/${userId}/${prayed._id}`]: ({ body }) => {
        const changed = { ...prayed, ...(body as object) };
        server.set([second, first, changed]);
        return [200, { message: 'Prayer request updated successfully', data: changed }];
      },
    });
    render('/prayer-requests?state=prayed-for');
    const table = await screen.findByRole('table', { name: 'Prayer requests' });
    await userEvent.click(within(table).getByRole('button', { name: 'Details of “For peace in our family.”' }));
    const dialog = screen.getByRole('dialog', { name: 'Prayer request' });
    expect(dialog).toHaveTextContent(
      'RequestFor peace in our family.Submitted03/03/2026Last changedby Sister Grace, 06/03/2026',
    );
    // The state is said once, by the field that changes it.
    expect(within(dialog).getAllByText('State')).toHaveLength(1);
    expect(within(dialog).getByRole('combobox', { name: 'State' })).toHaveValue('Prayed for');
    expect(within(dialog).getByRole('combobox', { name: 'Assigned to' })).toHaveValue('d'.repeat(24));
    expect(within(dialog).getByRole('textbox', { name: /Note/ })).toHaveValue('Called her on Sunday.');

    await userEvent.selectOptions(within(dialog).getByRole('combobox', { name: 'State' }), 'Answered');
    await userEvent.selectOptions(within(dialog).getByRole('combobox', { name: 'Assigned to' }), 'Nobody');
    const note = within(dialog).getByRole('textbox', { name: /Note/ });
    await userEvent.clear(note);
    await userEvent.type(note, '  She wrote back: healed.  ');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Prayer request updated successfully')).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'PUT')?.body).toEqual({
      state: 'Answered',
      note: 'She wrote back: healed.',
      assigneeId: null,
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('opens the details of the request a link names (its assignment’s mail), once', async () => {
    stubApi({ [listPath]: serverList([second, first, prayed]).handler });
    const { router } = render(`/prayer-requests?state=all&request=${prayed._id}`);
    const dialog = await screen.findByRole('dialog', { name: 'Prayer request' });
    expect(dialog).toHaveTextContent('RequestFor peace in our family.');
    expect(within(dialog).getByRole('textbox', { name: /Note/ })).toHaveValue('Called her on Sunday.');
    expect(screen.getByRole('button', { name: 'All' })).toHaveAttribute('aria-pressed', 'true');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(router.state.location.search).toBe('?state=all');
  });

  it('keeps the details open with what was typed when the server refuses the change', async () => {
    stubApi({
      [listPath]: serverList([second]).handler,
      [`PUT /prayer/request/${userId}/${second._id}`]: () => [
        422,
        { message: 'That member is no longer on the team: choose another' },
      ],
    });
    render();
    const table = await screen.findByRole('table', { name: 'Prayer requests' });
    await userEvent.click(within(table).getByRole('button', { name: 'Details of “For my exams.”' }));
    const dialog = screen.getByRole('dialog', { name: 'Prayer request' });
    await userEvent.selectOptions(within(dialog).getByRole('combobox', { name: 'State' }), 'Answered');
    await userEvent.type(within(dialog).getByRole('textbox', { name: /Note/ }), 'Passed her exams.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('That member is no longer on the team: choose another')).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Prayer request' })).toBeInTheDocument();
    expect(within(dialog).getByRole('combobox', { name: 'State' })).toHaveValue('Answered');
    expect(within(dialog).getByRole('textbox', { name: /Note/ })).toHaveValue('Passed her exams.');
  });

  it('refuses a note over the limit before sending it', async () => {
    stubApi({ [listPath]: serverList([second]).handler });
    render();
    const table = await screen.findByRole('table', { name: 'Prayer requests' });
    await userEvent.click(within(table).getByRole('button', { name: 'Details of “For my exams.”' }));
    const dialog = screen.getByRole('dialog', { name: 'Prayer request' });
    const note = within(dialog).getByRole('textbox', { name: /Note/ });
    await userEvent.click(note);
    await userEvent.paste('n'.repeat(2001));
    await userEvent.tab();
    expect(await within(dialog).findByText('Note must be at most 2000 characters')).toBeInTheDocument();
  });

  it('shows a Guest User the details to read, with no form', async () => {
    signIn(userId, []);
    stubApi({ [listPath]: serverList([prayed]).handler });
    render('/prayer-requests?state=prayed-for');
    const table = await screen.findByRole('table', { name: 'Prayer requests' });
    await userEvent.click(within(table).getByRole('button', { name: 'Details of “For peace in our family.”' }));
    const dialog = screen.getByRole('dialog', { name: 'Prayer request' });
    expect(dialog).toHaveTextContent('StatePrayed for by Sister Grace');
    expect(within(dialog).getAllByText('State')).toHaveLength(1);
    expect(dialog).toHaveTextContent('Assigned toSister GraceNoteCalled her on Sunday.');
    expect(within(dialog).queryByRole('combobox')).not.toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Save' })).not.toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
