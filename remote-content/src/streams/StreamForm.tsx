import { useState } from 'react';
import { DefinedForm, useUploadProgress } from 'shared';
import { useSave } from 'shared/data';
import { streamsApi, type Stream, type StreamInput } from './api';
import { streamForm } from './form';

/** Add Live Stream (/manage-live-streaming) and Edit (/live-streaming/edit/{id}): one form, two modes. */
export function StreamForm({ record: stream }: { record?: Stream }) {
  const upload = useUploadProgress();
  // A new key after a successful add remounts the form: the file picker empties too.
  const [generation, setGeneration] = useState(0);

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
    <DefinedForm
      backTo="/live-streaming"
      formKey={generation}
      form={streamForm}
      record={stream}
      progress={upload.progress}
      onSubmit={save}
      label="Save"
    />
  );
}
