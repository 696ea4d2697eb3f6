import { Form, Formik } from 'formik';
import { useState } from 'react';
import styled from 'styled-components';
import { Button } from '../ui/Button';
import { TextField } from '../forms/inputs';
import { loginSchema } from '../validation/schemas';
import { completeLogIn, logIn, type SignInStep } from './auth';
import { CodeStep } from './CodeStep';
import { EnrolStep } from './EnrolStep';
import { sessionExpired } from '../session/session';
import { AuthCard, AuthPage } from './AuthCard';

const Expired = styled.p.attrs({ role: 'status' })`
  && {
    margin: 0 0 ${({ theme }) => theme.space(4)};
    padding: ${({ theme }) => theme.space(3)} ${({ theme }) => theme.space(4)};
    border-radius: ${({ theme }) => theme.radius};
    background: #fff7e0;
    border: 1px solid #f2d48a;
    color: #6b4e00;
  }
`;

const Back = styled(Button).attrs({ variant: 'secondary' })`
  && {
    width: 100%;
    margin-top: ${({ theme }) => theme.space(2)};
  }
`;

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
  const withBack = (submit: React.ReactNode) => (
    <>
      {submit}
      <Back onClick={() => setStep(undefined)}>Back</Back>
    </>
  );
  if (step && 'challenge' in step) {
    return (
      <AuthPage>
        <AuthCard>
          <h1>Two-factor sign-in</h1>
          <p>Enter the code from your authenticator app.</p>
          <CodeStep challenge={step.challenge} onSignedIn={completeLogIn} actions={withBack} />
        </AuthCard>
      </AuthPage>
    );
  }
  if (step) {
    return (
      <AuthPage>
        <AuthCard $wide>
          <h1>Set up two-factor sign-in</h1>
          <EnrolStep enrolment={step.enrolment} setup={step.setup} onSignedIn={completeLogIn} actions={withBack} />
        </AuthCard>
      </AuthPage>
    );
  }
  return (
    <AuthPage>
      <AuthCard>
        <h1>Welcome Admin</h1>
        <p>Sign in to manage the community app.</p>
        {expired && <Expired>Your session has expired. Please log in again.</Expired>}
        <Formik
          initialValues={{ email: '', password: '' }}
          validationSchema={loginSchema}
          onSubmit={async (values) => {
            try {
              setStep(await logIn({ email: values.email.trim(), password: values.password }));
            } catch {
              // The API client has shown the server's message; the typed values stay.
            }
          }}
        >
          {({ isSubmitting }) => (
            <Form noValidate>
              <TextField name="email" label="Email" type="email" autoComplete="username" />
              <TextField name="password" label="Password" type="password" autoComplete="current-password" />
              <Button type="submit" busy={isSubmitting}>
                Login
              </Button>
            </Form>
          )}
        </Formik>
      </AuthCard>
    </AuthPage>
  );
}
