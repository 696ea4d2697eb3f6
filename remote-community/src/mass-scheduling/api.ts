import { callApi } from 'shared';
import type { Schemas } from 'api/contract';
import { resource, type PageAnswer, type PageRequest } from 'shared/data';

/** A mass intention sent from the mobile app (spec §3). */
export type MassIntention = Schemas['MassIntention'];

/** Its query keys, and the invalidation every write below does. */
export const massIntentions = resource('mass-intentions');

export const massIntentionsApi = {
  /** A page of the intentions containing q, with how many match in all. */
  page: async (
    userId: string,
    { page, limit, q }: PageRequest,
    signal?: AbortSignal,
  ): Promise<PageAnswer<MassIntention>> => {
    const answer = await callApi('get', '/api/v1/mass/intention/{userId}', {
      params: { userId },
      query: { page, limit, q: q || undefined },
      signal,
    });
    return { rows: answer.data, total: answer.total };
  },
};
