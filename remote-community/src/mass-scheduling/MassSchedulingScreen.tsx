import { ExportButton, ListTable, PageHeader, Panel, useUserId } from 'shared';
import { useGrowingList } from 'shared/data';
import { massIntentions, massIntentionsApi, type MassIntention } from './api';

const columns = [
  { header: 'Full Name', cell: (row: MassIntention) => row.fullname },
  { header: 'Email', cell: (row: MassIntention) => <a href={`mailto:${row.email}`}>{row.email}</a> },
  { header: 'Intention Type', cell: (row: MassIntention) => row.intention },
];

/**
 * Mass intention requests sent from the mobile app (spec §2 /mass-scheduling); past 500 of them
 * each page and each search is asked of the server (useGrowingList).
 */
export function MassSchedulingScreen() {
  const userId = useUserId();
  const { load, rows, total } = useGrowingList(
    massIntentions,
    { userId },
    (request, signal) => massIntentionsApi.page(userId, request, signal),
    (row) => [row.fullname, row.email, row.intention],
  );

  return (
    <Panel>
      <PageHeader actions={<ExportButton list="mass-intentions" />} />
      <ListTable
        load={load}
        emptyText="No mass intentions available."
        caption="Mass intentions"
        columns={columns}
        rows={rows}
        total={total}
        rowKey={(row) => row._id}
      />
    </Panel>
  );
}
