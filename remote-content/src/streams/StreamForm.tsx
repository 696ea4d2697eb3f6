import { useState } from 'react';
import { PictureField, RecordForm, SelectField, TextField, useUploadProgress } from 'shared';
import { useSave } from 'shared/data';
import { STREAM_CATEGORIES, streamsApi, type Stream, type StreamInput } from './api';
import { streamSchema } from './streamSchema';

/** Add Live Stream (/manage-live-streaming) and Edit (/live-streaming/edit/{id}): one form, two modes. */
export function StreamForm({ record: stream }: { record?: Stream }) {
  const upload = useUploadProgress();
  // A new key after a successful add remounts the form: the file picker empties too.
  const [generation, setGeneration] = useState(0);

  const initialValues: StreamInput = {
    category: stream?.category ?? '',
    title: stream?.name ?? '',
    link: stream?.streamingLink ?? '',
    // On edit the current thumbnail's URL: sent back unchanged unless a new file is chosen.
    image: stream?.image ?? null,
  };

  const save = useSave<StreamInput>(
    stream
      ? {
          write: (values, userId) =>
            upload.run(values.image, (onProgress) => streamsApi.update(userId, stream._id, values, onProgress)),
          toast: 'Stream updated successfully',
          back: '/live-streaming',
        }
      : {
          write: (values, userId) =>
            upload.run(values.image, (onProgress) => streamsApi.create(userId, values, onProgress)),
          toast: 'Stream added successfully',
          // Spec §4: the add form is reset after a successful save.
          then: () => setGeneration((n) => n + 1),
        },
  );

  return (
    // Deviation (ARCHITECTURE): Back goes to the stream list, not to /bookshelf.
    <RecordForm
      backTo="/live-streaming"
      formKey={generation}
      initialValues={initialValues}
      validationSchema={streamSchema(stream ? 'edit' : 'add')}
      onSubmit={save}
      label="Save"
    >
      <SelectField name="category" label="Category" placeholder="Select a category" options={STREAM_CATEGORIES} />
      <TextField name="title" label="Title" />
      <TextField name="link" label="Link" type="url" placeholder="https://" />
      <PictureField name="image" words="The thumbnail" progress={upload.progress} keepsCurrent={Boolean(stream)} />
    </RecordForm>
  );
}
