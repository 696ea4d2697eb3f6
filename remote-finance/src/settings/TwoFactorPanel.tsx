import { Form, Formik, type FormikHelpers } from 'formik';
import { useState } from 'react';
import * as yup from 'yup';
import {
  Button,
  FormButtons,
  FormColumn,
  NotLoaded,
  notify,
  PageHeader,
  Panel,
  SampleDataNotice,
  TextField,
} from 'shared';
import { useResource } from 'shared/data';
import styled from 'styled-components';
import { account, accountApi, twoFactor, twoFactorApi, type TwoFactorSetup, type TwoFactorStatus } from './api';

const codeSchema = yup.object({
  code: yup.string().trim().required('Enter the code your authenticator app shows'),
});
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

  const start = async () => {
    try {
      setSetup((await twoFactorApi.setup()).data);
    } catch {
      // Shown by the client.
    }
  };
  const confirm = async (values: { code: string }, form: FormikHelpers<{ code: string }>) => {
    try {
      const on = await twoFactorApi.enable(values.code.replace(/\s/g, ''));
      notify.success(on.message);
      setSetup(undefined);
      setRecoveryCodes(on.data.recoveryCodes);
    } catch {
      // 'The code is not correct…': shown by the client; a code is typed afresh.
      form.resetForm();
    }
  };
  const turnOff = async (values: { proof: string }, form: FormikHelpers<{ proof: string }>) => {
    try {
      notify.success((await twoFactorApi.disable(values.proof)).message);
    } catch {
      form.resetForm();
    }
  };

  let body: React.ReactNode;
  if (!status) body = <NotLoaded load={load} what="Your two-factor sign-in" missing={null} />;
  else if (recoveryCodes) body = <RecoveryCodes codes={recoveryCodes} onDone={() => setRecoveryCodes(undefined)} />;
  else if (setup) {
    body = (
      <Setup>
        <QrCode src={setup.qrCode} alt="QR code to scan with your authenticator app" width={200} height={200} />
        <div>
          <Muted>
            Scan the QR code with your authenticator app (Google Authenticator, Microsoft Authenticator, 1Password…), or
            type this key into it:
          </Muted>
          <Key aria-label="Key to type into your authenticator app">{setup.secret.match(/.{1,4}/g)?.join(' ')}</Key>
          <Formik initialValues={{ code: '' }} validationSchema={codeSchema} onSubmit={confirm}>
            {({ isSubmitting }) => (
              <Form noValidate>
                <FormColumn>
                  <TextField
                    name="code"
                    label="Authentication code"
                    hint="The 6 digits the app shows for this account now"
                    autoComplete="one-time-code"
                  />
                  <FormButtons busy={isSubmitting} label="Turn on" onCancel={() => setSetup(undefined)} />
                </FormColumn>
              </Form>
            )}
          </Formik>
        </div>
      </Setup>
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
          <Formik initialValues={{ proof: '' }} validationSchema={offSchema} onSubmit={turnOff}>
            {({ isSubmitting }) => (
              <Form noValidate>
                <FormColumn>
                  <TextField
                    name="proof"
                    label="Password or authentication code"
                    type="password"
                    autoComplete="current-password"
                  />
                  <FormButtons busy={isSubmitting} label="Turn off two-factor sign-in" />
                </FormColumn>
              </Form>
            )}
          </Formik>
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
      <PageHeader title="Two-factor sign-in" />
      {body}
      {managesTeam && status && <Requirement status={status} />}
    </Panel>
  );
}

/** The ten recovery codes, shown once: the server keeps only their hashes. */
function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  return (
    <CodesBox role="status" aria-label="Recovery codes">
      <p>
        <strong>Save these recovery codes now</strong>: they are shown only this once. Each one signs you in once in
        place of a code, if your phone is lost.
      </p>
      <Codes>
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </Codes>
      <Actions>
        <Button
          variant="secondary"
          onClick={() =>
            void navigator.clipboard
              ?.writeText(codes.join('\n'))
              .then(() => notify.success('Recovery codes copied'))
              .catch(() => undefined)
          }
        >
          Copy codes
        </Button>
        <Button onClick={onDone}>I have saved them</Button>
      </Actions>
    </CodesBox>
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
          ? 'Required for every Admin of the team: an Admin without it is asked to turn it on here.'
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

const Setup = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space(6)};
  align-items: flex-start;
  > div {
    flex: 1 1 280px;
  }
`;

const QrCode = styled.img`
  border: 1px solid ${({ theme }) => theme.color.border};
  border-radius: ${({ theme }) => theme.radius};
  background: #fff;
`;

const Key = styled.code`
  display: block;
  margin: 0 0 ${({ theme }) => theme.space(4)};
  font-size: 1.05rem;
  letter-spacing: 0.05em;
  overflow-wrap: anywhere;
`;

const CodesBox = styled.div`
  padding: ${({ theme }) => theme.space(4)};
  border: 1px solid ${({ theme }) => theme.color.border};
  border-radius: ${({ theme }) => theme.radius};
  background: ${({ theme }) => theme.color.primarySoft};
  p {
    margin: 0 0 ${({ theme }) => theme.space(3)};
  }
`;

const Codes = styled.ol`
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(130px, 1fr));
  gap: ${({ theme }) => theme.space(2)} ${({ theme }) => theme.space(6)};
  margin: 0 0 ${({ theme }) => theme.space(4)};
  padding-left: ${({ theme }) => theme.space(6)};
  font-family: ui-monospace, SFMono-Regular, Menlo, monospace;
  font-size: 1rem;
`;

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space(2)};
`;

const Team = styled.div`
  margin-top: ${({ theme }) => theme.space(6)};
  padding-top: ${({ theme }) => theme.space(4)};
  border-top: 1px solid ${({ theme }) => theme.color.border};
  h3 {
    margin: 0 0 ${({ theme }) => theme.space(2)};
    font-size: 1rem;
  }
`;
