import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AxiosError } from 'axios';
import { UNREACHABLE_MESSAGE } from '../api/unreachable';
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

  it('keeps a refused code’s words by the field, and a success leaves no red toast beside it', async () => {
    const wrong = 'The code is not correct. Check your authenticator app and try again.';
    let answers = 0;
    stubApi({
      'POST /admin/login': challenged,
      'POST /admin/login/two-factor': (call) => (++answers === 1 ? [401, { message: wrong }] : signedIn(call)),
    });
    await password();
    const code = await screen.findByLabelText('Authentication code');
    await userEvent.type(code, '111111');
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(code).toHaveAccessibleDescription(expect.stringContaining(wrong)));
    expect(code).toHaveValue('');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    await userEvent.type(code, '222222');
    expect(code).not.toHaveAccessibleDescription(expect.stringContaining(wrong));
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('Login Successful')).toBeInTheDocument();
    expect(screen.queryByText(wrong)).not.toBeInTheDocument();
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

describe('the login’s enrolment step (two-factor sign-in required for every Admin)', () => {
  const enrolment: StubHandler = () => [
    200,
    {
      message: 'Your team requires two-factor sign-in for every Admin. Set it up now to sign in.',
      enrolmentRequired: true,
      enrolment: 'the-ticket',
    },
  ];
  const setup: StubHandler = () => [
    200,
    {
      message: 'Scan the QR code with your authenticator app',
      data: {
        secret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
        uri: 'otpauth://totp/x',
        qrCode: 'data:image/svg+xml;base64,PHN2Zy8+',
      },
    },
  ];
  const recoveryCodes = Array.from({ length: 10 }, (_, i) => `abcd${i}-efgh${i}`);
  const enrolled: StubHandler = () => [
    200,
    { message: 'Login Successful', token: 'tok', doesUserEmailExist: admin, recoveryCodes },
  ];

  it('says the team requires it, shows the QR code and the key, and signs in after the recovery codes', async () => {
    const calls = stubApi({
      'POST /admin/login': enrolment,
      'POST /admin/login/two-factor/setup': setup,
      'POST /admin/login/two-factor/enable': enrolled,
    });
    await password();
    expect(await screen.findByRole('heading', { name: 'Set up two-factor sign-in' })).toBeInTheDocument();
    expect(screen.getByText(/Your team requires two-factor sign-in for every Admin/)).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'QR code to scan with your authenticator app' })).toHaveAttribute(
      'src',
      'data:image/svg+xml;base64,PHN2Zy8+',
    );
    expect(screen.getByLabelText('Key to type into your authenticator app')).toHaveTextContent(
      'JBSW Y3DP EHPK 3PXP JBSW Y3DP EHPK 3PXP',
    );
    expect(session.get()).toBeNull();

    await userEvent.type(screen.getByLabelText('Authentication code'), '123 456');
    await userEvent.click(screen.getByRole('button', { name: 'Turn on and sign in' }));
    const box = await screen.findByRole('status', { name: 'Recovery codes' });
    expect(
      within(box)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(recoveryCodes);
    // Not signed in yet: the codes stay on screen until they are saved.
    expect(session.get()).toBeNull();
    await userEvent.click(within(box).getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(session.get()?.token).toBe('tok'));
    expect(await screen.findByText('Login Successful')).toBeInTheDocument();
    expect(calls.map((call) => [call.url, call.body])).toEqual([
      ['/admin/login', { email: admin.email, password: 'a parish password' }],
      ['/admin/login/two-factor/setup', { enrolment: 'the-ticket' }],
      ['/admin/login/two-factor/enable', { enrolment: 'the-ticket', code: '123456' }],
    ]);
  });

  it('says why a code is refused, empties the field, and goes back to the password', async () => {
    stubApi({
      'POST /admin/login': enrolment,
      'POST /admin/login/two-factor/setup': setup,
      'POST /admin/login/two-factor/enable': () => [
        400,
        { message: 'The code is not correct. Check that the time on your phone is right and try again.' },
      ],
    });
    await password();
    await userEvent.type(await screen.findByLabelText('Authentication code'), '123456');
    await userEvent.click(screen.getByRole('button', { name: 'Turn on and sign in' }));
    expect(
      await screen.findByText('The code is not correct. Check that the time on your phone is right and try again.'),
    ).toBeInTheDocument();
    expect(screen.getByLabelText('Authentication code')).toHaveValue('');
    expect(session.get()).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Back' }));
    expect(screen.getByRole('heading', { name: 'Welcome Admin' })).toBeInTheDocument();
  });

  it('stays on the password when the set-up cannot be fetched, saying why', async () => {
    stubApi({
      'POST /admin/login': enrolment,
      'POST /admin/login/two-factor/setup': () => [401, { message: 'This sign-in has expired. Please log in again.' }],
    });
    await password();
    expect(await screen.findByText('This sign-in has expired. Please log in again.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Welcome Admin' })).toBeInTheDocument();
    expect(session.get()).toBeNull();
  });
});

