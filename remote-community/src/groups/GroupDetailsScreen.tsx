import { useNavigate, useParams } from 'react-router-dom';
import styled from 'styled-components';
import {
  ButtonLink,
  DeleteButton,
  DetailsList,
  formatDate,
  groupsApi,
  LoadingBlock,
  MissingRecord,
  notify,
  PageHeader,
  Panel,
  useRequest,
  useUserId,
} from 'shared';
import { GroupPicture } from './GroupPicture';

const Body = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space(8)};
`;

const Description = styled.dd`
  white-space: pre-line;
  max-width: 60ch;
`;

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
    navigate('/group-list');
  };

  return (
    <Panel>
      <PageHeader
        title={group.groupName}
        actions={
          <>
            <ButtonLink variant="secondary" to="/group-list">
              Back
            </ButtonLink>
            <ButtonLink to={`/group/edit/${group._id}`}>Edit Group</ButtonLink>
            <DeleteButton
              label="Delete Group"
              confirmMessage="Are you sure you want to delete this group?"
              onDelete={remove}
            />
          </>
        }
      />
      <Body>
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
          <Description>{group.groupDescription}</Description>
          {group.createdAt && (
            <>
              <dt>Date Added</dt>
              <dd>{formatDate(group.createdAt)}</dd>
            </>
          )}
        </DetailsList>
      </Body>
    </Panel>
  );
}
