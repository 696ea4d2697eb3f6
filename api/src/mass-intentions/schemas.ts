import { Type, type Static } from '@sinclair/typebox';
import { Entity, Input, RequiredText } from '../http/contract';

export const LIMITS = { fullname: 200, email: 320, intention: 2000 } as const;

/** What the mobile app submits. */
export const MassIntentionInput = Input(
  'MassIntentionInput',
  {
    fullname: RequiredText(LIMITS.fullname),
    email: RequiredText(LIMITS.email, { format: 'email' }),
    intention: RequiredText(LIMITS.intention),
  },
  { fullname: 'Full name', email: 'Email', intention: 'Intention' },
);
export type MassIntentionInput = Static<typeof MassIntentionInput>;

/** A mass intention request (spec §3). */
export const MassIntention = Entity('MassIntention', {
  _id: Type.String(),
  fullname: Type.String(),
  email: Type.String(),
  intention: Type.String(),
  createdAt: Type.String({ format: 'date-time' }),
});
export type MassIntention = Static<typeof MassIntention>;
