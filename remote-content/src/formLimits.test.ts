import { BookFields, ReadingInput, ReflectionInput, StreamFields } from 'api/contract';
import type { AnyObjectSchema } from 'yup';
import { readingSchema } from './bible/bibleSchema';
import { bookForm } from './books/form';
import { reflectionSchema } from './reflections/reflectionSchema';
import { streamForm } from './streams/form';

// Every text field of this remote's forms refuses what the API would refuse for length, with the
// limit taken from the contract (api/contract), so the form says so before anything is sent.
const cases: [string, AnyObjectSchema, string, number, string][] = [
  ['book', bookForm.schema('add'), 'bookName', BookFields.bookName.maxLength, 'Title must be at most'],
  ['book', bookForm.schema('add'), 'bookLink', BookFields.bookLink.maxLength, 'Link must be at most'],
  ['stream', streamForm.schema('add'), 'title', StreamFields.name.maxLength, 'Title must be at most'],
  ['stream', streamForm.schema('add'), 'link', StreamFields.streamingLink.maxLength, 'Upload link must be at most'],
  ['reading', readingSchema, 'passage', ReadingInput.passage.maxLength, 'Passage must be at most'],
  ['reflection', reflectionSchema, 'topic', ReflectionInput.topic.maxLength, 'Topic must be at most'],
  ['reflection', reflectionSchema, 'bibleReading', ReflectionInput.bibleReading.maxLength, 'Bible reading must be'],
  ['reflection', reflectionSchema, 'furtherReading', ReflectionInput.furtherReading.maxLength, 'Further reading must'],
  ['reflection', reflectionSchema, 'mass', ReflectionInput.mass.maxLength, 'Mass field must be at most'],
  ['reflection', reflectionSchema, 'reflection', ReflectionInput.reflection.maxLength, 'Reflection is too long'],
];

describe.each(cases)('the %s form’s %s', (_form, schema, field, limit, message) => {
  const value = (length: number) =>
    (field.toLowerCase().includes('link') ? 'https://example.org/' : '<p>x') + 'x'.repeat(length);

  it(`refuses more than ${limit} characters`, async () => {
    await expect(schema.validateAt(field, { [field]: value(limit + 1) })).rejects.toThrow(message);
  });

  it('accepts the limit itself', async () => {
    const atLimit = value(limit).slice(0, limit);
    await expect(schema.validateAt(field, { [field]: atLimit })).resolves.toBeDefined();
  });
});
