import { Form, Formik } from 'formik';
import { useNavigate } from 'react-router-dom';
import {
  FormButtons,
  FormColumn,
  FormPage,
  notify,
  PictureField,
  TextAreaField,
  TextField,
  useUploadProgress,
  useUserId,
} from 'shared';
import { groupsApi, type Group, type GroupInput } from './api';
import { groupSchema } from './groupSchema';

type GroupFormProps = { mode: 'add' } | { mode: 'edit'; group: Group };

/** Add Group (/group-formation) and Edit Group (/group/edit/{id}): one form, two modes. */
export function GroupForm(props: GroupFormProps) {
  const userId = useUserId();
  const navigate = useNavigate();
  const upload = useUploadProgress();
  const group = props.mode === 'edit' ? props.group : undefined;
  // Deviation (ARCHITECTURE): edit goes back to the group's details, not to /group-formation/{id}.
  const backTo = group ? `/group/${group._id}` : '/group-list';

  const initialValues: GroupInput = {
    groupName: group?.groupName ?? '',
    groupLink: group?.groupLink ?? '',
    groupDescription: group?.groupDescription ?? '',
    // On edit the current picture's URL (or none): sent back unchanged unless a new file is chosen.
    groupImage: group?.groupImage ?? null,
  };

  const save = async (values: GroupInput) => {
    try {
      if (group) {
        await upload.run(values.groupImage, (onProgress) => groupsApi.update(userId, group._id, values, onProgress));
        notify.success('Group updated successfully');
        void navigate(`/group/${group._id}`);
      } else {
        await upload.run(values.groupImage, (onProgress) => groupsApi.create(userId, values, onProgress));
        notify.success('Group added successfully');
        void navigate('/group-list');
      }
    } catch {
      // The client showed the server's message; everything typed stays in the form.
    }
  };

  return (
    // The shell's header already names the screen ('Add Group', 'Edit Group').
    <FormPage backTo={backTo}>
      <Formik initialValues={initialValues} validationSchema={groupSchema} onSubmit={save}>
        {({ isSubmitting }) => (
          <Form noValidate>
            <FormColumn>
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
              <FormButtons busy={isSubmitting} label={group ? 'Save Changes' : 'Add Group'} />
            </FormColumn>
          </Form>
        )}
      </Formik>
    </FormPage>
  );
}
