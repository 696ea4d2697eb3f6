import { DataTable, EmptyText, PageHeader, Panel, SampleDataNotice, useSearchFilter, type Column } from 'shared';
import styled from 'styled-components';
import { SAMPLE_NOTICE, sampleUsers, type SampleUser } from '../sample-data/sampleUsers';

const Status = styled.span<{ $active: boolean }>`
  display: inline-block;
  padding: 2px 10px;
  border-radius: 999px;
  font-size: ${({ theme }) => theme.font.size.small};
  font-weight: 600;
  color: ${({ $active, theme }) => ($active ? theme.color.success : theme.color.muted)};
  background: ${({ $active }) => ($active ? '#e3f4ea' : '#eef0f4')};
`;

const columns: Column<SampleUser>[] = [
  { header: 'Name', sort: { key: 'name', value: (user) => user.name }, cell: (user) => user.name },
  { header: 'Email', sort: { key: 'email', value: (user) => user.email }, cell: (user) => user.email },
  {
    header: 'Status',
    sort: { key: 'status', value: (user) => user.status },
    cell: (user) => <Status $active={user.status === 'Active'}>{user.status}</Status>,
  },
  { header: 'Phone', sort: { key: 'phone', value: (user) => user.phone }, cell: (user) => user.phone },
  { header: 'Address', sort: { key: 'address', value: (user) => user.address }, cell: (user) => user.address },
];

/** /users: the spec's static sample table; no server (spec §2). */
export function UsersScreen() {
  const rows = useSearchFilter(sampleUsers, (user) => [user.name, user.email, user.phone, user.address, user.status]);
  return (
    <>
      <PageHeader />
      <Panel>
        <SampleDataNotice>{SAMPLE_NOTICE}</SampleDataNotice>
        {rows.length === 0 ? (
          <EmptyText>No users match the search.</EmptyText>
        ) : (
          <DataTable caption="Users (sample data)" columns={columns} rows={rows} rowKey={(user) => user.id} />
        )}
      </Panel>
    </>
  );
}
