import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Form, Formik } from 'formik';
import { Navigate } from 'react-router-dom';
import { FormButtons, LoginScreen, notify, session, TextField, useSession } from 'shared';
import { renderRoutes, signIn, stubApi, type StubHandler } from 'shared/testing';
import { apiClient } from '../api/client';

const userId = signIn();
const otherId = 'fedcba9876543210fedcba98';
const expired: StubHandler = () => [401, { message: 'Your session has expired. Please log in again.' }];
const loginAs =
  (id: string): StubHandler =>
  () => [
    200,
    {
      message: 'Login Successful',
      token: `token-of-${id}`,
      doesUserEmailExist: { _id: id, email: 'admin@example.com' },
    },
  ];

/** A form of the apps: a field, and Save posting it. */
function PrayerForm() {
  return (
    <Formik
      initialValues={{ title: '' }}
      onSubmit={async (values) => {
        try {
          await apiClient.post(`/add/prayer/${userId}`, values);
          notify.success('Prayer added successfully');
        } catch {
          // The client reported it.
        }
      }}
    >
      {({ isSubmitting }) => (
        <Form>
          <TextField name="title" label="Title" />
          <FormButtons busy={isSubmitting} />
        </Form>
      )}
    </Formik>
  );
}

/** As the shell: /login without a session, the screen with one. */
function Guarded({ children }: { children: React.ReactNode }) {
  return useSession() ? <>{children}</> : <Navigate to="/login" />;
}

const show = (element: React.ReactNode) =>
  renderRoutes(
    [
      { path: '/add-prayer', element: <Guarded>{element}</Guarded> },
      { path: '/login', element: <LoginScreen /> },
    ],
    '/add-prayer',
  );

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
  signIn();
});

