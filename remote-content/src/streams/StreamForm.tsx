import { Form, Formik, type FormikHelpers } from 'formik';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import {
  FormButtons,
  FormColumn,
  FormPage,
  notify,
  PictureField,
  SelectField,
  TextField,
  useUploadProgress,
  useUserId,
} from 'shared';
import { STREAM_CATEGORIES, streamsApi, type Stream, type StreamInput } from './api';
import { streamSchema } from './streamSchema';

type StreamFormProps = { mode: 'add' } | { mode: 'edit'; stream: Stream };

/** Add Live Stream (/manage-live-streaming) and Edit (/live-streaming/edit/{id}): one form, two modes. */
export function StreamForm(props: StreamFormProps) {
  const userId = useUserId();
  const navigate = useNavigate();
  const upload = useUploadProgress();
  // A new key after a successful add remounts the form: the file picker empties too.
  const [generation, setGeneration] = useState(0);
  const stream = props.mode === 'edit' ? props.stream : undefined;

  const initialValues: StreamInput = {
    category: stream?.category ?? '',
    title: stream?.name ?? '',
    link: stream?.streamingLink ?? '',
    // On edit the current thumbnail's URL: sent back unchanged unless a new file is chosen.
    image: stream?.image ?? null,
  };

  const save = async (values: StreamInput, helpers: FormikHelpers<StreamInput>) => {
    try {
      if (stream) {
        await upload.run(values.image, (onProgress) => streamsApi.update(userId, stream._id, values, onProgress));
        notify.success('Stream updated successfully');
        void navigate('/live-streaming');
      } else {
        await upload.run(values.image, (onProgress) => streamsApi.create(userId, values, onProgress));
        notify.success('Stream added successfully');
        // Spec §4: the add form is reset after a successful save.
        helpers.resetForm();
        setGeneration((n) => n + 1);
      }
    } catch {
      // The client showed the server's message; everything typed stays in the form.
    }
  };

  return (
    // Deviation (ARCHITECTURE): Back goes to the stream list, not to /bookshelf.
    <FormPage backTo="/live-streaming">
      <Formik
        key={generation}
        initialValues={initialValues}
        validationSchema={streamSchema(props.mode)}
        onSubmit={save}
      >
        {({ isSubmitting }) => (
          <Form noValidate>
            <FormColumn>
              <SelectField
                name="category"
                label="Category"
                placeholder="Select a category"
                options={STREAM_CATEGORIES}
              />
              <TextField name="title" label="Title" />
              <TextField name="link" label="Link" type="url" placeholder="https://" />
              <PictureField
                name="image"
                words="The thumbnail"
                progress={upload.progress}
                keepsCurrent={Boolean(stream)}
              />
              <FormButtons busy={isSubmitting} label="Save" />
            </FormColumn>
          </Form>
        )}
      </Formik>
    </FormPage>
  );
}
