import styled from 'styled-components';
import { ButtonLink, ListTable, PageHeader, Panel, useSearchFilter, type Column, WriteOnly, RowAction } from 'shared';
import { useResource } from 'shared/data';
import { groups, groupsApi, type Group } from './api';
import { GroupPicture } from './GroupPicture';

const NoPicture = styled.span`
  color: ${({ theme }) => theme.color.muted};
`;

const columns: Column<Group>[] = [
  { header: 'Name', maxWidth: '280px', cell: (group) => group.groupName },
  {
    header: 'Link',
    maxWidth: '320px',
    cell: (group) => (
      <a href={group.groupLink} title={group.groupLink} target="_blank" rel="noopener noreferrer">
        {group.groupLink}
      </a>
    ),
  },
  {
    header: 'Thumbnail',
    fit: true,
    cell: (group) =>
      group.groupImage ? (
        <GroupPicture src={group.groupImage} alt={`Picture of ${group.groupName}`} loading="lazy" />
      ) : (
        <NoPicture aria-label="No picture">—</NoPicture>
      ),
  },
  {
    header: 'Details',
    fit: true,
    cell: (group) => (
      <RowAction to={`/group/${group._id}`} aria-label={`View details of ${group.groupName}`}>
        View Details
      </RowAction>
    ),
  },
];

/** /group-list (spec §2): the groups, filtered by the header's search on name, link and description. */
export function GroupListScreen() {
  const load = useResource(groups.list(), (signal) => groupsApi.list(signal));
  const rows = useSearchFilter(load.data, (group) => [group.groupName, group.groupLink, group.groupDescription]);

  return (
    <Panel>
      <PageHeader
        actions={
          <WriteOnly>
            <ButtonLink to="/group-formation">Add New Group</ButtonLink>
          </WriteOnly>
        }
      />
      <ListTable
        load={load}
        emptyText="No groups available."
        caption="Groups"
        columns={columns}
        rows={rows}
        rowKey={(group) => group._id}
      />
    </Panel>
  );
}
