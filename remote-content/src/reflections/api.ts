import { apiClient, pathId, unwrap, type ApiEnvelope } from 'shared';
import type { paths, Schemas } from 'api/contract';
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
  list: (signal?: AbortSignal) => unwrap<Reflection[]>(apiClient.get(`/all/${audience}/reflection`, { signal })),
  /** By `_id` or by date (YYYY-MM-DD). */
  get: (idOrDate: string, signal?: AbortSignal) =>
    unwrap<Reflection>(apiClient.get(`/${audience}/reflection/${pathId(idOrDate)}`, { signal })),
  create: async (userId: string, input: ReflectionInput) =>
    reflections[audience].write(
      (await apiClient.post<ApiEnvelope<Reflection>>(`/add/${audience}/reflection/${pathId(userId)}`, input)).data,
    ),
  update: async (userId: string, id: string, input: ReflectionInput) =>
    reflections[audience].write(
      (
        await apiClient.put<ApiEnvelope<Reflection>>(
          `/edit/${audience}/reflection/${pathId(userId)}/${pathId(id)}`,
          input,
        )
      ).data,
    ),
  remove: async (userId: string, id: string) =>
    reflections[audience].write(
      (await apiClient.delete<{ message: string }>(`/delete/${audience}/reflection/${pathId(userId)}/${pathId(id)}`))
        .data,
    ),
});

type EditorImageAnswer =
  paths['/api/v1/upload/reflection/image/{userId}']['post']['responses'][201]['content']['application/json'];

/** Beyond the spec: an image put in the rich-text editor is uploaded, and embedded by its URL. */
export async function uploadEditorImage(userId: string, file: File): Promise<string> {
  const body = new FormData();
  body.append('image', file);
  const answer = await apiClient.post<EditorImageAnswer>(`/upload/reflection/image/${pathId(userId)}`, body);
  const { url, keptUnusedUntil } = answer.data.data;
  rememberUploadedPicture(url, keptUnusedUntil);
  return url;
}
