import { callApi } from 'shared';
import type { Schemas } from 'api/contract';
import { pageCall, resource } from 'shared/data';

/** A prayer request sent from the mobile app (spec §3: _id, request). */
export type PrayerRequest = Schemas['PrayerRequest'];

/** Its query keys, and the invalidation every write below does. */
export const prayerRequests = resource('prayer-requests');

export const prayerRequestsApi = {
  /** A page of the requests containing q, with how many match in all. */
  page: pageCall('/api/v1/prayer/request/{userId}'),
  remove: async (userId: string, id: string) =>
    prayerRequests.write(callApi('delete', '/api/v1/prayer/request/{userId}/{id}', { params: { userId, id } })),
  removeAll: async (userId: string) =>
    prayerRequests.write(callApi('delete', '/api/v1/all/prayer/request/{userId}', { params: { userId } })),
};
