import { callApi } from 'shared';
import type { Schemas } from 'api/contract';
import { resource } from 'shared/data';
import { rememberUploadedPicture } from './draft';

/** Adult and children reflections are one resource with two audiences (ARCHITECTURE). */
export type Audience = 'adult' | 'children';

/** The eight fields of a reflection (spec §3); `reflection`, `devotionalContent`, `devotionalConfession` are HTML. */
export type ReflectionInput = Schemas['ReflectionInput'];

export type Reflection = Schemas['Reflection'];

/** The query keys of one audience's reflections, and the invalidation every write does. */
export const reflections = { adult: resource('adult-reflections'), children: resource('children-reflections') };

/** The calls of one audience: add/…, all/…, …/reflection/{id or date}, edit/…, delete/… */
export const reflectionsApi = (audience: Audience) => ({
  list: async (signal?: AbortSignal) => (await callApi('get', `/api/v1/all/${audience}/reflection`, { signal })).data,
  /** By `_id` or by date (YYYY-MM-DD). */
  get: async (idOrDate: string, signal?: AbortSignal) =>
    (await callApi('get', `/api/v1/${audience}/reflection/{id}`, { params: { id: idOrDate }, signal })).data,
  create: async (userId: string, input: ReflectionInput) =>
    reflections[audience].write(
      callApi('post', `/api/v1/add/${audience}/reflection/{userId}`, { params: { userId }, body: input }),
    ),
  update: async (userId: string, id: string, input: ReflectionInput) =>
    reflections[audience].write(
      callApi('put', `/api/v1/edit/${audience}/reflection/{userId}/{id}`, { params: { userId, id }, body: input }),
    ),
  remove: async (userId: string, id: string) =>
    reflections[audience].write(
      callApi('delete', `/api/v1/delete/${audience}/reflection/{userId}/{id}`, { params: { userId, id } }),
    ),
});

/** Beyond the spec: an image put in the rich-text editor is uploaded, and embedded by its URL. */
export async function uploadEditorImage(userId: string, file: File): Promise<string> {
  const answer = await callApi('post', '/api/v1/upload/reflection/image/{userId}', {
    params: { userId },
    form: { image: file },
  });
  const { url, keptUnusedUntil } = answer.data;
  rememberUploadedPicture(url, keptUnusedUntil);
  return url;
}
