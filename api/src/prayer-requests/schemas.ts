import { Type, type Static } from '@sinclair/typebox';
import { Entity, Input, RequiredText } from '../http/contract';

export const LIMITS = { request: 2000 } as const;

/** What the mobile app submits. */
export const PrayerRequestInput = Input(
  'PrayerRequestInput',
  { request: RequiredText(LIMITS.request) },
  { request: 'The request' },
);

/** A prayer request (spec §3). */
export const PrayerRequest = Entity('PrayerRequest', {
  _id: Type.String(),
  request: Type.String(),
  createdAt: Type.String({ format: 'date-time' }),
});
export type PrayerRequest = Static<typeof PrayerRequest>;
