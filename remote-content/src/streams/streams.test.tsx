import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { session } from 'shared';
import { type Stream } from './api';
import { isDangerColoured, lookOf, renderRoutes, rowActionLook, signIn, stubApi } from 'shared/testing';
import App from '../App';

const userId = '0123456789abcdef01234567';
const stream: Stream = {
  _id: 'c'.repeat(24),
  id: 'c'.repeat(24),
  name: 'Sunday Mass',
  dateAdded: '2026-03-01T08:00:00.000Z',
  streamingLink: 'https://youtube.com/live/sunday',
  image: 'http://localhost/uploads/thumb.png',
  category: 'Lithurgical Celebration',
};
const other: Stream = { ...stream, _id: 'd'.repeat(24), id: 'd'.repeat(24), name: 'Evening Prayer' };

const render = (path: string) => renderRoutes([{ path: '*', element: <App /> }], path);
const ok = (data: unknown): [number, unknown] => [200, { message: 'ok', data }];

beforeAll(() => {
  URL.createObjectURL = jest.fn(() => 'blob:preview');
  URL.revokeObjectURL = jest.fn();
});
beforeEach(() => {
  localStorage.clear();
  session.clear();
  signIn(userId);
});

describe('Live streaming list', () => {
  it('shows S/N, title, stream link, thumbnail, Edit and Delete', async () => {
    stubApi({ 'GET /stream': () => ok([stream, other]) });
    render('/live-streaming');
    const table = await screen.findByRole('table', { name: 'Live streams' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['S/N', 'Title', 'Stream Link', 'Thumbnail', 'Action']);
    const rows = within(table).getAllByRole('row');
    expect(within(rows[2]).getAllByRole('cell')[0]).toHaveTextContent('2');
    expect(within(table).getByRole('img', { name: 'Thumbnail of Sunday Mass' })).toHaveAttribute('src', stream.image);
    expect(within(table).getAllByRole('link', { name: stream.streamingLink })[0]).toHaveAttribute(
      'href',
      stream.streamingLink,
    );
    expect(within(table).getByRole('link', { name: 'Edit Evening Prayer' })).toHaveAttribute(
      'href',
      `/live-streaming/edit/${other._id}`,
    );
    expect(screen.getByRole('link', { name: 'Add New Stream' })).toHaveAttribute('href', '/manage-live-streaming');
  });

  it('gives Edit and Delete the one look of row actions, Delete in the danger colour', async () => {
    stubApi({ 'GET /stream': () => ok([stream]) });
    render('/live-streaming');
    const table = await screen.findByRole('table', { name: 'Live streams' });
    expect(lookOf(within(table).getByRole('link', { name: 'Edit Sunday Mass' }))).toEqual(rowActionLook());
    expect(isDangerColoured(within(table).getByRole('button', { name: 'Delete' }))).toBe(true);
  });

  it('shows the empty text', async () => {
    stubApi({ 'GET /stream': () => ok([]) });
    render('/live-streaming');
    expect(await screen.findByText('No live streams available.')).toBeInTheDocument();
  });

  it('deletes after confirmation and refreshes the list', async () => {
    let listed = [stream, other];
    const calls = stubApi({
      'GET /stream': () => ok(listed),
      [`DELETE /delete/stream/${userId}/${stream._id}`]: () => {
        listed = [other];
        return [200, { message: 'Stream deleted successfully' }];
      },
    });
    render('/live-streaming');
    const table = await screen.findByRole('table', { name: 'Live streams' });
    const row = within(table).getByText('Sunday Mass').closest('tr')!;
    await userEvent.click(within(row).getByRole('button', { name: 'Delete' }));
    expect(screen.getByRole('dialog')).toHaveTextContent('Are you sure you want to delete this stream?');
    await userEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Stream deleted successfully')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('Sunday Mass')).not.toBeInTheDocument());
    expect(screen.getByText('Evening Prayer')).toBeInTheDocument();
    expect(calls.filter((call) => call.url === '/stream')).toHaveLength(2);
  });
});

describe('Add Live Stream', () => {
  it("shows the spec's messages, the three categories as spelled, and Back to the list", async () => {
    stubApi({});
    render('/manage-live-streaming');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    for (const message of [
      'Category is required',
      'Title is required',
      'Upload link is required',
      'Image is required',
    ]) {
      expect(await screen.findByText(message)).toBeInTheDocument();
    }
    await userEvent.type(screen.getByLabelText('Link'), 'not a link');
    expect(await screen.findByText('Invalid link format')).toBeInTheDocument();
    const options = within(screen.getByLabelText('Category'))
      .getAllByRole('option')
      .map((option) => option.textContent);
    expect(options.slice(1)).toEqual(['Live Events', 'Prayer Session', 'Lithurgical Celebration']);
    expect(screen.getByLabelText('Image')).toHaveAttribute('accept', 'image/jpeg,image/png,image/gif,image/webp');
    expect(screen.getByRole('link', { name: 'Back' })).toHaveAttribute('href', '/live-streaming');
  });

  it('sends streamingLink, name, category and file, with a spinner while saving, then resets the form', async () => {
    let answer: (value: [number, unknown]) => void = () => undefined;
    const calls = stubApi({
      [`POST /add/stream/${userId}`]: () => new Promise((resolve) => (answer = resolve)),
    });
    const { router } = render('/manage-live-streaming');
    await userEvent.selectOptions(screen.getByLabelText('Category'), 'Prayer Session');
    await userEvent.type(screen.getByLabelText('Title'), ' Evening Prayer ');
    await userEvent.type(screen.getByLabelText('Link'), 'https://youtube.com/live/evening');
    await userEvent.upload(screen.getByLabelText('Image'), new File(['png'], 'thumb.png', { type: 'image/png' }));
    expect(await screen.findByAltText('Image preview')).toHaveAttribute('src', 'blob:preview');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));

    const button = await screen.findByRole('button', { name: /Save/ });
    await waitFor(() => expect(button).toBeDisabled());
    expect(within(button).getByRole('status', { name: 'Saving' })).toBeInTheDocument();
    answer([201, { message: 'Stream added successfully', data: other }]);

    expect(await screen.findByText('Stream added successfully')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByLabelText('Title')).toHaveValue(''));
    expect(screen.getByLabelText('Category')).toHaveValue('');
    expect(screen.getByLabelText('Link')).toHaveValue('');
    expect(screen.queryByAltText('Image preview')).not.toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/manage-live-streaming');
    const body = calls[0].body as FormData;
    expect(body.get('streamingLink')).toBe('https://youtube.com/live/evening');
    expect(body.get('name')).toBe('Evening Prayer');
    expect(body.get('category')).toBe('Prayer Session');
    expect((body.get('file') as File).name).toBe('thumb.png');
  });

  it('keeps what was typed when the server refuses', async () => {
    stubApi({
      [`POST /add/stream/${userId}`]: () => [415, { message: 'file must be a JPEG, PNG, GIF or WebP image' }],
    });
    render('/manage-live-streaming');
    await userEvent.selectOptions(screen.getByLabelText('Category'), 'Live Events');
    await userEvent.type(screen.getByLabelText('Title'), 'Vigil');
    await userEvent.type(screen.getByLabelText('Link'), 'https://example.org/vigil');
    await userEvent.upload(screen.getByLabelText('Image'), new File(['gif'], 'v.gif', { type: 'image/gif' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('file must be a JPEG, PNG, GIF or WebP image')).toBeInTheDocument();
    expect(screen.getByLabelText('Title')).toHaveValue('Vigil');
    expect(screen.getByLabelText('Category')).toHaveValue('Live Events');
  });
});

