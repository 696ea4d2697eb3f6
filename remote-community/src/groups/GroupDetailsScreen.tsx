import { DetailsBody, DetailsHeader, DetailsList, DetailsRows, Panel } from 'shared';
import { RecordHistory, useRemove } from 'shared/data';
import { groups, groupsApi } from './api';
import { groupForm } from './form';
import { useGroup } from './GroupFormScreens';
import { GroupPicture } from './GroupPicture';

/** /group/{id} (spec §2): the group, with Edit Group and Delete Group. */
export function GroupDetailsScreen() {
  const { record: group, fallback } = useGroup();
  const remove = useRemove(group, groupsApi.remove, 'Group deleted successfully', '/group-list');
  if (!group) return fallback;

  return (
    <>
      <DetailsHeader
        title={group.groupName}
        backTo="/group-list"
        editTo={`/group/edit/${group._id}`}
        editLabel="Edit Group"
        deleteLabel="Delete Group"
        confirmMessage="Are you sure you want to delete this group?"
        onDelete={remove}
      />
      <Panel>
        <DetailsBody>
          {group.groupImage && (
            <GroupPicture $size="large" src={group.groupImage} alt={`Picture of ${group.groupName}`} />
          )}
          <DetailsList>
            <DetailsRows form={groupForm} record={group} />
          </DetailsList>
        </DetailsBody>
        <RecordHistory of="groups" resource={groups} record={group} fields={groupForm.fields} />
      </Panel>
    </>
  );
}
