import styled from 'styled-components';
import { Button } from '../ui/Button';
import { completeLogIn, type SignInStep } from './auth';
import { AuthCard, AuthPage } from './AuthCard';
import { CodeStep } from './CodeStep';
import { EnrolStep } from './EnrolStep';

const Back = styled(Button).attrs({ variant: 'secondary' })`
  && {
    width: 100%;
    margin-top: ${({ theme }) => theme.space(2)};
  }
`;

/** What a right password may still ask before the session: the code, or setting up two-factor sign-in. */
export default function SecondStep({ step, onBack }: { step: SignInStep; onBack: () => void }) {
  const withBack = (submit: React.ReactNode) => (
    <>
      {submit}
      <Back onClick={onBack}>Back</Back>
    </>
  );
  if ('challenge' in step) {
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
  return (
    <AuthPage>
      <AuthCard $wide>
        <h1>Set up two-factor sign-in</h1>
        <EnrolStep enrolment={step.enrolment} setup={step.setup} onSignedIn={completeLogIn} actions={withBack} />
      </AuthCard>
    </AuthPage>
  );
}
