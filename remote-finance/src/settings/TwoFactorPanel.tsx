import type { FormikHelpers } from 'formik';
import { useState } from 'react';
import * as yup from 'yup';
import {
  AuthenticatorSetup,
  Button,
  FormButtons,
  NotLoaded,
  notify,
  useFieldRefusals,
  SectionHeader,
  Panel,
  RecordForm,
  RecoveryCodes,
  SampleDataNotice,
  TextField,
} from 'shared';
import { useResource } from 'shared/data';
import styled from 'styled-components';
import { account, accountApi, twoFactor, twoFactorApi, type TwoFactorSetup, type TwoFactorStatus } from './api';

const offSchema = yup.object({
  proof: yup.string().required('Enter your password or a code of your authenticator app'),
});

/**
 * Settings → Password → Two-factor sign-in: a code of an authenticator app after the password. Turned
 * on by scanning a QR code and confirming with a code; the ten recovery codes are shown once, then.
 */
export function TwoFactorPanel() {
  const load = useResource(twoFactor.detail('me'), twoFactorApi.status);
  const me = useResource(account.detail('me'), accountApi.get).data;
  const [setup, setSetup] = useState<TwoFactorSetup>();
  const [recoveryCodes, setRecoveryCodes] = useState<string[]>();
  const status = load.data;
  const managesTeam = me?.permissions.includes('team') ?? false;
  const requiredOfMe = Boolean(status?.requiredForAdmins && me?.role === 'Admin');
  const offRefusals = useFieldRefusals<{ proof: string }>();

  const start = async () => {
    try {
      setSetup((await twoFactorApi.setup()).data);
    } catch {
      // Shown by the client.
    }
  };
  const confirm = async (code: string) => {
    // A wrong code throws: its field says why, emptied for the next one.
    const on = await twoFactorApi.enable(code);
    notify.success(on.message);
    setSetup(undefined);
    setRecoveryCodes(on.data.recoveryCodes);
  };
  const turnOff = async (values: { proof: string }, form: FormikHelpers<{ proof: string }>) => {
    try {
      notify.success((await twoFactorApi.disable(values.proof)).message);
      offRefusals.succeeded();
    } catch (error) {
      // 'The password or code is not correct': said by the field, emptied for another try.
      form.resetForm();
      offRefusals.refuse(error, 'proof', { proof: '' }, form);
    }
  };

  let body: React.ReactNode;
  if (!status) body = <NotLoaded load={load} what="Your two-factor sign-in" missing={null} />;
  else if (recoveryCodes) {
    body = (
      <RecoveryCodes codes={recoveryCodes} doneLabel="I have saved them" onDone={() => setRecoveryCodes(undefined)} />
    );
  } else if (setup) {
    body = (
      <AuthenticatorSetup
        setup={setup}
        onCode={confirm}
        buttons={(busy) => <FormButtons busy={busy} label="Turn on" onCancel={() => setSetup(undefined)} />}
      />
    );
  } else if (status.enabled) {
    body = (
      <>
        <Muted>
          <strong>On.</strong> Signing in asks for a code of your authenticator app after the password.{' '}
          {status.recoveryCodesLeft} of 10 recovery codes left.
        </Muted>
        {requiredOfMe ? (
          <Muted>Your team requires it for every Admin, so it stays on.</Muted>
        ) : (
          <RecordForm
            initialValues={{ proof: '' }}
            validationSchema={offSchema}
            validate={offRefusals.validate}
            onSubmit={turnOff}
            label="Turn off two-factor sign-in"
          >
            <TextField
              name="proof"
              label="Password or authentication code"
              type="password"
              autoComplete="current-password"
            />
          </RecordForm>
        )}
      </>
    );
  } else {
    body = (
      <>
        {requiredOfMe && <Required>Your team requires two-factor sign-in for every Admin: turn it on now.</Required>}
        <Muted>
          <strong>Off.</strong> With it on, signing in asks for a code of an authenticator app on your phone after the
          password, so that a password alone does not open this account.
        </Muted>
        <Button onClick={() => void start()}>Turn on two-factor sign-in</Button>
      </>
    );
  }

  return (
    <Panel aria-label="Two-factor sign-in">
      <SectionHeader title="Two-factor sign-in" />
      {body}
      {managesTeam && status && <Requirement status={status} />}
    </Panel>
  );
}

/** An Admin's switch: every Admin must have it. */
function Requirement({ status }: { status: TwoFactorStatus }) {
  const change = async () => {
    try {
      notify.success((await twoFactorApi.requireForAdmins(!status.requiredForAdmins)).message);
    } catch {
      // Shown by the client.
    }
  };
  return (
    <Team>
      <h3>For every Admin</h3>
      <Muted>
        {status.requiredForAdmins
          ? 'Required for every Admin of the team: an Admin without it sets it up at their next sign-in.'
          : 'Not required: each Admin chooses.'}
      </Muted>
      <Button variant="secondary" onClick={() => void change()}>
        {status.requiredForAdmins ? 'Stop requiring it for Admins' : 'Require it for every Admin'}
      </Button>
    </Team>
  );
}

const Muted = styled.p`
  margin: 0 0 ${({ theme }) => theme.space(4)};
  color: ${({ theme }) => theme.color.muted};
`;

// The kit's notice band, announced as a status (it changes with the team's rule).
const Required = styled(SampleDataNotice).attrs({ role: 'status' })``;

const Team = styled.div`
  margin-top: ${({ theme }) => theme.space(6)};
  padding-top: ${({ theme }) => theme.space(4)};
  border-top: 1px solid ${({ theme }) => theme.color.border};
  h3 {
    margin: 0 0 ${({ theme }) => theme.space(2)};
    font-size: 1rem;
  }
`;
