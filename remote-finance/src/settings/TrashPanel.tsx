import {
  DataTable,
  DeleteButton,
  EmptyText,
  formatDateTime,
  notify,
  NotLoaded,
  Panel,
  RowAction,
  SectionHeader,
} from 'shared';
import type { Column } from 'shared';
import { useResource, useRestore } from 'shared/data';
import styled from 'styled-components';
import { trash, trashApi, type TrashEntry } from './api';

const Muted = styled.span`
  color: ${({ theme }) => theme.color.muted};
`;

// The record's name gets the table's width, wrapping rather than cut (it tells the entries apart), and
// under it what kind of record it is.
const Name = styled.span`
  display: grid;
  gap: 2px;
  min-width: 10rem;
  overflow-wrap: anywhere;
  @media (max-width: 599px) {
    min-width: 0;
  }
`;

/** 'Book', or '3 prayer requests' for a Delete All. */
const whatOf = (entry: TrashEntry) =>
  entry.records === 1
    ? `${entry.kind.charAt(0).toUpperCase()}${entry.kind.slice(1)}`
    : `${entry.records} ${entry.kind}s`;

/**
 * Settings → Trash (Admins, and Managers for the content): what the deletes removed, the latest first,
 * each restorable with its files until TRASH_KEEP_DAYS; 'Empty trash' asks first and is final.
 */
export function TrashPanel() {
  const load = useResource(trash.list(), trashApi.list);
  const restore = useRestore();
  const entries = load.data;

  const columns: Column<TrashEntry>[] = [
    {
      header: 'Deleted',
      fit: true,
      sort: { key: 'deletedAt', value: (entry) => new Date(entry.deletedAt) },
      cell: (entry) => formatDateTime(entry.deletedAt),
    },
    {
      header: 'Record',
      sort: { key: 'title', value: (entry) => entry.title },
      cell: (entry) => (
        <Name>
          {entry.title}
          <Muted as="small">{whatOf(entry)}</Muted>
        </Name>
      ),
    },
    {
      header: 'Deleted by',
      fit: true,
      sort: { key: 'deletedBy', value: (entry) => entry.deletedBy },
      cell: (entry) => <Muted>{entry.deletedBy}</Muted>,
    },
    {
      header: 'Action',
      fit: true,
      cell: (entry) => (
        <RowAction aria-label={`Restore ${entry.title}`} onClick={() => void restore(entry._id).catch(() => undefined)}>
          Restore
        </RowAction>
      ),
    },
  ];

  const empty = async () => {
    await trashApi.empty();
    notify.success('Trash emptied');
  };

  return (
    <Panel aria-label="Trash">
      <SectionHeader
        title="Trash"
        actions={
          entries?.length ? (
            <DeleteButton
              label="Empty trash"
              confirmMessage="Empty the trash? Everything in it is deleted for good, with its pictures and files. This cannot be undone."
              onDelete={empty}
            />
          ) : undefined
        }
      />
      {entries ? (
        entries.length ? (
          <>
            <Muted as="p">
              Deleted records can be restored from here for a limited time (30 days unless the server is set otherwise),
              then they go for good.
            </Muted>
            <DataTable caption="Trash" columns={columns} rows={entries} rowKey={(entry) => entry._id} />
          </>
        ) : (
          <EmptyText>The trash is empty.</EmptyText>
        )
      ) : (
        <NotLoaded load={load} what="The trash" missing={null} />
      )}
    </Panel>
  );
}
