import { apiClient, pathId, unwrap } from 'shared';
import type { paths, Schemas } from 'api/contract';
import { resource } from 'shared/data';

/** A prayer request sent from the mobile app (spec §3: _id, request). */
export type PrayerRequest = Schemas['PrayerRequest'];

type DeleteAllAnswer =
  paths['/api/v1/all/prayer/request/{userId}']['delete']['responses'][200]['content']['application/json'];

/** Its query keys, and the invalidation every write below does. */
export const prayerRequests = resource('prayer-requests');

export const prayerRequestsApi = {
  list: (userId: string, signal?: AbortSignal) =>
    unwrap<PrayerRequest[]>(apiClient.get(`/prayer/request/${pathId(userId)}`, { signal })),
  remove: async (userId: string, id: string) =>
    prayerRequests.write(
      (await apiClient.delete<{ message: string }>(`/prayer/request/${pathId(userId)}/${pathId(id)}`)).data,
    ),
  removeAll: async (userId: string) =>
    prayerRequests.write((await apiClient.delete<DeleteAllAnswer>(`/all/prayer/request/${pathId(userId)}`)).data),
};
