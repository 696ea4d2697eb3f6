import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderRoutes, stubApi } from '../testing';
import { SetPasswordScreen } from './SetPasswordScreen';

const routes = [
  { path: '/set-password', element: <SetPasswordScreen /> },
  { path: '/login', element: <h1>Login page</h1> },
];

async function fill(password: string, again = password) {
  await userEvent.type(screen.getByLabelText('New password'), password);
  await userEvent.type(screen.getByLabelText('Confirm new password'), again);
  await userEvent.click(screen.getByRole('button', { name: 'Set password' }));
}

describe('the set-password page a one-time link opens', () => {
  it('asks for 12 characters and the same password twice, before any call', async () => {
    const calls = stubApi({});
    renderRoutes(routes, '/set-password?token=abc');
    await fill('too short', 'too shore');
    expect(await screen.findByText('The new password must be at least 12 characters long')).toBeInTheDocument();
    expect(screen.getByText('The two passwords are not the same')).toBeInTheDocument();
    // One problem, one message: the strength hint does not say it again.
    expect(screen.queryByText(/Too short/)).not.toBeInTheDocument();
    expect(calls).toEqual([]);
  });

  it('sets the password with the link and leads to the login, saying so', async () => {
    const calls = stubApi({
      'POST /account/set-password': () => [200, { message: 'Password set. You can now log in.' }],
    });
    renderRoutes(routes, '/set-password?token=abc');
    await fill('a parish password, chosen');
    expect(await screen.findByRole('heading', { name: 'Login page' })).toBeInTheDocument();
    expect(await screen.findByText('Password set. You can now log in.')).toBeInTheDocument();
    expect(calls.map((call) => call.body)).toEqual([{ token: 'abc', password: 'a parish password, chosen' }]);
  });

  it('says why a used or expired link is refused, and keeps what was typed', async () => {
    stubApi({
      'POST /account/set-password': () => [
        400,
        { message: 'This link is not valid or has expired. Ask for a new one.' },
      ],
    });
    renderRoutes(routes, '/set-password?token=used');
    await fill('a parish password, chosen');
    expect(await screen.findByText('This link is not valid or has expired. Ask for a new one.')).toBeInTheDocument();
    expect(screen.getByLabelText('New password')).toHaveValue('a parish password, chosen');
    expect(screen.getByRole('heading', { name: 'Set your password' })).toBeInTheDocument();
  });

  it('says a link without its token is not complete', () => {
    renderRoutes(routes, '/set-password');
    expect(
      screen.getByText('This link is not complete. Open the whole link you were given, or ask for a new one.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to the login' })).toHaveAttribute('href', '/login');
  });
});