describe('Edit Live Stream', () => {
  it('is prefilled with the stored category, keeps the image when none is chosen, then shows the list', async () => {
    const calls = stubApi({
      'GET /stream': () => ok([stream]),
      [`GET /streams/${stream._id}/versions`]: () => ok([]),
      [`PUT /edit/stream/${userId}/${stream._id}`]: () => [
        200,
        { message: 'Stream updated successfully', data: stream },
      ],
    });
    const { router } = render(`/live-streaming/edit/${stream._id}`);
    const title = await screen.findByLabelText('Title');
    expect(title).toHaveValue('Sunday Mass');
    expect(screen.getByLabelText('Category')).toHaveValue('Lithurgical Celebration');
    expect(screen.getByLabelText('Link')).toHaveValue(stream.streamingLink);
    expect(screen.getByAltText('Image preview')).toHaveAttribute('src', stream.image);
    await userEvent.clear(title);
    await userEvent.type(title, 'Sunday Mass (Cathedral)');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Stream updated successfully')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/live-streaming'));
    const body = calls.find((call) => call.method === 'PUT')!.body as FormData;
    expect(body.get('name')).toBe('Sunday Mass (Cathedral)');
    expect(body.get('file')).toBe(stream.image);
    expect(body.get('category')).toBe('Lithurgical Celebration');
  });

  it("says 'Stream not found.' for an id that is not in the list", async () => {
    stubApi({ 'GET /stream': () => ok([other]) });
    render(`/live-streaming/edit/${stream._id}`);
    expect(await screen.findByText('Stream not found.')).toBeInTheDocument();
  });
});

