import { ListTable, Panel, useSearchFilter, useUserId } from 'shared';
import { useResource } from 'shared/data';
import { massIntentions, massIntentionsApi, type MassIntention } from './api';

const columns = [
  { header: 'Full Name', cell: (row: MassIntention) => row.fullname },
  { header: 'Email', cell: (row: MassIntention) => <a href={`mailto:${row.email}`}>{row.email}</a> },
  { header: 'Intention Type', cell: (row: MassIntention) => row.intention },
];

/** Mass intention requests sent from the mobile app (spec §2 /mass-scheduling). */
export function MassSchedulingScreen() {
  const userId = useUserId();
  const load = useResource(massIntentions.list({ userId }), (signal) => massIntentionsApi.list(userId, signal));
  const rows = useSearchFilter(load.data, (row) => [row.fullname, row.email, row.intention]);

  return (
    <Panel>
      <ListTable
        load={load}
        emptyText="No mass intentions available."
        caption="Mass intentions"
        columns={columns}
        rows={rows}
        rowKey={(row) => row._id}
      />
    </Panel>
  );
}
