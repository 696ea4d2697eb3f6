import { apiClient, pathId, unwrap, type ApiEnvelope } from 'shared';

/** The Bible-in-a-year plan: 52 weeks, default week 1 (spec §9). */
export const BIBLE_WEEKS = 52;

/** A reading of the plan (spec §3). `date` is a calendar day, YYYY-MM-DD. */
export interface Reading {
  _id: string;
  day: number;
  week: number;
  date: string;
  passage: string;
}

export type ReadingInput = Omit<Reading, '_id'>;

/** A row the server refused in an import (rows counted from 1). */
export interface ImportRowError {
  row: number;
  message: string;
}

export const readingsApi = {
  week: (week: number, signal?: AbortSignal) =>
    unwrap<Reading[]>(apiClient.get(`/weekly/reading/${pathId(String(week))}`, { signal })),
  create: async (userId: string, input: ReadingInput) =>
    (await apiClient.post<ApiEnvelope<Reading>>(`/add/reading/${pathId(userId)}`, input)).data,
  update: async (userId: string, id: string, input: ReadingInput) =>
    (await apiClient.put<ApiEnvelope<Reading>>(`/edit/reading/${pathId(userId)}/${pathId(id)}`, input)).data,
  remove: async (userId: string, id: string) =>
    (await apiClient.delete<{ message: string }>(`/delete/reading/${pathId(userId)}/${pathId(id)}`)).data,
  /** Beyond the spec: a whole plan at once, all or nothing. */
  import: async (userId: string, readings: ReadingInput[]) =>
    (await apiClient.post<ApiEnvelope<{ imported: number }>>(`/import/readings/${pathId(userId)}`, { readings })).data,
};
