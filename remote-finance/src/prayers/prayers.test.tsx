import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { session } from 'shared';
import { type Prayer } from './api';
import { renderRoutes, signIn, stubApi } from 'shared/testing';
import App from '../App';

const userId = '0123456789abcdef01234567';
const morning: Prayer = {
  _id: 'a'.repeat(24),
  title: 'Morning Offering',
  prayer:
    'O Jesus, through the Immaculate Heart of Mary, I offer You my prayers, works, joys and sufferings of this day.',
  createdAt: '2026-03-01T08:00:00.000Z',
};
const angelus: Prayer = {
  _id: 'b'.repeat(24),
  title: 'Angelus',
  prayer: 'The Angel of the Lord declared unto Mary.',
  createdAt: '2026-03-02T08:00:00.000Z',
};

const render = (path: string) => renderRoutes([{ path: '*', element: <App /> }], path);
const ok = (data: unknown): [number, unknown] => [200, { message: 'ok', data }];

beforeEach(() => {
  localStorage.clear();
  session.clear();
  signIn(userId);
});

describe('Section A Prayers list', () => {
  it('shows S/N, title and the prayer truncated at 300 px, with Edit, Delete and History in one Action column', async () => {
    stubApi({ 'GET /get/prayers': () => ok([morning, angelus]) });
    render('/prayers');
    const table = await screen.findByRole('table', { name: 'Section A Prayers' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['S/N', 'Title', 'Prayer', 'Action']);
    const cells = within(within(table).getAllByRole('row')[1]).getAllByRole('cell');
    expect(
      within(cells[3])
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['Edit', 'Delete', 'History']);
    expect(cells[0]).toHaveTextContent('1');
    expect(cells[1]).toHaveTextContent('Morning Offering');
    expect(cells[2]).toHaveTextContent(morning.prayer);
    expect(within(cells[2]).getByTitle(morning.prayer)).toHaveStyle({
      maxWidth: '300px',
      overflow: 'hidden',
      textOverflow: 'ellipsis',
      whiteSpace: 'nowrap',
    });
    expect(screen.getByRole('link', { name: 'Add Prayer' })).toHaveAttribute('href', '/add-prayer');
  });

  it('shows the empty text', async () => {
    stubApi({ 'GET /get/prayers': () => ok([]) });
    render('/prayers');
    expect(await screen.findByText('No prayers available.')).toBeInTheDocument();
  });

  it('edits in a modal prefilled with the row: both fields required; Save sends, closes and reloads', async () => {
    let saved = false;
    const calls = stubApi({
      'GET /get/prayers': () => ok(saved ? [{ ...morning, title: 'Morning Prayer' }, angelus] : [morning, angelus]),
      [`PUT /edit/prayer/${userId}/${morning._id}`]: () => {
        saved = true;
        return ok({ ...morning, title: 'Morning Prayer' });
      },
    });
    render('/prayers');
    const table = await screen.findByRole('table', { name: 'Section A Prayers' });
    await userEvent.click(within(within(table).getAllByRole('row')[1]).getByRole('button', { name: 'Edit' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit Prayer' });
    expect(within(dialog).getByLabelText('Title')).toHaveValue('Morning Offering');
    expect(within(dialog).getByLabelText('Prayer')).toHaveValue(morning.prayer);
    await userEvent.clear(within(dialog).getByLabelText('Title'));
    await userEvent.clear(within(dialog).getByLabelText('Prayer'));
    await userEvent.tab();
    expect(await within(dialog).findByText('Title is required')).toBeInTheDocument();
    expect(within(dialog).getByText('Prayer content is required')).toBeInTheDocument();
    await userEvent.type(within(dialog).getByLabelText('Title'), 'Morning Prayer');
    await userEvent.type(within(dialog).getByLabelText('Prayer'), morning.prayer);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Prayer updated successfully')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls.find((call) => call.method === 'PUT')!.body).toEqual({
      title: 'Morning Prayer',
      prayer: morning.prayer,
    });
    expect(await screen.findByText('Morning Prayer')).toBeInTheDocument();
  });

  it('closes the modal on Cancel without saving', async () => {
    const calls = stubApi({ 'GET /get/prayers': () => ok([morning]) });
    render('/prayers');
    await userEvent.click(await screen.findByRole('button', { name: 'Edit' }));
    await userEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(calls.map((call) => call.method)).toEqual(['GET']);
  });

  it('deletes (a POST) after confirmation and reloads the list', async () => {
    let deleted = false;
    const calls = stubApi({
      'GET /get/prayers': () => ok(deleted ? [angelus] : [morning, angelus]),
      [`POST /delete/prayer/${userId}/${morning._id}`]: () => {
        deleted = true;
        return [200, { message: 'Prayer deleted successfully' }];
      },
    });
    render('/prayers');
    const table = await screen.findByRole('table', { name: 'Section A Prayers' });
    await userEvent.click(within(within(table).getAllByRole('row')[1]).getByRole('button', { name: 'Delete' }));
    expect(screen.getByRole('dialog')).toHaveTextContent('Are you sure you want to delete this prayer?');
    await userEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Prayer deleted successfully')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('Morning Offering')).not.toBeInTheDocument());
    expect(calls.filter((call) => call.method === 'POST')).toHaveLength(1);
  });
});

describe('Add Prayer', () => {
  it("shows the spec's messages, then sends the prayer and goes to /prayers", async () => {
    const calls = stubApi({
      [`POST /add/prayer/${userId}`]: () => [201, { message: 'Prayer added successfully', data: angelus }],
      'GET /get/prayers': () => ok([angelus]),
    });
    const { router } = render('/add-prayer');
    await userEvent.click(screen.getByRole('button', { name: 'Add Prayer' }));
    expect(await screen.findByText('Title is required')).toBeInTheDocument();
    expect(screen.getByText('Prayer content is required')).toBeInTheDocument();
    expect(calls).toHaveLength(0);

    await userEvent.type(screen.getByLabelText('Title'), ' Angelus ');
    await userEvent.type(screen.getByLabelText('Prayer'), angelus.prayer);
    await userEvent.click(screen.getByRole('button', { name: 'Add Prayer' }));
    expect(await screen.findByText('Prayer added successfully')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/prayers'));
    expect(calls.find((call) => call.method === 'POST')!.body).toEqual({ title: 'Angelus', prayer: angelus.prayer });
    expect(await screen.findByRole('table', { name: 'Section A Prayers' })).toBeInTheDocument();
  });
});

describe('Section A Prayers history', () => {
  const versionId = 'c'.repeat(24);
  const kept = { id: versionId, savedAt: '2026-03-05T09:30:00.000Z', savedBy: { id: userId, name: 'Maria' } };
  const older: Prayer = { ...morning, title: 'Morning Offering (old)', prayer: 'O Jesus, I offer You this day.' };

  it("opens a row's History, compares a version and restores it: the list shows it", async () => {
    let listed = [morning, angelus];
    const calls = stubApi({
      'GET /get/prayers': () => ok(listed),
      [`GET /prayers/${morning._id}/versions`]: () => ok([kept]),
      [`GET /prayers/${morning._id}/versions/${versionId}`]: () => ok({ ...kept, fields: older }),
      [`POST /prayers/${morning._id}/versions/${versionId}/restore/${userId}`]: () => {
        listed = [older, angelus];
        return [200, { message: 'Version restored successfully', data: older }];
      },
    });
    render('/prayers');
    await userEvent.click(await screen.findByRole('button', { name: 'History of Morning Offering' }));
    const versions = screen.getByRole('dialog', { name: 'History of “Morning Offering”' });
    await userEvent.click(await within(versions).findByRole('button', { name: /05\/03\/2026 \d\d:30 Maria/ }));
    let dialog = await screen.findByRole('dialog', { name: /^Version of 05\/03\/2026/ });
    expect(await within(dialog).findByText(/old/, { selector: 'ins' })).toBeInTheDocument();
    expect(within(dialog).getByText(/Immaculate/, { selector: 'del' })).toBeInTheDocument();
    // Close goes back to the versions, one dialog at a time.
    await userEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(screen.getAllByRole('dialog')).toHaveLength(1);
    await userEvent.click(
      within(screen.getByRole('dialog', { name: 'History of “Morning Offering”' })).getByRole('button', {
        name: /Maria/,
      }),
    );
    dialog = await screen.findByRole('dialog', { name: /^Version of 05\/03\/2026/ });
    await userEvent.click(await within(dialog).findByRole('button', { name: 'Restore this version' }));
    expect(screen.getByRole('dialog', { name: 'Please confirm' })).toHaveTextContent(
      'Are you sure you want to restore this version? The current text is kept in History.',
    );
    await userEvent.click(
      within(screen.getByRole('dialog', { name: 'Please confirm' })).getByRole('button', { name: 'Restore' }),
    );

    expect(await screen.findByText('Version restored successfully')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await screen.findByText('Morning Offering (old)')).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'POST')).toHaveLength(1);
  });

  it('says when a prayer has no earlier versions, and closes', async () => {
    stubApi({
      'GET /get/prayers': () => ok([angelus]),
      [`GET /prayers/${angelus._id}/versions`]: () => ok([]),
    });
    render('/prayers');
    await userEvent.click(await screen.findByRole('button', { name: 'History of Angelus' }));
    const dialog = screen.getByRole('dialog', { name: 'History of “Angelus”' });
    expect(await within(dialog).findByText('No earlier versions yet.')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('shows a Guest User the History, without Restore', async () => {
    signIn(userId, []);
    stubApi({
      'GET /get/prayers': () => ok([morning]),
      [`GET /prayers/${morning._id}/versions`]: () => ok([kept]),
      [`GET /prayers/${morning._id}/versions/${versionId}`]: () => ok({ ...kept, fields: older }),
    });
    render('/prayers');
    const table = await screen.findByRole('table', { name: 'Section A Prayers' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['S/N', 'Title', 'Prayer', 'Action']);
    expect(within(table).queryByRole('button', { name: 'Edit' })).not.toBeInTheDocument();
    expect(within(table).queryByRole('button', { name: 'Delete' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'History of Morning Offering' }));
    await userEvent.click(await screen.findByRole('button', { name: /Maria/ }));
    const dialog = await screen.findByRole('dialog', { name: /^Version of 05\/03\/2026/ });
    expect(await within(dialog).findByText(/old/, { selector: 'ins' })).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Restore this version' })).not.toBeInTheDocument();
  });
});
