import { RecordDetailsScreen } from 'shared/data';
import { groupKind } from './api';
import { groupForm } from './form';
import { GroupPicture } from './GroupPicture';

/** /group/{id} (spec §2): the group, with Edit Group and Delete Group. */
export function GroupDetailsScreen() {
  return (
    <RecordDetailsScreen
      kind={groupKind}
      form={groupForm}
      title={(group) => group.groupName}
      picture={(group) =>
        group.groupImage && <GroupPicture $size="large" src={group.groupImage} alt={`Picture of ${group.groupName}`} />
      }
      history="groups"
    />
  );
}
