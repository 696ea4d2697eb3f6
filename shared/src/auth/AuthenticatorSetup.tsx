import styled from 'styled-components';
import { FormColumn } from '../forms/FormLayout';
import { notify } from '../notify/notify';
import { Button } from '../ui/Button';
import { CodeForm } from './CodeForm';

/**
 * Setting up two-factor sign-in: the QR code of a new secret, the secret as text for typing into the
 * app, and the first code of the app that turns it on. Settings and the login's enrolment both show it.
 */
export function AuthenticatorSetup({
  setup,
  onCode,
  buttons,
}: {
  setup: { secret: string; qrCode: string };
  /** The typed code, spaces removed. A throw (the client has shown why) empties the field for the next code. */
  onCode: (code: string) => Promise<void>;
  /** The submit button and its neighbours, each screen its own. */
  buttons: (busy: boolean) => React.ReactNode;
}) {
  return (
    <Setup>
      <QrCode src={setup.qrCode} alt="QR code to scan with your authenticator app" width={200} height={200} />
      <div>
        <Muted>
          Scan the QR code with your authenticator app (Google Authenticator, Microsoft Authenticator, 1Password…), or
          type this key into it:
        </Muted>
        <Key aria-label="Key to type into your authenticator app">{setup.secret.match(/.{1,4}/g)?.join(' ')}</Key>
        <CodeForm
          required="Enter the code your authenticator app shows"
          hint="The 6 digits the app shows for this account now"
          onCode={onCode}
        >
          {(field, busy) => (
            <FormColumn>
              {field}
              {buttons(busy)}
            </FormColumn>
          )}
        </CodeForm>
      </div>
    </Setup>
  );
}

/** The ten recovery codes, shown once when two-factor sign-in is turned on: the server keeps only their hashes. */
export function RecoveryCodes({
  codes,
  doneLabel,
  onDone,
}: {
  codes: string[];
  doneLabel: string;
  onDone: () => void;
}) {
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
        <Button onClick={onDone}>{doneLabel}</Button>
      </Actions>
    </CodesBox>
  );
}

const Muted = styled.p`
  margin: 0 0 ${({ theme }) => theme.space(4)};
  color: ${({ theme }) => theme.color.muted};
`;

// Side by side where there is room; on a narrow screen or card, the QR code centred above the rest.
const Setup = styled.div`
  display: flex;
  flex-wrap: wrap;
  justify-content: center;
  gap: ${({ theme }) => theme.space(6)};
  align-items: flex-start;
  > div {
    flex: 1 1 280px;
    /* A flex item is at least as wide as its content by default: on a phone the form and its text
       would then overflow the card instead of wrapping within it. */
    min-width: 0;
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
  && p {
    margin: 0 0 ${({ theme }) => theme.space(3)};
    color: ${({ theme }) => theme.color.text};
  }
`;

const Codes = styled.ol`
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(130px, 1fr));
  gap: ${({ theme }) => theme.space(2)} ${({ theme }) => theme.space(6)};
  margin: 0 0 ${({ theme }) => theme.space(4)};
  /* Room for the marker of "10." */
  padding-left: ${({ theme }) => theme.space(8)};
  font-family: ui-monospace, SFMono-Regular, Menlo, monospace;
  font-size: 1rem;
`;

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space(2)};
`;
