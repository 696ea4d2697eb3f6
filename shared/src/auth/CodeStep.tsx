import { authApi, type LoginAnswer } from '../api/resources/auth';
import { Button } from '../ui/Button';
import { CodeForm } from './CodeForm';

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
    <CodeForm
      required="Enter the code from your authenticator app"
      hint="The 6 digits your authenticator app shows, or one of your recovery codes"
      onCode={async (code) => onSignedIn(await authApi.loginWithCode({ challenge, code }))}
    >
      {(field, busy) => (
        <>
          {field}
          {actions(
            <Button type="submit" busy={busy}>
              Verify
            </Button>,
          )}
        </>
      )}
    </CodeForm>
  );
}
