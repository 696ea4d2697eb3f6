import { useRef } from 'react';
import { DateField, formValues, RecordForm, TextField, useUserId } from 'shared';
import { useSave } from 'shared/data';
import { type Reflection, type ReflectionInput } from './api';
import type { AudienceScreens } from './audience';
import { reflectionSchema } from './reflectionSchema';
import { RichTextField } from './RichTextField';
import { UnsavedChangesGuard } from './UnsavedChangesGuard';
import { DraftKeeper } from './DraftKeeper';
import { draftKey, removeDraft } from './draft';
import { useLinkedDate } from '../linkedDate';

type ReflectionFormProps = { screens: AudienceScreens } & ({ mode: 'add' } | { mode: 'edit'; reflection: Reflection });

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

/** Add and edit of a reflection, for either audience: one form, two modes. */
export function ReflectionForm(props: ReflectionFormProps) {
  const { screens } = props;
  const userId = useUserId();
  const reflection = props.mode === 'edit' ? props.reflection : undefined;
  const linkedDate = useLinkedDate();

  const backTo = reflection ? screens.detailsPath(reflection.date) : screens.listPath;
  // Set just before the navigation that follows a successful save: the guard lets it through.
  const saved = useRef(false);
  // Kept per account: another administrator signing in on this browser never sees it.
  const storageKey = draftKey(userId, screens.audience, reflection?._id);

  const save = useSave<ReflectionInput>({
    write: (values, user) =>
      reflection
        ? screens.api.update(user, reflection._id, trimmed(values))
        : screens.api.create(user, trimmed(values)),
    toast: reflection ? 'Reflection updated successfully' : 'Reflection added successfully',
    then: () => {
      saved.current = true;
      removeDraft(storageKey);
    },
    // Deviation (ARCHITECTURE): both add forms go to their list after saving.
    back: (_answer, values) => ({ to: reflection ? screens.detailsPath(values.date.trim()) : screens.listPath }),
  });

  return (
    <RecordForm
      backTo={backTo}
      initialValues={formValues({ ...EMPTY, date: linkedDate }, reflection)}
      validationSchema={reflectionSchema}
      onSubmit={save}
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
}

const trimmed = (values: ReflectionInput): ReflectionInput => ({
  ...values,
  date: values.date.trim(),
  topic: values.topic.trim(),
  bibleReading: values.bibleReading.trim(),
  furtherReading: values.furtherReading.trim(),
  mass: values.mass.trim(),
});
