import { formValues, PictureField, RecordForm, TextAreaField, TextField, useUploadProgress } from 'shared';
import { useSave } from 'shared/data';
import { groupsApi, type Group, type GroupInput } from './api';
import { groupSchema } from './groupSchema';

/** Add Group (/group-formation) and Edit Group (/group/edit/{id}): one form, two modes. */
export function GroupForm({ record: group }: { record?: Group }) {
  const upload = useUploadProgress();
  // Deviation (ARCHITECTURE): edit goes back to the group's details, not to /group-formation/{id}.
  const backTo = group ? `/group/${group._id}` : '/group-list';

  // On edit the current picture's URL (or none): sent back unchanged unless a new file is chosen.
  const blank: GroupInput = { groupName: '', groupLink: '', groupDescription: '', groupImage: null };

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
      initialValues={formValues(blank, group)}
      validationSchema={groupSchema}
      onSubmit={save}
      label={group ? 'Save Changes' : 'Add Group'}
    >
      <TextField name="groupName" label="Name" />
      <TextField name="groupLink" label="Link" type="url" placeholder="https://" />
      <TextAreaField name="groupDescription" label="Description" rows={5} />
      <PictureField
        name="groupImage"
        words="The picture"
        progress={upload.progress}
        keepsCurrent={Boolean(group?.groupImage)}
        optional
      />
    </RecordForm>
  );
}
