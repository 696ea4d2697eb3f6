import { Type } from '@sinclair/typebox';
import type { ReflectionsTable } from '../db/schema';
import { badRequest } from '../http/errors';
import { DATE_MESSAGE, isCalendarDate } from '../http/dates';
import { defineResource, type FormFields } from '../resources/definition';
import { servedHtml, storedHtml } from '../uploads/store';
import { imagesOf, trashedWith } from './repository';
import { isBlankRichText, plainSpaces, sanitizeRichText } from './sanitize';
import { AUDIENCES, Reflection, ReflectionInput, RICH_TEXT_FIELDS, type Audience } from './schemas';

/** The rich-text fields in words ('Prayer points'), as the schema names them. */
const RICH_TEXT_WORDS = Object.fromEntries(
  RICH_TEXT_FIELDS.map((field) => [field, String(ReflectionInput.properties[field].title)]),
) as Record<(typeof RICH_TEXT_FIELDS)[number], string>;

/** A sent reflection: its date a calendar day, its rich text sanitised, and required once sanitised. */
function checked(fields: FormFields): FormFields {
  if (!isCalendarDate(fields.date as string)) throw badRequest(DATE_MESSAGE('Date'));
  const input = { ...fields };
  for (const field of RICH_TEXT_FIELDS) {
    input[field] = sanitizeRichText(fields[field] as string);
    if (isBlankRichText(input[field] as string)) throw badRequest(`${RICH_TEXT_WORDS[field]} is required`);
  }
  return input;
}

/**
 * Rich text as stored: its images' paths whatever origin the editor sent, and ordinary spaces (a
 * restored version may hold the non-breaking ones of its day).
 */
function stored(fields: FormFields): FormFields {
  const columns = { ...fields };
  for (const field of RICH_TEXT_FIELDS) columns[field] = plainSpaces(storedHtml(fields[field] as string));
  return columns;
}

/** The name of an audience's history (history/versions.ts). */
const historyOf = (audience: Audience) => (audience === 'adult' ? 'adult-reflections' : 'children-reflections');

/** The date as every screen shows a day (dd/mm/yyyy), not as the API writes it. */
const dateTaken = (audience: Audience, date: string) =>
  `${audience === 'adult' ? 'An adult' : 'A children'} reflection already exists for ${date.split('-').reverse().join('/')}`;

/** An audience's reflections (spec §3): one a date, in rich text with its editor's images. */
function reflectionResource(audience: Audience) {
  const Audience = audience === 'adult' ? 'Adult' : 'Children';
  const aReflection = audience === 'adult' ? 'an adult reflection' : 'a children reflection';
  return defineResource<ReflectionsTable>({
    table: 'reflections',
    only: { column: 'audience', value: audience },
    entity: Reflection,
    fields: ReflectionInput,
    addedAt: 'createdAt',
    listed: { by: 'date', direction: 'desc' },
    bodyLimit: 2 * 1024 * 1024,
    input: (fields, write) => stored(write === 'restore' ? fields : checked(fields)),
    unique: { columns: ['date'], taken: (reflection) => dateTaken(audience, reflection.date) },
    shows: { files: imagesOf, trashedWith },
    // Ordinary spaces on the way out too: a record restored from the trash is written back as it was kept.
    answer: (row, _fileUrl, origin) =>
      Object.fromEntries(RICH_TEXT_FIELDS.map((field) => [field, plainSpaces(servedHtml(row[field], origin))])),
    history: historyOf(audience),
    export: {
      name: `${audience}-reflections`,
      what: `${audience} reflections`,
      columns: [
        { header: 'Topic', column: 'topic', sort: 'text' },
        { header: 'Mass', column: 'mass', sort: 'text' },
        { header: 'Bible Reading', column: 'bibleReading', sort: 'text' },
        { header: 'Date', column: 'date', as: 'day', sort: 'date' },
      ],
      searched: (cell) => [cell('Topic'), cell('Mass'), cell('Bible Reading'), cell('Date')],
    },
    messages: {
      added: `${Audience} reflection added successfully`,
      updated: `${Audience} reflection updated successfully`,
      deleted: `${Audience} reflection deleted successfully`,
    },
    activity: { kind: audience === 'adult' ? 'adult reflection' : 'children reflection', nameColumn: 'topic' },
    routes: {
      add: { url: `/add/${audience}/reflection/:userId`, summary: `Add ${aReflection} (the 8 fields)` },
      list: {
        urls: [`/all/${audience}/reflection`],
        summary: `All ${audience} reflections, newest date first (public)`,
      },
      single: {
        url: `/${audience}/reflection/:id`,
        summary: `One ${audience} reflection by _id or by date (YYYY-MM-DD) (public)`,
        description: '',
        // The details screen is keyed by date.
        alsoBy: {
          column: 'date',
          accepts: isCalendarDate,
          param: Type.String({ description: 'The _id, or the date as YYYY-MM-DD' }),
        },
      },
      edit: {
        method: 'PUT',
        url: `/edit/${audience}/reflection/:userId/:id`,
        summary: `Edit ${aReflection} (the 8 fields)`,
      },
      delete: { url: `/delete/${audience}/reflection/:userId/:id`, summary: `Delete ${aReflection}` },
    },
  });
}

/** The adult and the children reflections: one table, a resource each. */
export const reflectionResources = AUDIENCES.map(reflectionResource);
