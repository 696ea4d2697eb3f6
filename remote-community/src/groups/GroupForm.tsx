import { DefinedFields, RecordForm, useUploadProgress } from 'shared';
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
    <RecordForm
      backTo={backTo}
      // On edit the current picture's URL (or none): sent back unchanged unless a new file is chosen.
      initialValues={groupForm.values(group)}
      validationSchema={groupForm.schema(group ? 'edit' : 'add')}
      onSubmit={save}
      label={group ? 'Save Changes' : 'Add Group'}
    >
      <DefinedFields form={groupForm} record={group} progress={upload.progress} />
    </RecordForm>
  );
}
