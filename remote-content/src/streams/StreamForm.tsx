import { useState } from 'react';
import { ControlledForm, recordFormScreens, RecordHistory, type RecordController } from 'shared/data';
import { streamKind, streams, type Stream, type StreamInput } from './api';
import { streamForm } from './form';

/**
 * Add Live Stream (/manage-live-streaming) and Edit (/live-streaming/edit/{id}): one form, two modes.
 * The edit page shows the stream's History below the form. Deviation (ARCHITECTURE): Back goes to the
 * stream list, not to /bookshelf.
 */
export function StreamForm({ controller }: { controller: RecordController<Stream, StreamInput> }) {
  const stream = controller.record;
  // A restored version remounts the edit form holding it; nothing else does, so that what is typed
  // stays through a failed save or a reload of the list.
  const [restored, setRestored] = useState<{ stream: Stream; count: number }>();
  return (
    <ControlledForm
      controller={controller}
      form={streamForm}
      label="Save"
      record={restored?.stream ?? stream}
      formKey={stream ? `restored-${restored?.count ?? 0}` : controller.formKey}
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

/** /manage-live-streaming, and /live-streaming/edit/{id}: the form prefilled with the stored stream. */
export const { AddScreen: AddStreamScreen, EditScreen: EditStreamScreen } = recordFormScreens(streamKind, StreamForm);
