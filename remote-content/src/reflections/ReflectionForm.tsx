import { Form, Formik } from 'formik';
import { useRef } from 'react';
import { useNavigate } from 'react-router-dom';
import { DateField, FormButtons, FormColumn, FormPage, notify, TextField, useUserId } from 'shared';
import { type Reflection, type ReflectionInput } from './api';
import type { AudienceScreens } from './audience';
import { reflectionSchema } from './reflectionSchema';
import { RichTextField } from './RichTextField';
import { UnsavedChangesGuard } from './UnsavedChangesGuard';
import { DraftKeeper } from './DraftKeeper';
import { draftKey, removeDraft } from './draft';

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
  const navigate = useNavigate();
  const reflection = props.mode === 'edit' ? props.reflection : undefined;

  const initialValues: ReflectionInput = reflection
    ? {
        date: reflection.date,
        topic: reflection.topic,
        reflection: reflection.reflection,
        bibleReading: reflection.bibleReading,
        devotionalContent: reflection.devotionalContent,
        devotionalConfession: reflection.devotionalConfession,
        furtherReading: reflection.furtherReading,
        mass: reflection.mass,
      }
    : EMPTY;

  const backTo = reflection ? screens.detailsPath(reflection.date) : screens.listPath;
  // Set just before the navigation that follows a successful save: the guard lets it through.
  const saved = useRef(false);
  // Kept per account: another administrator signing in on this browser never sees it.
  const storageKey = draftKey(userId, screens.audience, reflection?._id);

  const save = async (values: ReflectionInput) => {
    const input = trimmed(values);
    try {
      if (reflection) {
        await screens.api.update(userId, reflection._id, input);
        notify.success('Reflection updated successfully');
        saved.current = true;
        removeDraft(storageKey);
        void navigate(screens.detailsPath(input.date));
      } else {
        await screens.api.create(userId, input);
        notify.success('Reflection added successfully');
        // Deviation (ARCHITECTURE): both add forms go to their list after saving.
        saved.current = true;
        removeDraft(storageKey);
        void navigate(screens.listPath);
      }
    } catch {
      // The client showed the server's message; everything typed stays in the form.
    }
  };

  return (
    <FormPage backTo={backTo}>
      <Formik initialValues={initialValues} validationSchema={reflectionSchema} onSubmit={save}>
        {({ dirty, isSubmitting }) => (
          <Form noValidate>
            <FormColumn>
              <DraftKeeper storageKey={storageKey} saved={saved} />
              <DateField name="date" label="Date" />
              <TextField name="topic" label="Topic" />
              <TextField name="bibleReading" label="Bible Reading" />
              <RichTextField name="reflection" label="Reflection" />
              <RichTextField name="devotionalContent" label="Prayer Points" />
              <RichTextField name="devotionalConfession" label="Exercise" />
              <TextField name="furtherReading" label="Bible Meditation" />
              <TextField name="mass" label="Mass Reading" />
              <FormButtons busy={isSubmitting} label="Save" />
            </FormColumn>
            <UnsavedChangesGuard dirty={dirty} saved={saved} />
          </Form>
        )}
      </Formik>
    </FormPage>
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
