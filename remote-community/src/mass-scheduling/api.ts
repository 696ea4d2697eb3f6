import { apiClient, pathId, unwrap } from 'shared';

/** A mass intention sent from the mobile app (spec §3). */
export interface MassIntention {
  _id: string;
  fullname: string;
  email: string;
  intention: string;
  createdAt?: string;
}

export const massIntentionsApi = {
  list: (userId: string, signal?: AbortSignal) =>
    unwrap<MassIntention[]>(apiClient.get(`/mass/intention/${pathId(userId)}`, { signal })),
};
