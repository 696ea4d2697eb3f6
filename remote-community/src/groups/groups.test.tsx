import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { session } from 'shared';
import { type Group } from './api';
import { renderRoutes, signIn, stubApi } from 'shared/testing';
import App from '../App';

const userId = '0123456789abcdef01234567';
const group: Group = {
  _id: 'a'.repeat(24),
  groupName: 'Youth Choir',
  groupLink: 'https://chat.example.org/youth-choir',
  groupDescription: 'We sing at the Sunday evening Mass.',
  groupImage: 'http://localhost/uploads/choir.png',
  file: 'http://localhost/uploads/choir.png',
  createdAt: '2026-03-04T10:00:00.000Z',
};
const bare: Group = {
  ...group,
  _id: 'b'.repeat(24),
  groupName: 'Legion of Mary',
  groupLink: 'https://chat.example.org/legion',
  groupDescription: 'Home visits to the sick.',
  groupImage: null,
  file: null,
};

const render = (path: string) => renderRoutes([{ path: '*', element: <App /> }], path);
const ok = (data: unknown): [number, unknown] => [200, { message: 'ok', data }];
const postBody = (calls: ReturnType<typeof stubApi>) => calls.find((call) => call.method === 'POST')!.body as FormData;

beforeAll(() => {
  URL.createObjectURL = jest.fn(() => 'blob:preview');
  URL.revokeObjectURL = jest.fn();
});
beforeEach(() => {
  localStorage.clear();
  session.clear();
  signIn(userId);
});

describe('Group list', () => {
  it('shows name, link, an optional thumbnail and a details link', async () => {
    stubApi({ 'GET /all/groups': () => ok([group, bare]) });
    render('/group-list');
    expect(screen.getByRole('status', { name: 'Loading' })).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: 'Groups' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['Name', 'Link', 'Thumbnail', 'Action']);
    expect(within(table).getByRole('link', { name: group.groupLink })).toHaveAttribute('href', group.groupLink);
    expect(within(table).getByRole('img', { name: 'Picture of Youth Choir' })).toHaveAttribute('src', group.groupImage);
    expect(within(table).queryByRole('img', { name: 'Picture of Legion of Mary' })).not.toBeInTheDocument();
    expect(within(table).getByLabelText('No picture')).toBeInTheDocument();
    expect(within(table).getByRole('link', { name: 'View details of Legion of Mary' })).toHaveAttribute(
      'href',
      `/group/${bare._id}`,
    );
    expect(screen.getByRole('link', { name: 'Add New Group' })).toHaveAttribute('href', '/group-formation');
  });

  it('shows the empty text', async () => {
    stubApi({ 'GET /all/groups': () => ok([]) });
    render('/group-list');
    expect(await screen.findByText('No groups available.')).toBeInTheDocument();
  });

  it("filters with the header's search term", async () => {
    stubApi({ 'GET /all/groups': () => ok([group, bare]) });
    render('/group-list?q=LEGION');
    const table = await screen.findByRole('table', { name: 'Groups' });
    expect(within(table).getByText('Legion of Mary')).toBeInTheDocument();
    expect(within(table).queryByText('Youth Choir')).not.toBeInTheDocument();
  });

  it('pages through a long list, the page kept in the URL', async () => {
    const many = Array.from({ length: 60 }, (_, i) => ({
      ...bare,
      _id: i.toString(16).padStart(24, '0'),
      groupName: `Group ${i + 1}`,
    }));
    stubApi({ 'GET /all/groups': () => ok(many) });
    const { router } = render('/group-list?page=3');
    const table = await screen.findByRole('table', { name: 'Groups' });
    expect(within(table).getAllByRole('row')).toHaveLength(11); // header + 10
    expect(within(table).getByText('Group 51')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Previous' }));
    expect(router.state.location.search).toBe('?page=2');
    expect(within(table).getByText('Group 26')).toBeInTheDocument();
  });
});

