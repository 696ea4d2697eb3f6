import { useParams } from 'react-router-dom';
import { MissingRecord, NotLoadedScreen } from 'shared';
import { useResource } from 'shared/data';
import { groups, groupsApi } from './api';
import { GroupForm } from './GroupForm';

/** /group-formation */
export function AddGroupScreen() {
  return <GroupForm mode="add" />;
}

/** /group/edit/{id}: the form prefilled with the stored group. */
export function EditGroupScreen() {
  const { id = '' } = useParams();
  const load = useResource(groups.detail(id), (signal) => groupsApi.get(id, signal));
  const group = load.data;
  if (!group) {
    const missing = (
      <MissingRecord message="Group details not found." backTo="/group-list" backLabel="Back to Groups" />
    );
    return <NotLoadedScreen load={load} what="This group" missing={missing} />;
  }
  return <GroupForm mode="edit" group={group} />;
}
