import { Form, Formik } from 'formik';
import { useNavigate } from 'react-router-dom';
import { DateField, FormButtons, FormColumn, FormPage, notify, NumberField, TextAreaField, useUserId } from 'shared';
import { BIBLE_WEEKS, readingsApi, type Reading } from './api';
import { MAX_DAY, readingSchema } from './bibleSchema';
import { listOfWeek, type ReadingState } from './readingState';

type BiblePlanFormProps = { mode: 'add' } | { mode: 'edit'; reading: Reading };

interface Values {
  day: number | '';
  week: number | '';
  date: string;
  passage: string;
}

/** Add Bible Plan (/bible-plan-organizer) and Edit (/edit-bible-plan/{id}): one form, two modes. */
export function BiblePlanForm(props: BiblePlanFormProps) {
  const userId = useUserId();
  const navigate = useNavigate();
  const reading = props.mode === 'edit' ? props.reading : undefined;

  const initialValues: Values = {
    day: reading?.day ?? '',
    week: reading?.week ?? '',
    date: reading?.date ?? '',
    passage: reading?.passage ?? '',
  };

  const save = async (values: Values) => {
    const input = {
      day: Number(values.day),
      week: Number(values.week),
      date: values.date.trim(),
      passage: values.passage.trim(),
    };
    try {
      if (reading) {
        const answer = await readingsApi.update(userId, reading._id, input);
        notify.success('Reading updated successfully');
        const state: ReadingState = { reading: answer.data };
        void navigate(`/bible-plan-details/${reading._id}`, { state });
      } else {
        await readingsApi.create(userId, input);
        notify.success('Reading added successfully');
        void navigate(listOfWeek(input.week));
      }
    } catch {
      // The client showed the server's message; everything typed stays in the form.
    }
  };

  return (
    <FormPage
      backTo={reading ? `/bible-plan-details/${reading._id}` : '/bible-list'}
      backState={reading ? { reading } : undefined}
    >
      <Formik initialValues={initialValues} validationSchema={readingSchema} onSubmit={save}>
        {({ isSubmitting }) => (
          <Form noValidate>
            <FormColumn>
              <NumberField name="day" label="Day" min={1} max={MAX_DAY} hint="Day of the year (1–366)." />
              <NumberField name="week" label="Week" min={1} max={BIBLE_WEEKS} />
              <DateField name="date" label="Date" />
              <TextAreaField name="passage" label="Passage" rows={4} placeholder="e.g. Genesis 1–3; Psalm 1" />
              <FormButtons busy={isSubmitting} label="Save" />
            </FormColumn>
          </Form>
        )}
      </Formik>
    </FormPage>
  );
}
