import type { paths } from 'api/contract';
import { Fragment, useState } from 'react';
import styled from 'styled-components';
// Through the package name, not a relative path: the federation then hands this entry the page's one
// `shared`.
import {
  Button,
  callApi,
  EmptyText,
  formatDateTime,
  Modal,
  ModalActions,
  ModalCloseActions,
  NotLoaded,
  notify,
  SectionHeader,
  useUserId,
  WriteOnly,
} from 'shared';
import { useResource, type Resource } from './resource';
import { wordDiff, type DiffPart } from './textDiff';

/**
 * The records that keep a history, as the API names them: the `<name>` of each
 * `/api/v1/<name>/{id}/versions` route of the contract, so that a resource the server adds or renames
 * follows here.
 */
export type HistoryName = {
  [Route in keyof paths]: Route extends `/api/v1/${infer Name}/{id}/versions` ? Name : never;
}[keyof paths];

/** A field a version is compared on, as the screen names it (a form definition's fields will do). */
export interface ComparedField {
  name: string;
  label: string;
  /** A form field's kind: pictures, files and the date added are not text, and are not compared. */
  kind?: string;
  /** As a form definition's field: the record holds its value under `stored`, else `sent`, else `name`. */
  sent?: string;
  stored?: string;
}

const storedName = (field: ComparedField) => field.stored ?? field.sent ?? field.name;

const NOT_TEXT = new Set(['image', 'file', 'added']);

export const HISTORY_WORDS = {
  restored: 'Version restored successfully',
  confirm: 'Are you sure you want to restore this version? The current text is kept in History.',
  none: 'No earlier versions yet.',
} as const;

/**
 * A record's history: its kept versions (newest first), one version's fields, and its restore, which
 * reloads every list and record of the resource so that the screen shows the restored text.
 */
export function useRecordHistory(name: HistoryName, resource: Resource, id: string) {
  const userId = useUserId();
  const versions = useResource([resource.name, 'history', id], async (signal) => {
    const answer = await callApi('get', `/api/v1/${name}/{id}/versions`, { params: { id }, signal });
    return answer.data;
  });
  return {
    versions,
    useVersion: (versionId: string) =>
      useResource([resource.name, 'history', id, versionId], async (signal) => {
        const answer = await callApi('get', `/api/v1/${name}/{id}/versions/{versionId}`, {
          params: { id, versionId },
          signal,
        });
        return answer.data;
      }),
    restore: (versionId: string) =>
      resource.write(
        callApi('post', `/api/v1/${name}/{id}/versions/{versionId}/restore/{userId}`, {
          params: { id, versionId, userId },
        }),
      ),
  };
}

type History = ReturnType<typeof useRecordHistory>;
type Listed = NonNullable<History['versions']['data']>[number];

const Versions = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  display: grid;
  gap: ${({ theme }) => theme.space(1)};
  max-width: 60ch;
`;

const VersionButton = styled.button`
  width: 100%;
  display: flex;
  flex-wrap: wrap;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space(1)} ${({ theme }) => theme.space(4)};
  padding: ${({ theme }) => theme.space(2)} ${({ theme }) => theme.space(3)};
  border: 1px solid ${({ theme }) => theme.color.border};
  border-radius: 6px;
  background: ${({ theme }) => theme.color.surface};
  color: ${({ theme }) => theme.color.text};
  font: inherit;
  text-align: left;
  cursor: pointer;
  &:hover {
    background: ${({ theme }) => theme.color.primarySoft};
  }
  span {
    color: ${({ theme }) => theme.color.muted};
  }
`;

const Section = styled.section`
  margin-top: ${({ theme }) => theme.space(8)};
  padding-top: ${({ theme }) => theme.space(4)};
  border-top: 1px solid ${({ theme }) => theme.color.border};
