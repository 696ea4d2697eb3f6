import type { Static } from '@sinclair/typebox';
import type { Db } from '../db/database';
import { newChallenge } from './repository';
import { TWO_FACTOR_MESSAGES, TwoFactorChallenge, TwoFactorEnrolment } from './schemas';

/** The login's answer for a right password of an account with two-factor sign-in on. */
export async function challengeFor(db: Db, adminId: string): Promise<Static<typeof TwoFactorChallenge>> {
  return {
    message: TWO_FACTOR_MESSAGES.challenge,
    twoFactorRequired: true,
    challenge: await newChallenge(db, adminId),
  };
}

/**
 * The login's answer for a right password of an Admin without a second factor while the team requires
 * it of every Admin: no session, a ticket for the set-up only.
 */
export async function enrolmentFor(db: Db, adminId: string): Promise<Static<typeof TwoFactorEnrolment>> {
  return {
    message: TWO_FACTOR_MESSAGES.enrolment,
    enrolmentRequired: true,
    enrolment: await newChallenge(db, adminId, 'enrol'),
  };
}
