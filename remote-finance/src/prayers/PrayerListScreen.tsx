import { useState } from 'react';
import {
  actionColumn,
  deleteColumn,
  editColumn,
  ListPage,
  RowAction,
  serialColumn,
  useEditModal,
  type ListLayout,
} from 'shared';
import { HistoryDialog, useList, useRemoveRow } from 'shared/data';
import { prayerKind, prayers, prayersApi, type Prayer } from './api';
import { prayerForm } from './form';
import { PrayerForm } from './PrayerForm';

/**
 * /prayers, titled 'Section A Prayers' (spec §2): the table, an Edit modal per row, Delete with
 * confirmation, and each prayer's History (a prayer has no details screen to show it).
 */
export function PrayerListScreen() {
  const list = useList(prayers, prayersApi.list, (prayer) => [prayer.title, prayer.prayer]);
  const editor = useEditModal<Prayer>('Edit Prayer', (prayer, close) => <PrayerForm record={prayer} onClose={close} />);
  const [historyOf, setHistoryOf] = useState<Prayer>();

  const remove = useRemoveRow(prayersApi.remove, prayerKind.toasts.deleted);
  const layout: ListLayout<Prayer> = {
    columns: [
      serialColumn(),
      {
        header: 'Title',
        maxWidth: '240px',
        sort: { key: 'title', value: (prayer) => prayer.title },
        cell: (prayer) => prayer.title,
      },
      // Spec §9: the prayer text is truncated at a maximum width of 300 px (the full text is its tooltip
      // and stays reachable by focus).
      {
        header: 'Prayer',
        maxWidth: '300px',
        sort: { key: 'prayer', value: (prayer) => prayer.prayer },
        cell: (prayer) => prayer.prayer,
      },
      actionColumn(
        editColumn(editor),
        deleteColumn(prayerKind.labels.confirmDelete, remove),
        // Every role reads a History; only who may edit sees its Restore.
        {
          header: 'History',
          cell: (prayer) => (
            <RowAction onClick={() => setHistoryOf(prayer)} aria-label={`History of ${prayer.title}`}>
              History
            </RowAction>
          ),
        },
      ),
    ],
    caption: 'Section A Prayers',
    itemsName: 'prayers',
    emptyText: 'No prayers available.',
    add: { to: '/add-prayer', label: 'Add Prayer' },
    exportList: 'prayers',
  };
  return (
    <ListPage {...list} {...layout}>
      {editor.modal}
      {historyOf && (
        <HistoryDialog
          title={`History of “${historyOf.title}”`}
          of="prayers"
          resource={prayers}
          record={historyOf}
          fields={prayerForm.fields}
          onClose={() => setHistoryOf(undefined)}
        />
      )}
    </ListPage>
  );
}
