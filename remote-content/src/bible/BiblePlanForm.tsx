import { DateField, formValues, NumberField, RecordForm, TextAreaField } from 'shared';
import type { RecordController } from 'shared/data';
import { BIBLE_WEEKS, type Reading } from './api';
import { MAX_DAY, readingSchema } from './bibleSchema';
import type { ReadingValues } from './kind';
import { dayOfYear, useLinkedDate } from '../linkedDate';

/** Add Bible Plan (/bible-plan-organizer) and Edit (/edit-bible-plan/{id}): one form, two modes. */
export function BiblePlanForm({ controller }: { controller: RecordController<Reading, ReadingValues> }) {
  const linkedDate = useLinkedDate();
  return (
    <RecordForm
      backTo={controller.backTo}
      backState={controller.backState}
      initialValues={formValues<ReadingValues>(linkedDate ? planDay(linkedDate) : EMPTY, controller.record)}
      validationSchema={readingSchema}
      onSubmit={controller.save}
      label="Save"
    >
      <NumberField name="day" label="Day" min={1} max={MAX_DAY} hint="Day of the year (1–366)." />
      <NumberField name="week" label="Week" min={1} max={BIBLE_WEEKS} />
      <DateField name="date" label="Date" />
      <TextAreaField name="passage" label="Passage" rows={4} placeholder="e.g. Genesis 1–3; Psalm 1" />
    </RecordForm>
  );
}

const EMPTY: ReadingValues = { day: '', week: '', date: '', passage: '' };

/** A day of the plan as a link names it: its day of the year, and the week of that day (sevens, 52 at most). */
function planDay(date: string): ReadingValues {
  const day = dayOfYear(date);
  return { day, week: Math.min(BIBLE_WEEKS, Math.ceil(day / 7)), date, passage: '' };
}