describe('Live stream history', () => {
  const versionId = 'e'.repeat(24);
  const kept = { id: versionId, savedAt: '2026-03-05T09:30:00.000Z', savedBy: { id: userId, name: 'Maria' } };
  const older: Stream = { ...stream, name: 'Sunday Vigil Mass', streamingLink: 'https://youtube.com/live/vigil' };

  it('restores an earlier version from History below the edit form, and the form then holds it', async () => {
    let listed = [stream];
    const calls = stubApi({
      'GET /stream': () => ok(listed),
      [`GET /streams/${stream._id}/versions`]: () => ok([kept]),
      [`GET /streams/${stream._id}/versions/${versionId}`]: () => ok({ ...kept, fields: older }),
      [`POST /streams/${stream._id}/versions/${versionId}/restore/${userId}`]: () => {
        listed = [older];
        return [200, { message: 'Version restored successfully', data: older }];
      },
      [`PUT /edit/stream/${userId}/${stream._id}`]: () => [
        200,
        { message: 'Stream updated successfully', data: older },
      ],
    });
    const { router } = render(`/live-streaming/edit/${stream._id}`);
    expect(await screen.findByLabelText('Title')).toHaveValue('Sunday Mass');
    const history = screen.getByRole('region', { name: 'History' });
    await userEvent.click(await within(history).findByRole('button', { name: /05\/03\/2026 \d\d:30 Maria/ }));
    const dialog = await screen.findByRole('dialog', { name: /^Version of 05\/03\/2026/ });
    expect(await within(dialog).findByText(/Vigil/, { selector: 'ins' })).toBeInTheDocument();
    // The picture and the category are no text to compare: only the title and the link are.
    expect(
      within(dialog)
        .getAllByRole('heading', { level: 3 })
        .map((h) => h.textContent),
    ).toEqual(['Category', 'Title', 'Link']);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Restore this version' }));
    await userEvent.click(
      within(screen.getByRole('dialog', { name: 'Please confirm' })).getByRole('button', { name: 'Restore' }),
    );

    expect(await screen.findByText('Version restored successfully')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByLabelText('Title')).toHaveValue('Sunday Vigil Mass'));
    expect(screen.getByLabelText('Link')).toHaveValue('https://youtube.com/live/vigil');
    expect(router.state.location.pathname).toBe(`/live-streaming/edit/${stream._id}`);
    // Saving now sends the restored text, not the one the page opened with.
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Stream updated successfully')).toBeInTheDocument();
    const body = calls.find((call) => call.method === 'PUT')!.body as FormData;
    expect(body.get('name')).toBe('Sunday Vigil Mass');
    expect(body.get('streamingLink')).toBe('https://youtube.com/live/vigil');
  });

  it('keeps what was typed when a save of the edit form fails', async () => {
    stubApi({
      'GET /stream': () => ok([stream]),
      [`GET /streams/${stream._id}/versions`]: () => ok([kept]),
      [`PUT /edit/stream/${userId}/${stream._id}`]: () => [400, { message: 'Title is too long' }],
    });
    render(`/live-streaming/edit/${stream._id}`);
    const title = await screen.findByLabelText('Title');
    await userEvent.clear(title);
    await userEvent.type(title, 'Sunday Mass at the Cathedral');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Title is too long')).toBeInTheDocument();
    expect(screen.getByLabelText('Title')).toHaveValue('Sunday Mass at the Cathedral');
    expect(
      within(screen.getByRole('region', { name: 'History' })).getByRole('button', { name: /Maria/ }),
    ).toBeInTheDocument();
  });
});

describe('Live streaming list for a Guest User', () => {
  it('has no Edit or Delete column and no Add New Stream', async () => {
    signIn(userId, []);
    stubApi({ 'GET /stream': () => ok([stream, other]) });
    render('/live-streaming');
    const table = await screen.findByRole('table', { name: 'Live streams' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['S/N', 'Title', 'Stream Link', 'Thumbnail']);
    expect(screen.queryByRole('link', { name: 'Add New Stream' })).not.toBeInTheDocument();
  });
});
