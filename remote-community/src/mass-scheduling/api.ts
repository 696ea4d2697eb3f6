import { apiClient, pathId, unwrap } from 'shared';
import type { Schemas } from 'api/contract';
import { resource } from 'shared/data';

/** A mass intention sent from the mobile app (spec §3). */
export type MassIntention = Schemas['MassIntention'];

/** Its query keys, and the invalidation every write below does. */
export const massIntentions = resource('mass-intentions');

export const massIntentionsApi = {
  list: (userId: string, signal?: AbortSignal) =>
    unwrap<MassIntention[]>(apiClient.get(`/mass/intention/${pathId(userId)}`, { signal })),
};
