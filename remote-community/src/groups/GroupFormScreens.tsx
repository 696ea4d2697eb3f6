import { useParams } from 'react-router-dom';
import { LoadingBlock, MissingRecord, useRequest } from 'shared';
import { groupsApi } from './api';
import { GroupForm } from './GroupForm';

/** /group-formation */
export function AddGroupScreen() {
  return <GroupForm mode="add" />;
}

/** /group/edit/{id}: the form prefilled with the stored group. */
export function EditGroupScreen() {
  const { id = '' } = useParams();
  const { data: group, loading } = useRequest((signal) => groupsApi.get(id, signal), id);
  if (loading) return <LoadingBlock />;
  if (!group)
    return <MissingRecord message="Group details not found." backTo="/group-list" backLabel="Back to Groups" />;
  return <GroupForm mode="edit" group={group} />;
}
