import { useNavigate, useParams } from 'react-router-dom';
import {
  DetailsBody,
  DetailsHeader,
  DetailsList,
  DetailsText,
  formatDate,
  LoadingBlock,
  MissingRecord,
  notify,
  Panel,
  useRequest,
  useUserId,
} from 'shared';
import { groupsApi } from './api';
import { GroupPicture } from './GroupPicture';

/** /group/{id} (spec §2): the group, with Edit Group and Delete Group. */
export function GroupDetailsScreen() {
  const { id = '' } = useParams();
  const userId = useUserId();
  const navigate = useNavigate();
  const { data: group, loading } = useRequest((signal) => groupsApi.get(id, signal), id);

  if (loading) return <LoadingBlock />;
  if (!group)
    return <MissingRecord message="Group details not found." backTo="/group-list" backLabel="Back to Groups" />;

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
