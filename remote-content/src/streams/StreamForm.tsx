import { useState } from 'react';
import { DefinedForm, useUploadProgress } from 'shared';
import { RecordHistory, useSave } from 'shared/data';
import { streams, streamsApi, type Stream, type StreamInput } from './api';
import { streamForm } from './form';

/**
 * Add Live Stream (/manage-live-streaming) and Edit (/live-streaming/edit/{id}): one form, two modes.
 * The edit page shows the stream's History below the form.
 */
export function StreamForm({ record: stream }: { record?: Stream }) {
  const upload = useUploadProgress();
  // A new key after a successful add remounts the form: the file picker empties too.
  const [generation, setGeneration] = useState(0);
  // A restored version remounts the edit form holding it; nothing else does, so that what is typed
  // stays through a failed save or a reload of the list.
  const [restored, setRestored] = useState<{ stream: Stream; count: number }>();

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
      formKey={stream ? `restored-${restored?.count ?? 0}` : generation}
      form={streamForm}
      record={restored?.stream ?? stream}
      progress={upload.progress}
      onSubmit={save}
      label="Save"
      below={
        stream && (
          <RecordHistory
            of="streams"
            resource={streams}
            record={stream}
            fields={streamForm.fields}
            onRestored={(answer) =>
              setRestored((last) => ({ stream: answer as Stream, count: (last?.count ?? 0) + 1 }))
            }
          />
        )
      }
    />
  );
}
