import { useState } from 'react';
import { authApi, type LoginAnswer, type TwoFactorSetup } from '../api/resources/auth';
import { Button } from '../ui/Button';
import { AuthenticatorSetup, RecoveryCodes } from './AuthenticatorSetup';

/**
 * The login's step for an Admin without two-factor sign-in while the team requires it of every Admin:
 * set it up with the enrolment ticket (QR code, key, a code of the app), then the recovery codes, then
 * the session. The login screen and the session dialog both show it.
 */
export function EnrolStep({
  enrolment,
  setup,
  onSignedIn,
  actions,
}: {
  enrolment: string;
  setup: TwoFactorSetup;
  onSignedIn: (answer: LoginAnswer) => void;
  /** The buttons beside the submit one (Back, Log out), each screen its own. */
  actions: (submit: React.ReactNode) => React.ReactNode;
}) {
  const [enrolled, setEnrolled] = useState<LoginAnswer & { recoveryCodes: string[] }>();
  if (enrolled) {
    // Signed in only once the codes have been seen: the session would leave this screen at once.
    return (
      <>
        <p>Two-factor sign-in is now on for your account.</p>
        <RecoveryCodes codes={enrolled.recoveryCodes} doneLabel="Continue" onDone={() => onSignedIn(enrolled)} />
      </>
    );
  }
  return (
    <>
      <p>
        Your team requires two-factor sign-in for every Admin, so your password alone no longer opens this account. Set
        it up now with an authenticator app on your phone: from then on, signing in asks for the code it shows.
      </p>
      <AuthenticatorSetup
        setup={setup}
        onCode={async (code) => setEnrolled(await authApi.enrolEnable({ enrolment, code }))}
        buttons={(busy) =>
          actions(
            <Button type="submit" busy={busy}>
              Turn on and sign in
            </Button>,
          )
        }
      />
    </>
  );
}
