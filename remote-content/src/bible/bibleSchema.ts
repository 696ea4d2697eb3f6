import { ReadingInput } from 'api/contract';
import { requiredText } from 'shared';
import * as yup from 'yup';

/** Days of the year (ARCHITECTURE: Bible days are 1–366), as the API accepts them. */
export const MAX_DAY = ReadingInput.day.maximum;

/** An empty number input is "required", not "not a number". */
const wholeNumber = (label: string, required: string, max: number) =>
  yup
    .number()
    .transform((value: number, original: unknown) => (original === '' || original === null ? undefined : value))
    .typeError(`${label} must be a number`)
    .required(required)
    .integer(`${label} must be a whole number`)
    .min(1, `${label} must be at least 1`)
    .max(max, `${label} must be at most ${max}`);

/** Add Bible plan and edit reading (spec §5), with the spec's messages. */
export const readingSchema = yup.object({
  day: wholeNumber('Day', 'Day is required', MAX_DAY),
  week: wholeNumber('Week', 'Week is required', ReadingInput.week.maximum),
  date: yup.string().trim().required('Date is required'),
  passage: requiredText('Passage is required', 'Passage', ReadingInput.passage),
});
