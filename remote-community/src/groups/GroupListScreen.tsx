import styled from 'styled-components';
import { detailsColumn, linkColumn, ListPage, type ListLayout } from 'shared';
import { useList } from 'shared/data';
import { groups, groupsApi, type Group } from './api';
import { GroupPicture } from './GroupPicture';

const NoPicture = styled.span`
  color: ${({ theme }) => theme.color.muted};
`;

const layout: ListLayout<Group> = {
  columns: [
    {
      header: 'Name',
      maxWidth: '280px',
      sort: { key: 'groupName', value: (group) => group.groupName },
      cell: (group) => group.groupName,
    },
    linkColumn('Link', '320px', (group) => group.groupLink),
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
    detailsColumn((group) => ({ to: `/group/${group._id}`, name: group.groupName })),
  ],
  caption: 'Groups',
  emptyText: 'No groups available.',
  add: { to: '/group-formation', label: 'Add New Group' },
  exportList: 'groups',
};

/** /group-list (spec §2): the groups, filtered by the header's search on name, link and description. */
export function GroupListScreen() {
  const list = useList(groups, groupsApi.list, (group) => [group.groupName, group.groupLink, group.groupDescription]);
  return <ListPage {...list} {...layout} />;
}
