import { Form, Formik } from 'formik';
import { useState } from 'react';
import styled from 'styled-components';
import { Button } from '../ui/Button';
import { TextField } from '../forms/inputs';
import { loginSchema } from '../validation/schemas';
import { logIn } from './auth';
import { sessionExpired } from '../session/session';

const Page = styled.main`
  min-height: 100%;
  display: flex;
  align-items: center;
  justify-content: center;
  padding: ${({ theme }) => theme.space(6)};
  background: linear-gradient(
    160deg,
    ${({ theme }) => theme.color.primarySoft},
    ${({ theme }) => theme.color.page} 60%
  );
`;

const Card = styled.div`
  width: min(400px, 100%);
  padding: ${({ theme }) => theme.space(8)};
  background: ${({ theme }) => theme.color.surface};
  border-radius: 12px;
  box-shadow: 0 12px 32px rgba(16, 24, 40, 0.12);
  h1 {
    margin: 0 0 ${({ theme }) => theme.space(1)};
    font-size: 1.5rem;
  }
  p {
    margin: 0 0 ${({ theme }) => theme.space(6)};
    color: ${({ theme }) => theme.color.muted};
  }
  button[type='submit'] {
    width: 100%;
    margin-top: ${({ theme }) => theme.space(2)};
  }
`;

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

/**
 * 'Welcome Admin' (spec §2 Public routes). A successful login saves the session; whoever renders
 * this screen reacts to the session and decides where to go.
 */
export function LoginScreen() {
  // Read once: the notice stays while this screen is shown, and the next login clears it.
  const [expired] = useState(sessionExpired);
  return (
    <Page>
      <Card>
        <h1>Welcome Admin</h1>
        <p>Sign in to manage the community app.</p>
        {expired && <Expired>Your session has expired. Please log in again.</Expired>}
        <Formik
          initialValues={{ email: '', password: '' }}
          validationSchema={loginSchema}
          onSubmit={async (values) => {
            try {
              await logIn({ email: values.email.trim(), password: values.password });
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
      </Card>
    </Page>
  );
}
