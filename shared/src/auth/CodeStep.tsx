import { Form, Formik } from 'formik';
import * as yup from 'yup';
import { authApi, type LoginAnswer } from '../api/resources/auth';
import { TextField } from '../forms/inputs';
import { Button } from '../ui/Button';

const codeSchema = yup.object({
  code: yup.string().trim().required('Enter the code from your authenticator app'),
});

/**
 * The login's second step for an account with two-factor sign-in: a code of the authenticator app,
 * or one of its recovery codes. The login screen and the session dialog both ask it.
 */
export function CodeStep({
  challenge,
  onSignedIn,
  actions,
}: {
  challenge: string;
  onSignedIn: (answer: LoginAnswer) => void;
  /** The buttons beside the submit one (Back, Log out), each screen its own. */
  actions: (submit: React.ReactNode) => React.ReactNode;
}) {
  return (
    <Formik
      initialValues={{ code: '' }}
      validationSchema={codeSchema}
      onSubmit={async (values, form) => {
        try {
          onSignedIn(await authApi.loginWithCode({ challenge, code: values.code.replace(/\s/g, '') }));
        } catch {
          // The API client has shown the server's words (a wrong or used code); a code is typed afresh.
          form.resetForm();
        }
      }}
    >
      {({ isSubmitting }) => (
        <Form noValidate>
          <TextField
            name="code"
            label="Authentication code"
            hint="The 6 digits your authenticator app shows, or one of your recovery codes"
            autoComplete="one-time-code"
          />
          {actions(
            <Button type="submit" busy={isSubmitting}>
              Verify
            </Button>,
          )}
        </Form>
      )}
    </Formik>
  );
}
