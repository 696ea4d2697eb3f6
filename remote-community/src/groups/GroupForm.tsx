import { DefinedForm, useUploadProgress } from 'shared';
import { useSave } from 'shared/data';
import { groupsApi, type Group, type GroupInput } from './api';
import { groupForm } from './form';

/** Add Group (/group-formation) and Edit Group (/group/edit/{id}): one form, two modes. */
export function GroupForm({ record: group }: { record?: Group }) {
  const upload = useUploadProgress();
  // Deviation (ARCHITECTURE): edit goes back to the group's details, not to /group-formation/{id}.
  const backTo = group ? `/group/${group._id}` : '/group-list';

  const save = useSave<GroupInput>({
    write: (values, userId) =>
      upload.run(values.groupImage, (onProgress) =>
        group ? groupsApi.update(userId, group._id, values, onProgress) : groupsApi.create(userId, values, onProgress),
      ),
    toast: group ? 'Group updated successfully' : 'Group added successfully',
    back: backTo,
  });

  return (
    // The shell's header already names the screen ('Add Group', 'Edit Group').
    <DefinedForm
      backTo={backTo}
      form={groupForm}
      record={group}
      progress={upload.progress}
      onSubmit={save}
      label={group ? 'Save Changes' : 'Add Group'}
    />
  );
}
