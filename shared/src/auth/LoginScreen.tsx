import { lazy, Suspense, useState, type FormEvent } from 'react';
import styled from 'styled-components';
import { sendAhead } from '../api/sentAhead';
import { UNREACHABLE_MESSAGE } from '../api/unreachable';
import { FieldFrame, Input } from '../forms/FieldFrame';
import { sessionExpired } from '../session/session';
import { Button } from '../ui/Button';
import { noticeCss } from '../ui/notice';
import { LoadingBlock } from '../ui/Spinner';
import type { SignInStep } from './auth';
import { AuthCard, AuthPage } from './AuthCard';
import { credentialErrors, type Credentials } from './credentials';

// The login page loads the password form alone. The press of Login sends the call (`sendAhead`); the
// API client that reads its answer, the toasts, the form and schema libraries and the two-factor steps
// load meanwhile.
const SecondStep = lazy(() => import('./SecondStep'));
const ForgotPassword = lazy(() => import('./ForgotPassword'));

const Notice = styled.p`
  && {
    ${noticeCss('note')}
  }
`;

// A quiet text button under Login: the one way to the forgotten password's form.
const Forgot = styled.button`
  display: block;
  margin: ${({ theme }) => theme.space(3)} auto 0;
  padding: ${({ theme }) => theme.space(1)};
  border: 0;
  background: none;
  color: ${({ theme }) => theme.color.primary};
  font: inherit;
  cursor: pointer;
  text-decoration: underline;
`;

type Touched = Record<keyof Credentials, boolean>;

function PasswordForm({ onStep }: { onStep: (step: SignInStep) => void }) {
  const [values, setValues] = useState<Credentials>({ email: '', password: '' });
  const [touched, setTouched] = useState<Touched>({ email: false, password: false });
  const [submitting, setSubmitting] = useState(false);
  const [unreachable, setUnreachable] = useState(false);
  const errors = credentialErrors(values);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (submitting) return;
    setTouched({ email: true, password: true });
    if (Object.keys(errors).length > 0) return;
    setSubmitting(true);
    setUnreachable(false);
    const credentials = { email: values.email.trim(), password: values.password };
    // The call leaves now; the code that reads its answer comes meanwhile.
    const sent = sendAhead('/api/v1/admin/login', credentials);
    try {
      const { logIn } = await import('./auth').catch((error: unknown) => {
        // The rest of the app could not be fetched: nothing else can say so yet.
        setUnreachable(true);
        throw error;
      });
      const step = await logIn(credentials, sent);
      if (step) onStep(step);
    } catch {
      // The API client has shown the server's message; the typed values stay.
    } finally {
      setSubmitting(false);
    }
  };

  const field = (name: keyof Credentials, label: string, autoComplete: string) => (
    <FieldFrame label={label} error={touched[name] ? errors[name] : undefined}>
      {({ id, invalid, describedBy }) => (
        <Input
          id={id}
          name={name}
          type={name}
          autoComplete={autoComplete}
          value={values[name]}
          onChange={(event) => setValues((typed) => ({ ...typed, [name]: event.target.value }))}
          onBlur={() => setTouched((was) => ({ ...was, [name]: true }))}
          $invalid={invalid}
          aria-invalid={invalid || undefined}
          aria-describedby={describedBy}
        />
      )}
    </FieldFrame>
  );

  return (
    <form noValidate onSubmit={(event) => void submit(event)}>
      {unreachable && <Notice role="alert">{UNREACHABLE_MESSAGE}</Notice>}
      {field('email', 'Email', 'username')}
      {field('password', 'Password', 'current-password')}
      <Button type="submit" busy={submitting}>
        Login
      </Button>
    </form>
  );
}

/**
 * 'Welcome Admin' (spec §2 Public routes). A successful login saves the session; whoever renders
 * this screen reacts to the session and decides where to go. An account with two-factor sign-in is
 * asked its code after the password; an Admin without it, while the team requires it of every Admin,
 * sets it up first.
 */
export function LoginScreen() {
  // Read once: the notice stays while this screen is shown, and the next login clears it.
  const [expired] = useState(sessionExpired);
  const [step, setStep] = useState<SignInStep>();
  const [forgot, setForgot] = useState(false);
  if (step || forgot) {
    return (
      <Suspense
        fallback={
          <AuthPage>
            <AuthCard>
              <LoadingBlock />
            </AuthCard>
          </AuthPage>
        }
      >
        {step ? (
          <SecondStep step={step} onBack={() => setStep(undefined)} />
        ) : (
          <ForgotPassword onBack={() => setForgot(false)} />
        )}
      </Suspense>
    );
  }
  return (
    <AuthPage>
      <AuthCard>
        <h1>Welcome Admin</h1>
        <p>Sign in to manage the community app.</p>
        {expired && <Notice role="status">Your session has expired. Please log in again.</Notice>}
        <PasswordForm onStep={setStep} />
        <Forgot type="button" onClick={() => setForgot(true)}>
          Forgot password?
        </Forgot>
      </AuthCard>
    </AuthPage>
  );
}