describe('Add Group', () => {
  it("shows the spec's messages for touched fields only", async () => {
    stubApi({});
    render('/group-formation');
    expect(screen.queryByText('Name is required')).not.toBeInTheDocument();
    await userEvent.click(screen.getByLabelText('Name'));
    await userEvent.tab();
    expect(await screen.findByText('Name is required')).toBeInTheDocument();
    expect(screen.queryByText('Link is required')).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Add Group' }));
    for (const message of ['Name is required', 'Link is required', 'Description is required']) {
      expect(await screen.findByText(message)).toBeInTheDocument();
    }
    // The image is optional.
    expect(screen.queryByText(/Image is required/)).not.toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Link'), 'not a link');
    expect(await screen.findByText('Invalid link format')).toBeInTheDocument();
  });

  it('offers images only, and Back goes to the list', () => {
    stubApi({});
    render('/group-formation');
    expect(screen.getByLabelText('Image')).toHaveAttribute('accept', 'image/jpeg,image/png,image/gif,image/webp');
    expect(screen.getByRole('link', { name: 'Back' })).toHaveAttribute('href', '/group-list');
  });

  it('sends the group with its picture, then shows the list', async () => {
    const calls = stubApi({
      [`POST /add/group/${userId}`]: () => [201, { message: 'Group added successfully', data: group }],
      'GET /all/groups': () => ok([group]),
    });
    const { router } = render('/group-formation');
    await userEvent.type(screen.getByLabelText('Name'), '  Youth Choir ');
    await userEvent.type(screen.getByLabelText('Link'), group.groupLink);
    await userEvent.type(screen.getByLabelText('Description'), group.groupDescription);
    await userEvent.upload(screen.getByLabelText('Image'), new File(['png'], 'choir.png', { type: 'image/png' }));
    expect(await screen.findByAltText('Image preview')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Add Group' }));

    expect(await screen.findByText('Group added successfully')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/group-list'));
    const body = postBody(calls);
    expect(body.get('groupName')).toBe('Youth Choir');
    expect(body.get('groupLink')).toBe(group.groupLink);
    expect(body.get('groupDescription')).toBe(group.groupDescription);
    expect((body.get('groupImage') as File).name).toBe('choir.png');
    expect([...body.keys()].sort()).toEqual(['groupDescription', 'groupImage', 'groupLink', 'groupName']);
  });

  it('sends a group without a picture', async () => {
    const calls = stubApi({
      [`POST /add/group/${userId}`]: () => [201, { message: 'Group added successfully', data: bare }],
      'GET /all/groups': () => ok([bare]),
    });
    render('/group-formation');
    await userEvent.type(screen.getByLabelText('Name'), bare.groupName);
    await userEvent.type(screen.getByLabelText('Link'), bare.groupLink);
    await userEvent.type(screen.getByLabelText('Description'), bare.groupDescription);
    await userEvent.click(screen.getByRole('button', { name: 'Add Group' }));
    expect(await screen.findByText('Group added successfully')).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: 'Groups' });
    expect(within(table).getByLabelText('No picture')).toBeInTheDocument();
    expect(postBody(calls).has('groupImage')).toBe(false);
  });

  it('refuses a picture that is not an image, and keeps what was typed when the server refuses', async () => {
    stubApi({ [`POST /add/group/${userId}`]: () => [400, { message: 'groupLink must be a valid URL' }] });
    const { router } = render('/group-formation');
    await userEvent.upload(screen.getByLabelText('Image'), new File(['%PDF'], 'x.pdf', { type: 'application/pdf' }), {
      applyAccept: false,
    });
    expect(await screen.findByText('Image must be a JPEG, PNG, GIF or WebP image')).toBeInTheDocument();
    await userEvent.upload(screen.getByLabelText('Image'), new File(['gif'], 'c.gif', { type: 'image/gif' }));
    await userEvent.type(screen.getByLabelText('Name'), 'Altar Servers');
    await userEvent.type(screen.getByLabelText('Link'), 'https://example.org/servers');
    await userEvent.type(screen.getByLabelText('Description'), 'Serving at Mass');
    await userEvent.click(screen.getByRole('button', { name: 'Add Group' }));
    expect(await screen.findByText('groupLink must be a valid URL')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/group-formation');
    expect(screen.getByLabelText('Name')).toHaveValue('Altar Servers');
    expect(screen.getByLabelText('Description')).toHaveValue('Serving at Mass');
    expect(screen.getByRole('button', { name: 'Add Group' })).toBeEnabled();
  });

  it('disables the button with a spinner while saving', async () => {
    let answer: (value: [number, unknown]) => void = () => undefined;
    stubApi({
      [`POST /add/group/${userId}`]: () => new Promise((resolve) => (answer = resolve)),
      'GET /all/groups': () => ok([bare]),
    });
    render('/group-formation');
    await userEvent.type(screen.getByLabelText('Name'), bare.groupName);
    await userEvent.type(screen.getByLabelText('Link'), bare.groupLink);
    await userEvent.type(screen.getByLabelText('Description'), bare.groupDescription);
    await userEvent.click(screen.getByRole('button', { name: 'Add Group' }));
    await waitFor(() => expect(screen.getByRole('button', { name: /Add Group/ })).toBeDisabled());
    answer([201, { message: 'Group added successfully', data: bare }]);
    expect(await screen.findByText('Group added successfully')).toBeInTheDocument();
  });
});

describe('Group details', () => {
  it('shows the group, with Edit Group and Back to the list', async () => {
    stubApi({ [`GET /single/group/${group._id}`]: () => ok(group) });
    render(`/group/${group._id}`);
    expect(await screen.findByRole('heading', { name: group.groupName })).toBeInTheDocument();
    expect(screen.getByText(group.groupDescription)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: group.groupLink })).toHaveAttribute('href', group.groupLink);
    expect(screen.getByRole('img', { name: 'Picture of Youth Choir' })).toHaveAttribute('src', group.groupImage);
    expect(screen.getByText('04/03/2026')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Edit Group' })).toHaveAttribute('href', `/group/edit/${group._id}`);
    expect(screen.getByRole('link', { name: 'Back' })).toHaveAttribute('href', '/group-list');
  });

  it('deletes after confirmation and returns to the list', async () => {
    const calls = stubApi({
      [`GET /single/group/${group._id}`]: () => ok(group),
      [`DELETE /group/${userId}/${group._id}`]: () => [200, { message: 'Group deleted successfully' }],
      'GET /all/groups': () => ok([]),
    });
    const { router } = render(`/group/${group._id}`);
    await userEvent.click(await screen.findByRole('button', { name: 'Delete Group' }));
    const dialog = screen.getByRole('dialog');
    expect(dialog).toHaveTextContent('Are you sure you want to delete this group?');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(calls.some((call) => call.method === 'DELETE')).toBe(false);

    await userEvent.click(screen.getByRole('button', { name: 'Delete Group' }));
    await userEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Group deleted successfully')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/group-list'));
    expect(await screen.findByText('No groups available.')).toBeInTheDocument();
  });

  it('shows the red toast when the delete fails, and stays', async () => {
    stubApi({
      [`GET /single/group/${group._id}`]: () => ok(group),
      [`DELETE /group/${userId}/${group._id}`]: () => [404, { message: 'Group not found' }],
    });
    const { router } = render(`/group/${group._id}`);
    await userEvent.click(await screen.findByRole('button', { name: 'Delete Group' }));
    await userEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Group not found')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(`/group/${group._id}`);
  });

  it("says 'Group details not found.' when the group does not exist", async () => {
    stubApi({ [`GET /single/group/${group._id}`]: () => [404, { message: 'Group not found' }] });
    render(`/group/${group._id}`);
    expect(await screen.findByText('Group details not found.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Groups' })).toHaveAttribute('href', '/group-list');
  });
});

