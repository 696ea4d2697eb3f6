import { Form, Formik } from 'formik';
import { useState, useSyncExternalStore } from 'react';
import styled from 'styled-components';
import type { LoginAnswer } from '../api/resources/auth';
import { TextField } from '../forms/inputs';
import { sessionRenewal, type Renewal } from '../session/renewal';
import { session } from '../session/session';
import { Button } from '../ui/Button';
import { Modal, ModalActions } from '../ui/Modal';
import { passwordStep, type SignInStep } from './auth';
import { CodeStep } from './CodeStep';
import { credentialErrors } from './credentials';
import { EnrolStep } from './EnrolStep';

const Wrong = styled.p.attrs({ role: 'alert' })`
  color: ${({ theme }) => theme.color.danger};
`;

const keepOpen = () => undefined;

function RenewalForm({ renewal }: { renewal: Renewal }) {
  const [wrongAccount, setWrongAccount] = useState(false);
  const [step, setStep] = useState<SignInStep>();
  const finish = (answer: LoginAnswer) => {
    // Logged out meanwhile: the choice stands.
    if (sessionRenewal.current() !== renewal) return;
    // Only the account whose work is on screen: its calls are sent again under the new session.
    if (answer.doesUserEmailExist._id !== renewal.user._id) {
      setStep(undefined);
      setWrongAccount(true);
      return;
    }
    session.save({ token: answer.token, user: answer.doesUserEmailExist });
    renewal.finish(true);
  };
  const logOut = (busy: boolean) => (
    <Button variant="secondary" disabled={busy} onClick={() => renewal.finish(false)}>
      Log out
    </Button>
  );
  const withLogOut = (submit: React.ReactNode) => (
    <ModalActions>
      {logOut(false)}
      {submit}
    </ModalActions>
  );
  if (step && 'challenge' in step)
    return <CodeStep challenge={step.challenge} onSignedIn={finish} actions={withLogOut} />;
  if (step) return <EnrolStep enrolment={step.enrolment} setup={step.setup} onSignedIn={finish} actions={withLogOut} />;
  return (
    <Formik
      initialValues={{ email: renewal.user.email, password: '' }}
      validate={credentialErrors}
      onSubmit={async (values) => {
        setWrongAccount(false);
        try {
          const next = await passwordStep({ email: values.email.trim(), password: values.password });
          if ('token' in next) finish(next);
          else setStep(next);
        } catch {
          // The API client has shown the server's message ('Invalid email or password').
        }
      }}
    >
      {({ isSubmitting }) => (
        <Form noValidate>
          <p>Sign in again to go on. What you typed on this page is kept and is saved once you are signed in.</p>
          <TextField name="email" label="Email" type="email" autoComplete="username" />
          <TextField name="password" label="Password" type="password" autoComplete="current-password" />
          {wrongAccount && (
            <Wrong>{`This is another account. Sign in as ${renewal.user.email} to keep your work, or log out.`}</Wrong>
          )}
          <ModalActions>
            {logOut(isSubmitting)}
            <Button type="submit" busy={isSubmitting}>
              Sign in
            </Button>
          </ModalActions>
        </Form>
      )}
    </Formik>
  );
}

/**
 * 'Your session has expired' over the current screen, while a call refused with 401 waits to be sent
 * again (docs/composition.md, "Session end without loss"). It asks for a choice: Escape does not close it.
 */
export function SessionDialog() {
  const renewal = useSyncExternalStore(sessionRenewal.subscribe, sessionRenewal.current, sessionRenewal.current);
  if (!renewal) return null;
  return (
    <Modal title="Your session has expired" onClose={keepOpen}>
      <RenewalForm renewal={renewal} />
    </Modal>
  );
}
