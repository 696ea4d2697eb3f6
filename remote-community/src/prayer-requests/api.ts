import { callApi } from 'shared';
import { PrayerRequestCare, type Schemas } from 'api/contract';
import { recordKindOf, resource, type PageAnswer, type PageRequest } from 'shared/data';

/** A prayer request sent from the mobile app (spec §3: _id, request), with the team's care of it. */
export type PrayerRequest = Schemas['CaredPrayerRequest'];
export type PrayerState = PrayerRequest['state'];
export type Assignee = Schemas['PrayerRequestAssignee'];
export type Care = Schemas['PrayerRequestCare'];

/** The states, in the order a request goes through them. */
export const PRAYER_STATES = PrayerRequestCare.state.enum;
/** The staff note's limit, as the server keeps it. */
export const NOTE_LIMIT = PrayerRequestCare.note.maxLength;

/** Its query keys, and the invalidation every write below does. */
export const prayerRequests = resource('prayer-requests');

export const prayerRequestsApi = {
  /** A page of the requests containing q (in `state`, or all of them), with how many match in all. */
  page: async (
    userId: string,
    { page, limit, q, sort }: PageRequest,
    state: PrayerState | undefined,
    signal?: AbortSignal,
  ): Promise<PageAnswer<PrayerRequest>> => {
    const answer = await callApi('get', '/api/v1/prayer/request/{userId}', {
      params: { userId },
      query: { page: String(page), limit: String(limit), q: q || undefined, state, sort },
      signal,
    });
    return { rows: answer.data, total: answer.total };
  },
  assignees: async (userId: string, signal?: AbortSignal) =>
    (await callApi('get', '/api/v1/prayer/requests/assignees/{userId}', { params: { userId }, signal })).data,
  care: async (userId: string, id: string, body: Care) =>
    prayerRequests.write(callApi('put', '/api/v1/prayer/request/{userId}/{id}', { params: { userId, id }, body })),
  mark: async (userId: string, ids: string[], state: PrayerState) =>
    prayerRequests.write(
      callApi('put', '/api/v1/prayer/requests/state/{userId}', { params: { userId }, body: { ids, state } }),
    ),
  remove: async (userId: string, id: string) =>
    prayerRequests.write(callApi('delete', '/api/v1/prayer/request/{userId}/{id}', { params: { userId, id } })),
  /** Every request, or every one in `state` (the tab shown): the answer says how many went. */
  removeAll: async (userId: string, state: PrayerState | undefined) =>
    prayerRequests.write(
      callApi('delete', '/api/v1/all/prayer/request/{userId}', { params: { userId }, query: { state } }),
    ),
};

/** A prayer request as the back-office sees it: sent from the app, cared for in its details, deleted in the list. */
export const prayerRequestKind = recordKindOf<PrayerRequest, Care>({
  noun: 'Prayer request',
  resource: prayerRequests,
  calls: {
    update: (userId, id, care) => prayerRequestsApi.care(userId, id, care),
    remove: (userId, id) => prayerRequestsApi.remove(userId, id),
  },
  list: '/prayer-requests',
});
