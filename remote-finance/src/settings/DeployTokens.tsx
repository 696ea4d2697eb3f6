import type { FormikHelpers } from 'formik';
import { useState } from 'react';
import * as yup from 'yup';
import { DeployTokenInput } from 'api/contract';
import {
  Button,
  ConfirmDialog,
  DateField,
  formatDate,
  formatDateTime,
  ListTable,
  Modal,
  ModalActions,
  notify,
  RecordForm,
  requiredText,
  RowAction,
  RowActions,
  SelectField,
  TextField,
  type Column,
} from 'shared';
import { useResource } from 'shared/data';
import styled from 'styled-components';
import { deployTokens, deployTokensApi, type DeployToken } from './api';
import { Heading, Note, Section } from './sections';

const SCOPES: { value: DeployToken['scope']; label: string }[] = [
  { value: 'publish', label: 'Publish only' },
  { value: 'deploy', label: 'Publish and go live' },
];
const scopeLabel = (scope: DeployToken['scope']) => SCOPES.find((option) => option.value === scope)!.label;
const STATES: Record<DeployToken['state'], string> = { active: 'Active', expired: 'Expired', revoked: 'Revoked' };

/** How long a new token lives unless the Admin picks another day. */
const DEFAULT_DAYS = 90;

const tokenSchema = yup.object({
  name: requiredText('Name is required', 'Name', DeployTokenInput.name),
  remote: yup.string().required('Remote is required'),
  scope: yup.string().required('Scope is required'),
  expires: yup.string().required('Expires is required'),
});
type TokenValues = yup.InferType<typeof tokenSchema>;

