import { apiClient, pathId, unwrap, type ApiEnvelope } from 'shared';
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

type ImportAnswer = paths['/api/v1/import/readings/{userId}']['post']['responses'][201]['content']['application/json'];

/** Its query keys, and the invalidation every write below does. */
export const bibleReadings = resource('bible-readings');

export const readingsApi = {
  week: (week: number, signal?: AbortSignal) =>
    unwrap<Reading[]>(apiClient.get(`/weekly/reading/${pathId(String(week))}`, { signal })),
  create: async (userId: string, input: ReadingInput) =>
    bibleReadings.write((await apiClient.post<ApiEnvelope<Reading>>(`/add/reading/${pathId(userId)}`, input)).data),
  update: async (userId: string, id: string, input: ReadingInput) =>
    bibleReadings.write(
      (await apiClient.put<ApiEnvelope<Reading>>(`/edit/reading/${pathId(userId)}/${pathId(id)}`, input)).data,
    ),
  remove: async (userId: string, id: string) =>
    bibleReadings.write(
      (await apiClient.delete<{ message: string }>(`/delete/reading/${pathId(userId)}/${pathId(id)}`)).data,
    ),
  /** Beyond the spec: a whole plan at once, all or nothing. */
  import: async (userId: string, readings: ReadingInput[]) =>
    bibleReadings.write((await apiClient.post<ImportAnswer>(`/import/readings/${pathId(userId)}`, { readings })).data),
};