describe('the login’s messages', () => {
  it('shows its field errors in the red of every other form', async () => {
    renderRoutes([{ path: '/login', element: <LoginScreen /> }], '/login');
    await userEvent.click(screen.getByRole('button', { name: 'Login' }));
    const error = await screen.findByText('Email is required');
    expect(getComputedStyle(error).color).toBe('rgb(180, 35, 24)');
  });

  it('says so when the server cannot be reached, and keeps what was typed', async () => {
    stubApi({
      'POST /admin/login': () => {
        throw new AxiosError('Network Error', AxiosError.ERR_NETWORK);
      },
    });
    await password();
    expect(await screen.findByText(UNREACHABLE_MESSAGE)).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveValue(admin.email);
    expect(screen.getByLabelText('Password')).toHaveValue('a parish password');
    expect(session.get()).toBeFalsy();
  });

  it('clears a failed login’s toast once a login succeeds', async () => {
    let attempts = 0;
    stubApi({
      'POST /admin/login': (call) =>
        ++attempts === 1 ? [401, { message: 'Invalid email or password' }] : signedIn(call),
    });
    await password();
    const failed = await screen.findByText('Invalid email or password');
    await userEvent.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByText('Login Successful')).toBeInTheDocument();
    // jsdom plays no animation: its end is sent by hand, as the browser would once the toast has left.
    await waitFor(() => {
      fireEvent.animationEnd(failed);
      expect(failed).not.toBeInTheDocument();
    });
  });
});

describe('Forgot password?', () => {
  const ANSWER =
    'If an account uses this email, a link to set a new password is on its way to it. It works once, within 1 hour.';

  it('asks for the email, shows the server’s one answer, and goes back to the login', async () => {
    const calls = stubApi({ 'POST /account/forgot-password': () => [200, { message: ANSWER }] });
    renderRoutes([{ path: '/login', element: <LoginScreen /> }], '/login');
    await userEvent.click(screen.getByRole('button', { name: 'Forgot password?' }));
    expect(await screen.findByRole('heading', { name: 'Forgot password?' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Send link' }));
    expect(await screen.findByText('Email is required')).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Email'), ' grace@parish.org ');
    await userEvent.click(screen.getByRole('button', { name: 'Send link' }));
    expect(await screen.findByRole('status')).toHaveTextContent(ANSWER);
    expect(calls.map((call) => [call.url, call.body])).toEqual([
      ['/account/forgot-password', { email: 'grace@parish.org' }],
    ]);
    await userEvent.click(screen.getByRole('button', { name: 'Back to the login' }));
    expect(await screen.findByRole('heading', { name: 'Welcome Admin' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Login' })).toBeInTheDocument();
  });

  it('says a refusal in the server’s words and keeps the email typed', async () => {
    stubApi({
      'POST /account/forgot-password': () => [
        429,
        { message: 'Too many attempts. Please wait 1 minute and try again.' },
      ],
    });
    renderRoutes([{ path: '/login', element: <LoginScreen /> }], '/login');
    await userEvent.click(screen.getByRole('button', { name: 'Forgot password?' }));
    await userEvent.type(await screen.findByLabelText('Email'), 'grace@parish.org');
    await userEvent.click(screen.getByRole('button', { name: 'Send link' }));
    expect(await screen.findByText('Too many attempts. Please wait 1 minute and try again.')).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveValue('grace@parish.org');
  });
});