describe('a session that ends while a form holds unsaved input', () => {
  it('asks to sign in over the form, keeps what was typed, and sends the save again once', async () => {
    let refused = true;
    const calls = stubApi({
      [`POST /add/prayer/${userId}`]: (call) => (refused ? expired(call) : [201, { message: 'ok', data: {} }]),
      'POST /admin/login': (call) => {
        refused = false;
        return loginAs(userId)(call);
      },
    });
    show(<PrayerForm />);
    await userEvent.type(screen.getByLabelText('Title'), 'Angelus');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));

    const dialog = await screen.findByRole('dialog', { name: 'Your session has expired' });
    expect(screen.getByLabelText('Email')).toHaveValue('admin@example.com');
    // The email is filled in already: what is left to type has the focus.
    expect(screen.getByLabelText('Password')).toHaveFocus();
    await userEvent.type(screen.getByLabelText('Password'), 'secret-password');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));

    expect(await screen.findByText('Prayer added successfully')).toBeInTheDocument();
    expect(dialog).not.toBeInTheDocument();
    expect(screen.getByLabelText('Title')).toHaveValue('Angelus');
    const saves = calls.filter((call) => call.url === `/add/prayer/${userId}`);
    expect(saves).toHaveLength(2);
    expect(saves[1].body).toEqual({ title: 'Angelus' });
    expect(saves[1].headers.Authorization).toBe(`Bearer token-of-${userId}`);
    expect(screen.queryByText('Your session has expired. Please log in again.')).not.toBeInTheDocument();
  });

  it('asks the authentication code of an account with two-factor sign-in, then sends the save again', async () => {
    let refused = true;
    const calls = stubApi({
      [`POST /add/prayer/${userId}`]: (call) => (refused ? expired(call) : [201, { message: 'ok', data: {} }]),
      'POST /admin/login': () => [
        200,
        { message: 'Enter the code from your authenticator app', twoFactorRequired: true, challenge: 'c' },
      ],
      'POST /admin/login/two-factor': (call) => {
        refused = false;
        return loginAs(userId)(call);
      },
    });
    show(<PrayerForm />);
    await userEvent.type(screen.getByLabelText('Title'), 'Angelus');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    const dialog = await screen.findByRole('dialog', { name: 'Your session has expired' });
    await userEvent.type(screen.getByLabelText('Password'), 'secret-password');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    await userEvent.type(await screen.findByLabelText('Authentication code'), '123456');
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('Prayer added successfully')).toBeInTheDocument();
    expect(dialog).not.toBeInTheDocument();
    expect(calls.find((call) => call.url === '/admin/login/two-factor')?.body).toEqual({
      challenge: 'c',
      code: '123456',
    });
  });

  it('sets up two-factor sign-in when the team requires it, then sends the save again after the recovery codes', async () => {
    let refused = true;
    const calls = stubApi({
      [`POST /add/prayer/${userId}`]: (call) => (refused ? expired(call) : [201, { message: 'ok', data: {} }]),
      'POST /admin/login': () => [
        200,
        {
          message: 'Your team requires two-factor sign-in for every Admin. Set it up now to sign in.',
          enrolmentRequired: true,
          enrolment: 'e',
        },
      ],
      'POST /admin/login/two-factor/setup': () => [
        200,
        {
          message: 'ok',
          data: { secret: 'JBSWY3DPEHPK3PXP', uri: 'otpauth://totp/x', qrCode: 'data:image/svg+xml;base64,' },
        },
      ],
      'POST /admin/login/two-factor/enable': (call) => {
        refused = false;
        const [status, body] = loginAs(userId)(call) as [number, object];
        return [status, { ...body, recoveryCodes: ['abcde-fghij'] }];
      },
    });
    show(<PrayerForm />);
    await userEvent.type(screen.getByLabelText('Title'), 'Angelus');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    const dialog = await screen.findByRole('dialog', { name: 'Your session has expired' });
    await userEvent.type(screen.getByLabelText('Password'), 'secret-password');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText(/Your team requires two-factor sign-in for every Admin/)).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Authentication code'), '123456');
    await userEvent.click(screen.getByRole('button', { name: 'Turn on and sign in' }));
    await screen.findByText('abcde-fghij');
    expect(calls.filter((call) => call.url === `/add/prayer/${userId}`)).toHaveLength(1);
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('Prayer added successfully')).toBeInTheDocument();
    expect(dialog).not.toBeInTheDocument();
    expect(screen.getByLabelText('Title')).toHaveValue('Angelus');
  });

  it('signs in the same account only', async () => {
    const calls = stubApi({ [`POST /add/prayer/${userId}`]: expired, 'POST /admin/login': loginAs(otherId) });
    show(<PrayerForm />);
    await userEvent.type(screen.getByLabelText('Title'), 'Angelus');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByRole('dialog', { name: 'Your session has expired' });
    await userEvent.clear(screen.getByLabelText('Email'));
    await userEvent.type(screen.getByLabelText('Email'), 'someone@example.com');
    await userEvent.type(screen.getByLabelText('Password'), 'secret-password');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));

    expect(
      await screen.findByText('This is another account. Sign in as admin@example.com to keep your work, or log out.'),
    ).toBeInTheDocument();
    expect(localStorage.getItem('token')).toBe('test-token');
    expect(calls.filter((call) => call.url === `/add/prayer/${userId}`)).toHaveLength(1);
  });

  it('sends a call again once only: refused again, the session ends', async () => {
    const calls = stubApi({ [`POST /add/prayer/${userId}`]: expired, 'POST /admin/login': loginAs(userId) });
    show(<PrayerForm />);
    await userEvent.type(screen.getByLabelText('Title'), 'Angelus');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByRole('dialog', { name: 'Your session has expired' });
    await userEvent.type(screen.getByLabelText('Password'), 'secret-password');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('Your session has expired. Please log in again.')).toBeInTheDocument();
    expect(calls.filter((call) => call.url === `/add/prayer/${userId}`)).toHaveLength(2);
  });

  it('Log out ends the session and the login screen says why', async () => {
    stubApi({ [`POST /add/prayer/${userId}`]: expired });
    show(<PrayerForm />);
    await userEvent.type(screen.getByLabelText('Title'), 'Angelus');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByRole('dialog', { name: 'Your session has expired' });
    await userEvent.click(screen.getByRole('button', { name: 'Log out' }));
    expect(await screen.findByText('Your session has expired. Please log in again.')).toBeInTheDocument();
    expect(localStorage.getItem('token')).toBeNull();
  });

  it('a sign-in in another tab, as the same account, ends the dialog and sends the call again', async () => {
    let refused = true;
    stubApi({
      [`POST /add/prayer/${userId}`]: (call) => (refused ? expired(call) : [201, { message: 'ok', data: {} }]),
    });
    show(<PrayerForm />);
    await userEvent.type(screen.getByLabelText('Title'), 'Angelus');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByRole('dialog', { name: 'Your session has expired' });
    refused = false;
    act(() => {
      localStorage.setItem('token', 'from-the-other-tab');
      window.dispatchEvent(new StorageEvent('storage', { key: 'token' }));
    });
    expect(await screen.findByText('Prayer added successfully')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });
});

describe('a call refused after the session was renewed', () => {
  it('is sent again under the new session, without asking or ending it', async () => {
    let answer: (value: [number, unknown]) => void = () => undefined;
    const calls = stubApi({
      [`POST /add/prayer/${userId}`]: (call) =>
        call.headers.Authorization === 'Bearer test-token'
          ? new Promise((resolve) => (answer = resolve))
          : [201, { message: 'ok', data: {} }],
    });
    show(<p>A screen</p>);
    const saving = apiClient.post(`/add/prayer/${userId}`, { title: 'Angelus' });
    await waitFor(() => expect(calls).toHaveLength(1));
    act(() => session.save({ token: 'renewed-token', user: { _id: userId, email: 'admin@example.com' } }));
    answer([401, { message: 'Your session has expired. Please log in again.' }]);
    await act(async () => {
      await expect(saving).resolves.toMatchObject({ status: 201 });
    });
    expect(calls[1].headers.Authorization).toBe('Bearer renewed-token');
    expect(localStorage.getItem('token')).toBe('renewed-token');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});

describe('a session that ends with nothing unsaved on screen', () => {
  it('goes to the login screen, which says why', async () => {
    stubApi({ 'GET /get/prayers': expired });
    show(<p>The prayers</p>);
    await act(async () => {
      await expect(apiClient.get('/get/prayers')).rejects.toThrow();
    });
    expect(await screen.findByText('Your session has expired. Please log in again.')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(
      screen.queryByText('Your session has expired. Please log in again.', { selector: '.Toastify *' }),
    ).toBeNull();
  });
});