`;

/** The versions of a record, newest first: each a button that opens it. */
function VersionList({ history, onOpen }: { history: History; onOpen: (version: Listed) => void }) {
  const list = history.versions.data;
  if (list === undefined) return <NotLoaded load={history.versions} what="The history" missing={null} />;
  if (list.length === 0) return <EmptyText>{HISTORY_WORDS.none}</EmptyText>;
  return (
    <Versions>
      {list.map((version) => (
        <li key={version.id}>
          <VersionButton type="button" onClick={() => onOpen(version)}>
            {formatDateTime(version.savedAt)}
            <span>{version.savedBy ? version.savedBy.name : 'Saved before history was kept'}</span>
          </VersionButton>
        </li>
      ))}
    </Versions>
  );
}

/**
 * The History section of a details screen: the versions earlier edits replaced, each opening read-only
 * with what changed against the current text, and 'Restore this version' for who may edit.
 */
export function RecordHistory({
  of,
  resource,
  record,
  fields,
  onRestored,
}: {
  of: HistoryName;
  resource: Resource;
  record: { _id: string };
  fields: readonly ComparedField[];
  /** For a screen that shows a record it was handed rather than loaded: the record as restored. */
  onRestored?: (restored: unknown) => void;
}) {
  const history = useRecordHistory(of, resource, record._id);
  const [open, setOpen] = useState<Listed | null>(null);
  return (
    <Section aria-labelledby="record-history">
      <SectionHeader title={<span id="record-history">History</span>} />
      <VersionList history={history} onOpen={setOpen} />
      {open && (
        <VersionDialog
          history={history}
          version={open}
          current={record as unknown as Record<string, unknown>}
          fields={fields}
          onClose={() => setOpen(null)}
          onRestored={onRestored}
        />
      )}
    </Section>
  );
}

/**
 * A record's History as a dialog, for a record edited in its list (no details screen): its versions;
 * one opens in the dialog's place (Close goes back to the versions), and a restore closes it.
 */
export function HistoryDialog({
  title,
  onClose,
  onRestored,
  ...about
}: Parameters<typeof RecordHistory>[0] & {
  /** The dialog's title ('History of “Morning Offering”'). */
  title: string;
  onClose: () => void;
}) {
  const history = useRecordHistory(about.of, about.resource, about.record._id);
  const [open, setOpen] = useState<Listed | null>(null);
  if (open) {
    return (
      <VersionDialog
        history={history}
        version={open}
        current={about.record as unknown as Record<string, unknown>}
        fields={about.fields}
        onClose={() => setOpen(null)}
        onRestored={(restored) => {
          onClose();
          onRestored?.(restored);
        }}
      />
    );
  }
  return (
    <Modal title={title} onClose={onClose}>
      <VersionList history={history} onOpen={setOpen} />
      <ModalCloseActions onClose={onClose} />
    </Modal>
  );
}

const Field = styled.section`
  margin-bottom: ${({ theme }) => theme.space(4)};
  h3 {
    margin: 0 0 ${({ theme }) => theme.space(1)};
    font-size: ${({ theme }) => theme.font.size.body};
    color: ${({ theme }) => theme.color.muted};
  }
  p {
    margin: 0;
    white-space: pre-line;
    overflow-wrap: anywhere;
    line-height: 1.6;
  }
`;

/** Marked by more than colour: what the version adds is underlined, what it lacks is struck through. */
const Added = styled.ins`
  background: #e3f4ea;
  color: #14532d;
  text-decoration: underline;
  text-decoration-thickness: 2px;
`;

const Removed = styled.del`
  background: ${({ theme }) => theme.color.dangerSoft};
  color: ${({ theme }) => theme.color.danger};
  text-decoration: line-through;
`;

const Legend = styled.p`
  margin: 0 0 ${({ theme }) => theme.space(4)};
  color: ${({ theme }) => theme.color.muted};
  font-size: ${({ theme }) => theme.font.size.small};
`;

function Compared({ parts }: { parts: DiffPart[] }) {
  return (
    <p>
      {parts.map((part, index) =>
        part.change === 'added' ? (
          // Words replaced by others read as two runs, not one word.
          <Fragment key={index}>
            {parts[index - 1]?.change === 'removed' && ' '}
            <Added>{part.text}</Added>
          </Fragment>
        ) : part.change === 'removed' ? (
          <Removed key={index}>{part.text}</Removed>
        ) : (
          <span key={index}>{part.text}</span>
        ),
      )}
    </p>
  );
}

/** One version, read-only, compared with the current text; restoring asks first. */
function VersionDialog({
  history,
  version,
  current,
  fields,
  onClose,
  onRestored,
}: {
  history: History;
  version: Listed;
  current: Record<string, unknown>;
  fields: readonly ComparedField[];
  onClose: () => void;
  onRestored?: (restored: unknown) => void;
}) {
  const load = history.useVersion(version.id);
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const kept = load.data?.fields as Record<string, unknown> | undefined;
  const who = version.savedBy ? ` by ${version.savedBy.name}` : '';

  const restore = async () => {
    setBusy(true);
    let answer: Awaited<ReturnType<History['restore']>>;
    try {
      answer = await history.restore(version.id);
    } catch {
      // The client showed the server's message; the dialog stays.
      setBusy(false);
      return;
    }
    notify.success(HISTORY_WORDS.restored);
    onClose();
    onRestored?.(answer.data);
  };

  if (confirming) {
    return (
      <Modal title="Please confirm" onClose={() => setConfirming(false)}>
        <p>{HISTORY_WORDS.confirm}</p>
        <ModalActions>
          <Button variant="secondary" onClick={() => setConfirming(false)}>
            Cancel
          </Button>
          <Button busy={busy} onClick={() => void restore()}>
            Restore
          </Button>
        </ModalActions>
      </Modal>
    );
  }

  return (
    <Modal wide title={`Version of ${formatDateTime(version.savedAt)}${who}`} onClose={onClose}>
      {kept === undefined ? (
        <NotLoaded load={load} what="This version" missing={null} />
      ) : (
        <>
          <Legend>
            Compared with the current text: <Added>underlined words</Added> are in this version only,{' '}
            <Removed>struck-through words</Removed> are in the current text only.
          </Legend>
          {fields
            .filter((field) => !NOT_TEXT.has(field.kind ?? ''))
            .map((field) => (
            <Field key={field.name}>
              <h3>{field.label}</h3>
              <Compared parts={wordDiff(current[storedName(field)], kept[storedName(field)])} />
            </Field>
          ))}
        </>
      )}
      <ModalActions>
        <Button variant="secondary" onClick={onClose}>
          Close
        </Button>
        <WriteOnly>
          <Button disabled={kept === undefined} onClick={() => setConfirming(true)}>
            Restore this version
          </Button>
        </WriteOnly>
      </ModalActions>
    </Modal>
  );
}