/** A day of the calendar, `days` from today, as the date field holds it (YYYY-MM-DD, local). */
function dayFromToday(days: number): string {
  const day = new Date();
  day.setDate(day.getDate() + days);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${day.getFullYear()}-${pad(day.getMonth() + 1)}-${pad(day.getDate())}`;
}

/** A token works through the day it expires on: until its end, in this browser's time. */
const endOfDay = (day: string) => new Date(`${day}T23:59:59`).toISOString();

interface Remote {
  name: string;
  label: string;
}

/**
 * Settings → Deployed versions → Deploy tokens (an Admin's): the tokens a remote team's CI publishes
 * and deploys its remote with over HTTPS. A new token starts on publish only and on the remote in view
 * (`remoteInView`, the Releases' choice). Its secret is shown once, with a Copy button; revoking one
 * asks first.
 */
export function DeployTokens({ remotes, remoteInView }: { remotes: Remote[]; remoteInView?: string }) {
  const load = useResource(deployTokens.list(), deployTokensApi.list);
  const [creating, setCreating] = useState(false);
  const [secret, setSecret] = useState<{ name: string; secret: string }>();
  const [revoking, setRevoking] = useState<DeployToken>();
  const [busy, setBusy] = useState(false);
  const labelOf = (name: string) => remotes.find((remote) => remote.name === name)?.label ?? name;

  const create = async (values: TokenValues, form: FormikHelpers<TokenValues>) => {
    try {
      const created = await deployTokensApi.create({
        name: values.name.trim(),
        remote: values.remote,
        scope: values.scope as DeployToken['scope'],
        expiresAt: endOfDay(values.expires),
      });
      notify.success(created.message);
      setSecret({ name: created.data.token.name, secret: created.data.secret });
      form.resetForm();
    } catch {
      // The client showed why (an expiry too far, say); the typed values stay.
    }
  };
  const revoke = async (token: DeployToken) => {
    setBusy(true);
    try {
      notify.success((await deployTokensApi.revoke(token._id)).message);
      setRevoking(undefined);
    } catch {
      // Shown by the client; the question stays open to try again or cancel.
    } finally {
      setBusy(false);
    }
  };
  const close = () => {
    setCreating(false);
    setSecret(undefined);
  };

  const columns: Column<DeployToken>[] = [
    { header: 'Name', cell: (token) => token.name },
    { header: 'Remote', cell: (token) => labelOf(token.remote) },
    { header: 'Scope', cell: (token) => scopeLabel(token.scope) },
    // A token made here works through the day it expires on: the day says it.
    { header: 'Expires', cell: (token) => formatDate(token.expiresAt) },
    { header: 'Last used', cell: (token) => (token.lastUsedAt ? formatDateTime(token.lastUsedAt) : 'Never') },
    { header: 'State', cell: (token) => STATES[token.state] },
    {
      header: 'Action',
      fit: true,
      cell: (token) =>
        token.state === 'active' ? (
          <RowActions>
            <RowAction aria-label={`Revoke ${token.name}`} onClick={() => setRevoking(token)}>
              Revoke
            </RowAction>
          </RowActions>
        ) : (
          '—'
        ),
    },
  ];

  return (
    <Section aria-labelledby="deploy-tokens-title">
      <Heading>
        <h3 id="deploy-tokens-title">Deploy tokens</h3>
        <Button onClick={() => setCreating(true)}>New token</Button>
      </Heading>
      <Note>
        A remote team&apos;s CI publishes its remote&apos;s releases over HTTPS with a token (DEPLOY_TOKEN); one with
        the scope &ldquo;Publish and go live&rdquo; also puts them live and rolls back.
      </Note>
      <ListTable
        caption="Deploy tokens"
        itemsName="deploy tokens"
        load={load}
        emptyText="No deploy tokens yet."
        columns={columns}
        rows={load.data ?? []}
        rowKey={(token) => token._id}
      />
      {creating && (
        <Modal title={secret ? 'Copy the new token' : 'New deploy token'} onClose={close}>
          {secret ? (
            <SecretBox role="status" aria-label="New deploy token">
              <p>
                The secret of <strong>{secret.name}</strong>. Copy it now into your CI&apos;s secrets as DEPLOY_TOKEN:
                it will not be shown again.
              </p>
              <code>{secret.secret}</code>
              <ModalActions>
                <Button
                  variant="secondary"
                  onClick={() =>
                    void navigator.clipboard
                      ?.writeText(secret.secret)
                      .then(() => notify.success('Token copied'))
                      .catch(() => undefined)
                  }
                >
                  Copy
                </Button>
                <Button onClick={close}>Done</Button>
              </ModalActions>
            </SecretBox>
          ) : (
            <RecordForm<TokenValues>
              initialValues={{
                name: '',
                // The remote whose releases the Admin is looking at, and the least power: going live is chosen.
                remote: remotes.some((remote) => remote.name === remoteInView)
                  ? remoteInView!
                  : (remotes[0]?.name ?? ''),
                scope: 'publish',
                expires: dayFromToday(DEFAULT_DAYS),
              }}
              validationSchema={tokenSchema}
              onSubmit={create}
              label="Create token"
              onCancel={close}
            >
              <TextField name="name" label="Name" hint="What uses it, like Finance CI" />
              <SelectField
                name="remote"
                label="Remote"
                options={remotes.map((remote) => ({ value: remote.name, label: remote.label }))}
                emptyOption={false}
              />
              <SelectField name="scope" label="Scope" options={SCOPES} emptyOption={false} />
              <DateField name="expires" label="Expires" hint="dd/mm/yyyy, within a year: it works through that day" />
            </RecordForm>
          )}
        </Modal>
      )}
      {revoking && (
        <ConfirmDialog
          message={`Are you sure you want to revoke the deploy token “${revoking.name}”? What uses it can no longer publish or deploy.`}
          confirmLabel="Revoke"
          busy={busy}
          onConfirm={() => void revoke(revoking)}
          onCancel={() => setRevoking(undefined)}
        />
      )}
    </Section>
  );
}

const SecretBox = styled.div`
  p {
    margin: 0 0 ${({ theme }) => theme.space(3)};
  }
  code {
    display: block;
    padding: ${({ theme }) => theme.space(3)};
    border: 1px solid ${({ theme }) => theme.color.border};
    border-radius: ${({ theme }) => theme.radius};
    background: ${({ theme }) => theme.color.primarySoft};
    overflow-wrap: anywhere;
  }
`;
