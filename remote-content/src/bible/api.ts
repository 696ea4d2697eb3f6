import { callApi } from 'shared';
import { ReadingInput as ReadingLimits, type paths, type Schemas } from 'api/contract';
import { resource } from 'shared/data';

/** The Bible-in-a-year plan: 52 weeks, default week 1 (spec §9), as the API accepts them. */
export const BIBLE_WEEKS = ReadingLimits.week.maximum;

/** A reading of the plan (spec §3). `date` is a calendar day, YYYY-MM-DD. */
export type Reading = Schemas['Reading'];

export type ReadingInput = Schemas['ReadingInput'];

/** A row the server refused in an import (rows counted from 1): the 400 answer's `errors`. */
export type ImportRowError = NonNullable<
  paths['/api/v1/import/readings/{userId}']['post']['responses'][400]['content']['application/json']['errors']
>[number];

/** Its query keys, and the invalidation every write below does. */
export const bibleReadings = resource('bible-readings');

export const readingsApi = {
  week: async (week: number, signal?: AbortSignal) =>
    (await callApi('get', '/api/v1/weekly/reading/{week}', { params: { week: String(week) }, signal })).data,
  create: async (userId: string, input: ReadingInput) =>
    bibleReadings.write(callApi('post', '/api/v1/add/reading/{userId}', { params: { userId }, body: input })),
  update: async (userId: string, id: string, input: ReadingInput) =>
    bibleReadings.write(callApi('put', '/api/v1/edit/reading/{userId}/{id}', { params: { userId, id }, body: input })),
  remove: async (userId: string, id: string) =>
    bibleReadings.write(callApi('delete', '/api/v1/delete/reading/{userId}/{id}', { params: { userId, id } })),
  /** Beyond the spec: a whole plan at once, all or nothing. */
  import: async (userId: string, readings: ReadingInput[]) =>
    bibleReadings.write(
      callApi('post', '/api/v1/import/readings/{userId}', { params: { userId }, body: { readings } }),
    ),
};
