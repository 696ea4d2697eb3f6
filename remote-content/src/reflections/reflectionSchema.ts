import { ReflectionInput } from 'api/contract';
import { requiredText } from 'shared';
import * as yup from 'yup';
import { isBlankRichText } from './richText';

const richText = (message: string, label: string, limit: { maxLength: number }) =>
  yup
    .string()
    .required(message)
    .test('rich-text-required', message, (value) => !isBlankRichText(value))
    .max(limit.maxLength, `${label} is too long (at most ${limit.maxLength} characters of formatted text)`);

/** Adult and children reflections, add and edit: all eight fields required, with the spec's messages (§5). */
export const reflectionSchema = yup.object({
  date: yup.string().trim().required('Date is required'),
  topic: requiredText('Topic is required', 'Topic', ReflectionInput.topic),
  reflection: richText('Reflection is required', 'Reflection', ReflectionInput.reflection),
  bibleReading: requiredText('Bible reading is required', 'Bible reading', ReflectionInput.bibleReading),
  devotionalContent: richText(
    'Devotional content is required',
    'Devotional content',
    ReflectionInput.devotionalContent,
  ),
  devotionalConfession: richText(
    'Devotional confession is required',
    'Devotional confession',
    ReflectionInput.devotionalConfession,
  ),
  furtherReading: requiredText('Further reading is required', 'Further reading', ReflectionInput.furtherReading),
  mass: requiredText('Mass field is required', 'Mass field', ReflectionInput.mass),
});
