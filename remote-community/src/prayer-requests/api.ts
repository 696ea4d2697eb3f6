import { apiClient, pathId } from 'shared';
import type { paths, Schemas } from 'api/contract';
import { resource, type PageAnswer, type PageRequest } from 'shared/data';

/** A prayer request sent from the mobile app (spec §3: _id, request). */
export type PrayerRequest = Schemas['PrayerRequest'];

type ListAnswer = paths['/api/v1/prayer/request/{userId}']['get']['responses'][200]['content']['application/json'];

type DeleteAllAnswer =
  paths['/api/v1/all/prayer/request/{userId}']['delete']['responses'][200]['content']['application/json'];

/** Its query keys, and the invalidation every write below does. */
export const prayerRequests = resource('prayer-requests');

export const prayerRequestsApi = {
  /** A page of the requests containing q, with how many match in all. */
  page: async (
    userId: string,
    { page, limit, q }: PageRequest,
    signal?: AbortSignal,
  ): Promise<PageAnswer<PrayerRequest>> => {
    const answer = await apiClient.get<ListAnswer>(`/prayer/request/${pathId(userId)}`, {
      params: { page, limit, q: q || undefined },
      signal,
    });
    return { rows: answer.data.data, total: answer.data.total };
  },
  remove: async (userId: string, id: string) =>
    prayerRequests.write(
      (await apiClient.delete<{ message: string }>(`/prayer/request/${pathId(userId)}/${pathId(id)}`)).data,
    ),
  removeAll: async (userId: string) =>
    prayerRequests.write((await apiClient.delete<DeleteAllAnswer>(`/all/prayer/request/${pathId(userId)}`)).data),
};
