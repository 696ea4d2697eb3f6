import { Form, Formik } from 'formik';
import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import * as yup from 'yup';
import { PasswordSet } from 'api/contract';
import { authApi } from '../api/resources/auth';
import { notify } from '../notify/notify';
import { session } from '../session/session';
import { Button } from '../ui/Button';
import { ButtonLink } from '../ui/ButtonLink';
import { AuthCard, AuthPage } from './AuthCard';
import { NewPasswordFields, newPasswordSchema } from './newPassword';

const schema = yup.object(newPasswordSchema(PasswordSet.password));

/**
 * /set-password?token=…: the page a one-time link opens (`npm run admin -- reset-password`). It works
 * without a session; setting the password ends every session of the account (and this browser's own,
 * whichever account it was), then leads to the login.
 */
export function SetPasswordScreen() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const [token] = useState(() => params.get('token') ?? '');
  return (
    <AuthPage>
      <AuthCard>
        <h1>Set your password</h1>
        {token ? (
          <>
            <p>Choose the password you will log in with.</p>
            <Formik
              initialValues={{ newPassword: '', confirmPassword: '' }}
              validationSchema={schema}
              onSubmit={async ({ newPassword }) => {
                try {
                  const { message } = await authApi.setPassword({ token, password: newPassword });
                  session.clear();
                  notify.success(message);
                  void navigate('/login', { replace: true });
                } catch {
                  // The client showed the server's words (an expired link, say); the typed values stay.
                }
              }}
            >
              {({ isSubmitting }) => (
                <Form noValidate>
                  <NewPasswordFields minLength={PasswordSet.password.minLength} />
                  <Button type="submit" busy={isSubmitting}>
                    Set password
                  </Button>
                </Form>
              )}
            </Formik>
          </>
        ) : (
          <>
            <p>This link is not complete. Open the whole link you were given, or ask for a new one.</p>
            <ButtonLink to="/login">Go to the login</ButtonLink>
          </>
        )}
      </AuthCard>
    </AuthPage>
  );
}
