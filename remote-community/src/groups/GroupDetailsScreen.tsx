import { useNavigate, useParams } from 'react-router-dom';
import {
  DetailsBody,
  DetailsHeader,
  DetailsList,
  DetailsText,
  formatDate,
  NotLoadedScreen,
  MissingRecord,
  notify,
  Panel,
  useUserId,
} from 'shared';
import { useResource } from 'shared/data';
import { groups, groupsApi } from './api';
import { GroupPicture } from './GroupPicture';

/** /group/{id} (spec §2): the group, with Edit Group and Delete Group. */
export function GroupDetailsScreen() {
  const { id = '' } = useParams();
  const userId = useUserId();
  const navigate = useNavigate();
  const load = useResource(groups.detail(id), (signal) => groupsApi.get(id, signal));
  const group = load.data;
  if (!group) {
    const missing = (
      <MissingRecord message="Group details not found." backTo="/group-list" backLabel="Back to Groups" />
    );
    return <NotLoadedScreen load={load} what="This group" missing={missing} />;
  }

  const remove = async () => {
    await groupsApi.remove(userId, group._id);
    notify.success('Group deleted successfully');
    void navigate('/group-list');
  };

  return (
    <Panel>
      <DetailsHeader
        title={group.groupName}
        backTo="/group-list"
        editTo={`/group/edit/${group._id}`}
        editLabel="Edit Group"
        deleteLabel="Delete Group"
        confirmMessage="Are you sure you want to delete this group?"
        onDelete={remove}
      />
      <DetailsBody>
        {group.groupImage && (
          <GroupPicture $size="large" src={group.groupImage} alt={`Picture of ${group.groupName}`} />
        )}
        <DetailsList>
          <dt>Link</dt>
          <dd>
            <a href={group.groupLink} target="_blank" rel="noopener noreferrer">
              {group.groupLink}
            </a>
          </dd>
          <dt>Description</dt>
          <DetailsText>{group.groupDescription}</DetailsText>
          {group.createdAt && (
            <>
              <dt>Date Added</dt>
              <dd>{formatDate(group.createdAt)}</dd>
            </>
          )}
        </DetailsList>
      </DetailsBody>
    </Panel>
  );
}
