import { useRef } from 'react';
import { DateField, formValues, RecordForm, TextField, useUserId } from 'shared';
import { RecordLoaded, useRecordController } from 'shared/data';
import { type Reflection, type ReflectionInput } from './api';
import type { AudienceScreens } from './audience';
import { reflectionSchema } from './reflectionSchema';
import { RichTextField } from './RichTextField';
import { UnsavedChangesGuard } from './UnsavedChangesGuard';
import { DraftKeeper } from './DraftKeeper';
import { draftKey, removeDraft } from './draft';
import { useLinkedDate } from '../linkedDate';

const EMPTY: ReflectionInput = {
  date: '',
  topic: '',
  reflection: '',
  bibleReading: '',
  devotionalContent: '',
  devotionalConfession: '',
  furtherReading: '',
  mass: '',
};

/**
 * Add and edit of a reflection, for either audience: one form, two modes (an id in the address: the
 * stored reflection's). Deviation (ARCHITECTURE): both add forms go to their list after saving.
 */
export function ReflectionForm({ screens }: { screens: AudienceScreens }) {
  const userId = useUserId();
  const linkedDate = useLinkedDate();
  // Set just before the navigation that follows a successful save: the guard lets it through.
  const saved = useRef(false);
  const controller = useRecordController(screens.kind, {
    then: () => {
      saved.current = true;
      removeDraft(storageKey);
    },
  });
  // Kept per account: another administrator signing in on this browser never sees it.
  const storageKey = draftKey(userId, screens.audience, controller.id);

  const form = (reflection?: Reflection) => (
    <RecordForm
      key={reflection?._id}
      backTo={controller.backTo}
      initialValues={formValues({ ...EMPTY, date: linkedDate }, reflection)}
      validationSchema={reflectionSchema}
      onSubmit={controller.save}
      label="Save"
      after={({ dirty }) => <UnsavedChangesGuard dirty={dirty} saved={saved} />}
    >
      <DraftKeeper storageKey={storageKey} saved={saved} />
      <DateField name="date" label="Date" />
      <TextField name="topic" label="Topic" />
      <TextField name="bibleReading" label="Bible Reading" />
      <RichTextField name="reflection" label="Reflection" />
      <RichTextField name="devotionalContent" label="Prayer Points" />
      <RichTextField name="devotionalConfession" label="Exercise" />
      <TextField name="furtherReading" label="Bible Meditation" />
      <TextField name="mass" label="Mass Reading" />
    </RecordForm>
  );
  return controller.mode === 'add' ? form() : <RecordLoaded controller={controller}>{form}</RecordLoaded>;
}
