import { DateField, formValues, NumberField, RecordForm, TextAreaField } from 'shared';
import { useSave } from 'shared/data';
import { BIBLE_WEEKS, readingsApi, type Reading } from './api';
import { MAX_DAY, readingSchema } from './bibleSchema';
import { listOfWeek, type ReadingState } from './readingState';
import { dayOfYear, useLinkedDate } from '../linkedDate';

type BiblePlanFormProps = { mode: 'add' } | { mode: 'edit'; reading: Reading };

interface Values {
  day: number | '';
  week: number | '';
  date: string;
  passage: string;
}

/** Add Bible Plan (/bible-plan-organizer) and Edit (/edit-bible-plan/{id}): one form, two modes. */
export function BiblePlanForm(props: BiblePlanFormProps) {
  const reading = props.mode === 'edit' ? props.reading : undefined;
  const linkedDate = useLinkedDate();

  const save = useSave<Values>(
    reading
      ? {
          write: (values, userId) => readingsApi.update(userId, reading._id, input(values)),
          toast: 'Reading updated successfully',
          back: (answer) => ({
            to: `/bible-plan-details/${reading._id}`,
            state: { reading: (answer as { data: Reading }).data } satisfies ReadingState,
          }),
        }
      : {
          write: (values, userId) => readingsApi.create(userId, input(values)),
          toast: 'Reading added successfully',
          back: (_answer, values) => ({ to: listOfWeek(input(values).week) }),
        },
  );

  return (
    <RecordForm
      backTo={reading ? `/bible-plan-details/${reading._id}` : '/bible-list'}
      backState={reading ? { reading } : undefined}
      initialValues={formValues<Values>(linkedDate ? planDay(linkedDate) : EMPTY, reading)}
      validationSchema={readingSchema}
      onSubmit={save}
      label="Save"
    >
      <NumberField name="day" label="Day" min={1} max={MAX_DAY} hint="Day of the year (1–366)." />
      <NumberField name="week" label="Week" min={1} max={BIBLE_WEEKS} />
      <DateField name="date" label="Date" />
      <TextAreaField name="passage" label="Passage" rows={4} placeholder="e.g. Genesis 1–3; Psalm 1" />
    </RecordForm>
  );
}

const EMPTY: Values = { day: '', week: '', date: '', passage: '' };

/** A day of the plan as a link names it: its day of the year, and the week of that day (sevens, 52 at most). */
function planDay(date: string): Values {
  const day = dayOfYear(date);
  return { day, week: Math.min(BIBLE_WEEKS, Math.ceil(day / 7)), date, passage: '' };
}

/** What the server is sent: numbers for day and week, texts trimmed. */
const input = (values: Values) => ({
  day: Number(values.day),
  week: Number(values.week),
  date: values.date.trim(),
  passage: values.passage.trim(),
});
