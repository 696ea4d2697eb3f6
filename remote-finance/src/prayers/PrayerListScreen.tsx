import { useState } from 'react';
import {
  deleteColumn,
  ButtonLink,
  ListTable,
  Modal,
  notify,
  PageHeader,
  Panel,
  useSearchFilter,
  useUserId,
  type Column,
  WriteOnly,
  RowAction,
} from 'shared';
import { useResource } from 'shared/data';
import { prayers, prayersApi, type Prayer } from './api';
import { PrayerForm } from './PrayerForm';

/** /prayers, titled 'Section A Prayers' (spec §2): the table, an Edit modal per row, Delete with confirmation. */
export function PrayerListScreen() {
  const userId = useUserId();
  const load = useResource(prayers.list(), (signal) => prayersApi.list(signal));
  const rows = useSearchFilter(load.data, (prayer) => [prayer.title, prayer.prayer]);
  const [editing, setEditing] = useState<Prayer>();

  const remove = async (prayer: Prayer) => {
    await prayersApi.remove(userId, prayer._id);
    notify.success('Prayer deleted successfully');
  };

  const columns: Column<Prayer>[] = [
    { header: 'S/N', fit: true, cell: (_prayer, index) => index + 1 },
    { header: 'Title', maxWidth: '240px', cell: (prayer) => prayer.title },
    // Spec §9: the prayer text is truncated at a maximum width of 300 px (the full text is its tooltip
    // and stays reachable by focus).
    { header: 'Prayer', maxWidth: '300px', cell: (prayer) => prayer.prayer },
    {
      header: 'Edit',
      write: true,
      cell: (prayer) => <RowAction onClick={() => setEditing(prayer)}>Edit</RowAction>,
    },
    deleteColumn('Are you sure you want to delete this prayer?', remove),
  ];

  return (
    <Panel>
      <PageHeader
        actions={
          <WriteOnly>
            <ButtonLink to="/add-prayer">Add Prayer</ButtonLink>
          </WriteOnly>
        }
      />
      <ListTable
        load={load}
        emptyText="No prayers available."
        caption="Section A Prayers"
        itemsName="prayers"
        columns={columns}
        rows={rows}
        rowKey={(prayer) => prayer._id}
      />
      {editing && (
        <Modal title="Edit Prayer" onClose={() => setEditing(undefined)}>
          <PrayerForm mode="edit" prayer={editing} onClose={() => setEditing(undefined)} />
        </Modal>
      )}
    </Panel>
  );
}
