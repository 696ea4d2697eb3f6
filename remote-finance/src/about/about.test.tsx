import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { session } from 'shared';
import { type About } from './api';
import { renderRoutes, signIn, stubApi } from 'shared/testing';
import App from '../App';

const userId = '0123456789abcdef01234567';
const about: About = {
  _id: 'a'.repeat(24),
  text: 'St. Mary Parish is a welcoming community of faith.',
  createdAt: '2026-03-01T08:00:00.000Z',
};
const second: About = {
  _id: 'b'.repeat(24),
  text: 'A second item, never shown.',
  createdAt: '2026-03-02T08:00:00.000Z',
};

const render = (path: string) => renderRoutes([{ path: '*', element: <App /> }], path);
const ok = (data: unknown): [number, unknown] => [200, { message: 'ok', data }];

beforeEach(() => {
  localStorage.clear();
  session.clear();
  signIn(userId);
});

describe('About Us', () => {
  it('shows the first item’s text with Edit About Us, and no Add button', async () => {
    stubApi({ 'GET /about': () => ok([about, second]) });
    render('/about');
    expect(await screen.findByText(about.text)).toBeInTheDocument();
    expect(screen.queryByText(second.text)).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Edit About Us' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Add About Us' })).not.toBeInTheDocument();
  });

  it('without content: the empty text and Add About Us to /add-about', async () => {
    stubApi({ 'GET /about': () => ok([]) });
    render('/about');
    expect(await screen.findByText('No about us content available.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Add About Us' })).toHaveAttribute('href', '/add-about');
    expect(screen.queryByRole('button', { name: 'Edit About Us' })).not.toBeInTheDocument();
  });

  it('edits in a modal prefilled with the text: required, Cancel closes, Save sends, closes and reloads', async () => {
    let saved = false;
    const calls = stubApi({
      'GET /about': () => ok([saved ? { ...about, text: 'We serve the city.' } : about]),
      [`PUT /edit/about/${userId}/${about._id}`]: () => {
        saved = true;
        return ok({ ...about, text: 'We serve the city.' });
      },
    });
    render('/about');
    await userEvent.click(await screen.findByRole('button', { name: 'Edit About Us' }));
    let dialog = screen.getByRole('dialog', { name: 'Edit About Us' });
    expect(within(dialog).getByLabelText('About Us')).toHaveValue(about.text);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Edit About Us' }));
    dialog = screen.getByRole('dialog', { name: 'Edit About Us' });
    await userEvent.clear(within(dialog).getByLabelText('About Us'));
    await userEvent.tab();
    expect(await within(dialog).findByText('About us content is required')).toBeInTheDocument();
    await userEvent.type(within(dialog).getByLabelText('About Us'), 'We serve the city.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('About us updated successfully')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls.find((call) => call.method === 'PUT')!.body).toEqual({ text: 'We serve the city.' });
    expect(await screen.findByText('We serve the city.')).toBeInTheDocument();
  });
});

describe('Add About Us', () => {
  it('says the text already exists instead of offering a form that could only fail', async () => {
    stubApi({ 'GET /about': () => ok([about]) });
    render('/add-about');
    expect(await screen.findByText('About Us already has its text: edit it on the About Us page.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to About Us' })).toHaveAttribute('href', '/about');
    expect(screen.queryByLabelText('About Us')).not.toBeInTheDocument();
  });

  it("requires the text ('About us content is required'), sends it and goes back to /about", async () => {
    let added = false;
    const calls = stubApi({
      [`POST /post/about/${userId}`]: () => {
        added = true;
        return [201, { message: 'About us added successfully', data: about }];
      },
      'GET /about': () => ok(added ? [about] : []),
    });
    const { router } = render('/add-about');
    expect(await screen.findByRole('link', { name: 'Back' })).toHaveAttribute('href', '/about');
    await userEvent.click(screen.getByRole('button', { name: 'Add About Us' }));
    expect(await screen.findByText('About us content is required')).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'POST')).toHaveLength(0);

    await userEvent.type(screen.getByLabelText('About Us'), `  ${about.text}  `);
    await userEvent.click(screen.getByRole('button', { name: 'Add About Us' }));
    expect(await screen.findByText('About us added successfully')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/about'));
    expect(calls.find((call) => call.method === 'POST')!.body).toEqual({ text: about.text });
    expect(await screen.findByText(about.text)).toBeInTheDocument();
  });
});
