import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { session } from 'shared';
import { type PrayerRequest } from './api';
import { isDangerColoured, lookOf, renderRoutes, rowActionLook, signIn, stubApi } from 'shared/testing';
import App from '../App';

const userId = '0123456789abcdef01234567';
const first: PrayerRequest = {
  _id: 'a'.repeat(24),
  request: 'Please pray for my mother in hospital.',
  createdAt: '2026-03-04T10:00:00.000Z',
};
const second: PrayerRequest = { _id: 'b'.repeat(24), request: 'For my exams.', createdAt: '2026-03-05T10:00:00.000Z' };

const listPath = `GET /prayer/request/${userId}`;
const render = (path = '/prayer-requests') => renderRoutes([{ path: '*', element: <App /> }], path);
const ok = (data: unknown): [number, unknown] => [200, { message: 'ok', data }];

/** A list endpoint whose answer the test changes (the server's state). */
function serverList(initial: PrayerRequest[]) {
  let rows = initial;
  return {
    set: (next: PrayerRequest[]) => (rows = next),
    handler: () => ok(rows),
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
    ).toEqual(['S/N', 'Request', 'Submitted', 'Action']);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(2);
    expect(rows[0]).toHaveTextContent('1For my exams.05/03/2026');
    expect(rows[1]).toHaveTextContent('2Please pray for my mother in hospital.04/03/2026');
    expect(within(rows[0]).getByRole('button', { name: 'Delete' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Delete All' })).toBeInTheDocument();
    expect(calls[0].headers.Authorization).toBe('Bearer test-token');
  });

  it("keeps each row's Delete quiet: the danger colour is the confirmation's", async () => {
    stubApi({ [listPath]: () => ok([second, first]) });
    render();
    const table = await screen.findByRole('table', { name: 'Prayer requests' });
    const deletes = within(table).getAllByRole('button', { name: 'Delete' });
    expect(deletes.map(isDangerColoured)).toEqual([false, false]);
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
    ).toEqual(['S/N', 'Request', 'Submitted']);
    expect(screen.queryByRole('button', { name: /Delete/ })).not.toBeInTheDocument();
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
    expect(calls.filter((call) => call.method === 'GET')).toHaveLength(2);
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

  it('stays quick with 5,000 requests: one page of 25 on screen, the page in the URL', async () => {
    const many: PrayerRequest[] = Array.from({ length: 5000 }, (_, i) => ({
      _id: i.toString(16).padStart(24, '0'),
      request: `Request ${i + 1}`,
      createdAt: '2026-03-04T10:00:00.000Z',
    }));
    stubApi({ [listPath]: () => ok(many) });
    const { router } = render('/prayer-requests?page=200');
    const table = await screen.findByRole('table', { name: 'Prayer requests' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(25);
    expect(rows[0]).toHaveTextContent('4976Request 4976');
    expect(screen.getByText('Showing 4976–5000 of 5000')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Previous' }));
    expect(router.state.location.search).toBe('?page=199');
    expect(within(table).getByText('Request 4951')).toBeInTheDocument();
  });
});

describe('Prayer requests past 500', () => {
  const many = (from: number, count: number): PrayerRequest[] =>
    Array.from({ length: count }, (_, i) => ({
      _id: String(from + i).padStart(24, '0'),
      request: `Request number ${from + i}`,
      createdAt: '2026-03-04T10:00:00.000Z',
    }));

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
    // The probe asked for the first 500; past them, the first page of 25.
    expect(calls.map((call) => call.params)).toEqual([
      { page: 1, limit: 500 },
      { page: 1, limit: 25 },
    ]);

    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Request number 26')).toBeInTheDocument();
    expect(screen.getByText('Showing 26–50 of 1200')).toBeInTheDocument();
    expect(calls.at(-1)?.params).toEqual({ page: 2, limit: 25 });
    expect(screen.getByRole('button', { name: 'Delete All' })).toBeInTheDocument();
  });

  it('asks for the last page, not an empty one, when the address names a page past it', async () => {
    const calls = stubApi({
      [listPath]: ({ params }) => [200, { message: 'ok', data: many(1176, 25), total: 1200, page: params.page }],
    });
    render('/prayer-requests?page=999');
    expect(await screen.findByText('Request number 1176')).toBeInTheDocument();
    expect(screen.getByText('Showing 1176–1200 of 1200')).toBeInTheDocument();
    expect(calls.at(-1)?.params).toEqual({ page: 48, limit: 25 });
    expect(screen.queryByText('No prayer requests available.')).not.toBeInTheDocument();
  });

  it('searches on the server with the header filter', async () => {
    const calls = stubApi({
      [listPath]: ({ params }) => [200, { message: 'ok', data: many(1, 25), total: params.q ? 40 : 1200 }],
    });
    render('/prayer-requests?q=sick');
    expect(await screen.findByText('Showing 1–25 of 40')).toBeInTheDocument();
    expect(calls.at(-1)?.params).toEqual({ page: 1, limit: 25, q: 'sick' });
  });

  it('keeps a small list whole and searches it on screen, without asking again', async () => {
    const calls = stubApi({ [listPath]: () => [200, { message: 'ok', data: [second, first], total: 2 }] });
    render('/prayer-requests?q=exams');
    const table = await screen.findByRole('table', { name: 'Prayer requests' });
    expect(within(table).getAllByRole('row')).toHaveLength(2);
    expect(calls).toHaveLength(1);
  });
});
