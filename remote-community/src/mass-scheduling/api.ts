import type { Schemas } from 'api/contract';
import { pageCall, resource } from 'shared/data';

/** A mass intention sent from the mobile app (spec §3). */
export type MassIntention = Schemas['MassIntention'];

/** Its query keys, and the invalidation every write below does. */
export const massIntentions = resource('mass-intentions');

export const massIntentionsApi = {
  /** A page of the intentions containing q, with how many match in all. */
  page: pageCall('/api/v1/mass/intention/{userId}'),
};
