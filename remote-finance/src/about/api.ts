import { apiClient, pathId, unwrap, type ApiEnvelope } from 'shared';
import type { Schemas } from 'api/contract';

/** The About Us text (spec §3). */
export type About = Schemas['About'];

const body = (text: string): Schemas['AboutInput'] => ({ text: text.trim() });

export const aboutApi = {
  /** Only the first item of the answer is used (spec §7); undefined while there is none. */
  get: async (signal?: AbortSignal): Promise<About | undefined> =>
    (await unwrap<About[]>(apiClient.get('/about', { signal })))[0],
  create: async (userId: string, text: string) =>
    (await apiClient.post<ApiEnvelope<About>>(`/post/about/${pathId(userId)}`, body(text))).data,
  update: async (userId: string, id: string, text: string) =>
    (await apiClient.put<ApiEnvelope<About>>(`/edit/about/${pathId(userId)}/${pathId(id)}`, body(text))).data,
};
