import { apiClient, pathId, unwrap, type ApiEnvelope } from 'shared';
import type { Schemas } from 'api/contract';
import { resource } from 'shared/data';

/** The About Us text (spec §3). */
export type About = Schemas['About'];

const body = (text: string): Schemas['AboutInput'] => ({ text: text.trim() });

/** Its query keys, and the invalidation every write below does. */
export const aboutUs = resource('about');

export const aboutApi = {
  /** Only the first item of the answer is used (spec §7); null while there is none. */
  get: async (signal?: AbortSignal): Promise<About | null> =>
    (await unwrap<About[]>(apiClient.get('/about', { signal })))[0] ?? null,
  create: async (userId: string, text: string) =>
    aboutUs.write((await apiClient.post<ApiEnvelope<About>>(`/post/about/${pathId(userId)}`, body(text))).data),
  update: async (userId: string, id: string, text: string) =>
    aboutUs.write(
      (await apiClient.put<ApiEnvelope<About>>(`/edit/about/${pathId(userId)}/${pathId(id)}`, body(text))).data,
    ),
};
