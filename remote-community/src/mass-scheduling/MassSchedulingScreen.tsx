import { ListTable, Panel, useRequest, useSearchFilter, useUserId } from 'shared';
import { massIntentionsApi, type MassIntention } from './api';

const columns = [
  { header: 'Full Name', cell: (row: MassIntention) => row.fullname },
  { header: 'Email', cell: (row: MassIntention) => <a href={`mailto:${row.email}`}>{row.email}</a> },
  { header: 'Intention Type', cell: (row: MassIntention) => row.intention },
];

/** Mass intention requests sent from the mobile app (spec §2 /mass-scheduling). */
export function MassSchedulingScreen() {
  const userId = useUserId();
  const { data, loading } = useRequest((signal) => massIntentionsApi.list(userId, signal), userId);
  const rows = useSearchFilter(data, (row) => [row.fullname, row.email, row.intention]);

  return (
    <Panel>
      <ListTable
        loading={loading}
        emptyText="No mass intentions available."
        caption="Mass intentions"
        columns={columns}
        rows={rows}
        rowKey={(row) => row._id}
      />
    </Panel>
  );
}
