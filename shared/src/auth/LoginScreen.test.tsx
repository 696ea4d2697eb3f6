import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderRoutes, stubApi, type StubHandler } from '../testing';
import { session } from '../session/session';
import { LoginScreen } from './LoginScreen';

const admin = { _id: '0123456789abcdef01234567', email: 'admin@example.com' };
const challenged: StubHandler = () => [
  200,
  { message: 'Enter the code from your authenticator app', twoFactorRequired: true, challenge: 'the-challenge' },
];
const signedIn: StubHandler = () => [200, { message: 'Login Successful', token: 'tok', doesUserEmailExist: admin }];

async function password() {
  renderRoutes([{ path: '/login', element: <LoginScreen /> }], '/login');
  await userEvent.type(screen.getByLabelText('Email'), admin.email);
  await userEvent.type(screen.getByLabelText('Password'), 'a parish password');
  await userEvent.click(screen.getByRole('button', { name: 'Login' }));
}

beforeEach(() => session.clear());

describe('the login’s code step (two-factor sign-in)', () => {
  it('asks for the authentication code after the password, and signs in with it', async () => {
    const calls = stubApi({ 'POST /admin/login': challenged, 'POST /admin/login/two-factor': signedIn });
    await password();
    const code = await screen.findByLabelText('Authentication code');
    expect(screen.getByRole('heading', { name: 'Two-factor sign-in' })).toBeInTheDocument();
    expect(session.get()).toBeNull();
    await userEvent.type(code, '123 456');
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(session.get()?.token).toBe('tok'));
    expect(await screen.findByText('Login Successful')).toBeInTheDocument();
    expect(calls.map((call) => [call.url, call.body])).toEqual([
      ['/admin/login', { email: admin.email, password: 'a parish password' }],
      ['/admin/login/two-factor', { challenge: 'the-challenge', code: '123456' }],
    ]);
  });

  it('says why a code is refused, empties the field for the next one, and takes a recovery code', async () => {
    let answers = 0;
    const calls = stubApi({
      'POST /admin/login': challenged,
      'POST /admin/login/two-factor': (call) =>
        ++answers === 1
          ? [401, { message: 'This code has already been used. Wait for the next one.' }]
          : signedIn(call),
    });
    await password();
    await userEvent.type(await screen.findByLabelText('Authentication code'), '123456');
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('This code has already been used. Wait for the next one.')).toBeInTheDocument();
    expect(screen.getByLabelText('Authentication code')).toHaveValue('');
    expect(session.get()).toBeNull();
    await userEvent.type(screen.getByLabelText('Authentication code'), 'abcde-fghij');
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(session.get()?.token).toBe('tok'));
    expect(calls.at(-1)?.body).toEqual({ challenge: 'the-challenge', code: 'abcde-fghij' });
  });

  it('asks for a code before any call, and goes back to the password', async () => {
    const calls = stubApi({ 'POST /admin/login': challenged });
    await password();
    await screen.findByLabelText('Authentication code');
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('Enter the code from your authenticator app')).toBeInTheDocument();
    expect(calls).toHaveLength(1);
    await userEvent.click(screen.getByRole('button', { name: 'Back' }));
    expect(screen.getByRole('heading', { name: 'Welcome Admin' })).toBeInTheDocument();
  });

  it('signs in at once an account without a second factor (the spec’s login)', async () => {
    stubApi({ 'POST /admin/login': signedIn });
    await password();
    await waitFor(() => expect(session.get()?.token).toBe('tok'));
    expect(screen.queryByLabelText('Authentication code')).not.toBeInTheDocument();
  });
});