describe('Edit Group', () => {
  it('is prefilled, keeps the old picture when none is chosen, then shows the details', async () => {
    const calls = stubApi({
      [`GET /single/group/${group._id}`]: () => ok(group),
      [`POST /edit/group/${userId}/${group._id}`]: () => [200, { message: 'Group updated successfully', data: group }],
    });
    const { router } = render(`/group/edit/${group._id}`);
    const name = await screen.findByLabelText('Name');
    expect(name).toHaveValue(group.groupName);
    expect(screen.getByLabelText('Link')).toHaveValue(group.groupLink);
    expect(screen.getByLabelText('Description')).toHaveValue(group.groupDescription);
    expect(screen.getByAltText('Image preview')).toHaveAttribute('src', group.groupImage);
    // Deviation: Back goes to the group's details (spec: /group-formation/{id}, which does not exist).
    expect(screen.getByRole('link', { name: 'Back' })).toHaveAttribute('href', `/group/${group._id}`);
    await userEvent.clear(name);
    await userEvent.type(name, 'Youth Choir (Sunday)');
    await userEvent.click(screen.getByRole('button', { name: 'Save Changes' }));

    expect(await screen.findByText('Group updated successfully')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe(`/group/${group._id}`));
    const body = postBody(calls);
    expect(body.get('groupName')).toBe('Youth Choir (Sunday)');
    expect(body.get('groupImage')).toBe(group.groupImage);
  });

  it('sends a new picture when one is chosen, and none for a group without', async () => {
    const calls = stubApi({
      [`GET /single/group/${bare._id}`]: () => ok(bare),
      [`POST /edit/group/${userId}/${bare._id}`]: () => [200, { message: 'Group updated successfully', data: bare }],
    });
    render(`/group/edit/${bare._id}`);
    await screen.findByLabelText('Name');
    expect(screen.queryByAltText('Image preview')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    await screen.findByText('Group updated successfully');
    expect(postBody(calls).has('groupImage')).toBe(false);
  });

  it('shows the red toast and keeps the edits when the save fails', async () => {
    stubApi({
      [`GET /single/group/${group._id}`]: () => ok(group),
      [`POST /edit/group/${userId}/${group._id}`]: () => [404, { message: 'Group not found' }],
    });
    const { router } = render(`/group/edit/${group._id}`);
    const name = await screen.findByLabelText('Name');
    await userEvent.clear(name);
    await userEvent.type(name, 'Renamed');
    await userEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Group not found')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(`/group/edit/${group._id}`);
    expect(screen.getByLabelText('Name')).toHaveValue('Renamed');
  });

  it("says 'Group details not found.' for an unknown group", async () => {
    stubApi({ [`GET /single/group/${group._id}`]: () => [404, { message: 'Group not found' }] });
    render(`/group/edit/${group._id}`);
    expect(await screen.findByText('Group details not found.')).toBeInTheDocument();
  });
});
