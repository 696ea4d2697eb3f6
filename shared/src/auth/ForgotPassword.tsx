import { Form, Formik } from 'formik';
import { useState } from 'react';
import styled from 'styled-components';
import * as yup from 'yup';
import { ForgotPassword as ForgotPasswordInput } from 'api/contract';
import { authApi } from '../api/resources/auth';
import { requiredText } from '../validation/schemas';
import { TextField } from '../forms/inputs';
import { Button } from '../ui/Button';
import { AuthCard, AuthPage } from './AuthCard';

const schema = yup.object({
  email: requiredText('Email is required', 'Email', ForgotPasswordInput.email).email('Invalid email address'),
});

const Back = styled(Button).attrs({ variant: 'secondary' })`
  && {
    width: 100%;
    margin-top: ${({ theme }) => theme.space(2)};
  }
`;

/**
 * "Forgot password?" of the login page (loaded when asked for): an email, then the server's one answer,
 * the same whether or not the email has an account. The mailed link opens /set-password.
 */
export default function ForgotPassword({ onBack }: { onBack: () => void }) {
  const [answer, setAnswer] = useState<string>();
  return (
    <AuthPage>
      <AuthCard>
        <h1>Forgot password?</h1>
        {answer ? (
          <p role="status">{answer}</p>
        ) : (
          <>
            <p>Enter the email you log in with: a link to set a new password is mailed to it.</p>
            <Formik
              initialValues={{ email: '' }}
              validationSchema={schema}
              onSubmit={async ({ email }) => {
                try {
                  setAnswer((await authApi.forgotPassword({ email: email.trim() })).message);
                } catch {
                  // The client showed the server's words (too many attempts, say); the email stays.
                }
              }}
            >
              {({ isSubmitting }) => (
                <Form noValidate>
                  <TextField name="email" label="Email" type="email" autoComplete="username" />
                  <Button type="submit" busy={isSubmitting}>
                    Send link
                  </Button>
                </Form>
              )}
            </Formik>
          </>
        )}
        <Back onClick={onBack}>Back to the login</Back>
      </AuthCard>
    </AuthPage>
  );
}
