import type { Static } from '@sinclair/typebox';
import type { Db } from '../db/database';
import { newChallenge } from './repository';
import { TWO_FACTOR_MESSAGES, TwoFactorChallenge } from './schemas';

/** The login's answer for a right password of an account with two-factor sign-in on. */
export async function challengeFor(db: Db, adminId: string): Promise<Static<typeof TwoFactorChallenge>> {
  return {
    message: TWO_FACTOR_MESSAGES.challenge,
    twoFactorRequired: true,
    challenge: await newChallenge(db, adminId),
  };
}
