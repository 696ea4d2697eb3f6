import * as yup from 'yup';
import { isBlankRichText } from './richText';

const richText = (message: string) =>
  yup
    .string()
    .required(message)
    .test('rich-text-required', message, (value) => !isBlankRichText(value));

/** Adult and children reflections, add and edit: all eight fields required, with the spec's messages (§5). */
export const reflectionSchema = yup.object({
  date: yup.string().trim().required('Date is required'),
  topic: yup.string().trim().required('Topic is required'),
  reflection: richText('Reflection is required'),
  bibleReading: yup.string().trim().required('Bible reading is required'),
  devotionalContent: richText('Devotional content is required'),
  devotionalConfession: richText('Devotional confession is required'),
  furtherReading: yup.string().trim().required('Further reading is required'),
  mass: yup.string().trim().required('Mass field is required'),
});
