import { apiClient, pathId, unwrap } from 'shared';
import type { Schemas } from 'api/contract';

/** A mass intention sent from the mobile app (spec §3). */
export type MassIntention = Schemas['MassIntention'];

export const massIntentionsApi = {
  list: (userId: string, signal?: AbortSignal) =>
    unwrap<MassIntention[]>(apiClient.get(`/mass/intention/${pathId(userId)}`, { signal })),
};
