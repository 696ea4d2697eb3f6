import { apiClient, pathId, unwrap } from 'shared';
import type { Schemas } from 'api/contract';

/** A prayer request sent from the mobile app (spec §3: _id, request). */
export type PrayerRequest = Schemas['PrayerRequest'];

export const prayerRequestsApi = {
  list: (userId: string, signal?: AbortSignal) =>
    unwrap<PrayerRequest[]>(apiClient.get(`/prayer/request/${pathId(userId)}`, { signal })),
  remove: async (userId: string, id: string) =>
    (await apiClient.delete<{ message: string }>(`/prayer/request/${pathId(userId)}/${pathId(id)}`)).data,
  removeAll: async (userId: string) =>
    (await apiClient.delete<{ message: string; data: { deleted: number } }>(`/all/prayer/request/${pathId(userId)}`))
      .data,
};
