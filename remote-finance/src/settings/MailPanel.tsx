import {
  Button,
  DataTable,
  DetailsList,
  EmptyText,
  formatDateTime,
  notify,
  NotLoaded,
  Panel,
  RowAction,
  SectionHeader,
  type Column,
} from 'shared';
import { useResource } from 'shared/data';
import styled from 'styled-components';
import { mail, mailApi, type MailStatus, type OutboxMessage } from './api';

const Muted = styled.span`
  color: ${({ theme }) => theme.color.muted};
`;

// The server's words wrap rather than widen the table.
const Words = styled.span`
  display: grid;
  gap: 2px;
  min-width: 10rem;
  overflow-wrap: anywhere;
  @media (max-width: 599px) {
    min-width: 0;
  }
`;

const recipient = (message: OutboxMessage) =>
  message.toName ? `${message.toName} <${message.toAddress}>` : message.toAddress;

/** Where a message stands, in words: sent when, waiting until when, or failed with the server's words. */
function state(message: OutboxMessage): { label: string; words?: string } {
  switch (message.state) {
    case 'sent':
      return { label: `Sent ${formatDateTime(message.sentAt ?? message.createdAt)}` };
    case 'sending':
      return { label: 'Sending now' };
    case 'waiting':
      return {
        label: `Waiting: next try ${formatDateTime(message.nextTryAt)}`,
        words: message.lastError ?? undefined,
      };
    case 'failed':
      return { label: 'Failed', words: message.lastError ?? undefined };
  }
}

function Configuration({ status }: { status: MailStatus }) {
  const { server } = status;
  if (!status.configured || !server) {
    return (
      <Muted as="p">
        No mail server is configured: nothing is sent, and each message is kept below as not sent. The server&apos;s
        operator sets SMTP_URL and MAIL_FROM (docs/mail.md).
      </Muted>
    );
  }
  return (
    <DetailsList>
      <dt>Mail server</dt>
      <dd>
        {server.host}:{server.port} ({server.secure ? 'TLS' : 'STARTTLS where offered'})
      </dd>
      <dt>Signed in as</dt>
      <dd>{server.user || '—'}</dd>
      <dt>From</dt>
      <dd>{status.from}</dd>
      {status.replyTo && (
        <>
          <dt>Replies to</dt>
          <dd>{status.replyTo}</dd>
        </>
      )}
    </DetailsList>
  );
}

/**
 * Settings → Mail (an Admin's; the server refuses anyone else): whether mail is configured (never its
 * password), a test message to oneself, and the outbox's latest messages, a failed one sent again.
 */
export function MailPanel() {
  const load = useResource(mail.detail('status'), mailApi.status);
  const status = load.data;

  const sendTest = async () => {
    try {
      notify.success((await mailApi.test()).message);
    } catch {
      // Shown by the client.
    }
  };
  const sendAgain = async (message: OutboxMessage) => {
    try {
      notify.success((await mailApi.sendAgain(message._id)).message);
    } catch {
      // Shown by the client.
    }
  };

  const columns: Column<OutboxMessage>[] = [
    { header: 'Queued', fit: true, cell: (message) => formatDateTime(message.createdAt) },
    {
      header: 'To',
      cell: (message) => (
        <Words>
          {recipient(message)}
          <Muted as="small">{message.subject}</Muted>
        </Words>
      ),
    },
    {
      header: 'Status',
      cell: (message) => {
        const { label, words } = state(message);
        return (
          <Words>
            {label}
            {words && <Muted as="small">{words}</Muted>}
          </Words>
        );
      },
    },
    {
      header: 'Action',
      fit: true,
      cell: (message) =>
        status?.configured && (message.state === 'failed' || message.state === 'waiting') ? (
          <RowAction aria-label={`Send again to ${message.toAddress}`} onClick={() => void sendAgain(message)}>
            Send again
          </RowAction>
        ) : null,
    },
  ];

  return (
    <Panel aria-label="Mail">
      <SectionHeader
        title="Mail"
        actions={
          status?.configured ? (
            <Button variant="secondary" onClick={() => void sendTest()}>
              Send a test message
            </Button>
          ) : undefined
        }
      />
      {status ? (
        <>
          <Configuration status={status} />
          <h3>Outbox</h3>
          {status.messages.length ? (
            <DataTable caption="Outbox" columns={columns} rows={status.messages} rowKey={(message) => message._id} />
          ) : (
            <EmptyText>No messages yet.</EmptyText>
          )}
        </>
      ) : (
        <NotLoaded load={load} what="Mail" missing={null} />
      )}
    </Panel>
  );
}
