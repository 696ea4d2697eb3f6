import { randomBytes } from 'node:crypto';
import type { Transaction } from 'kysely';
import type { Db } from '../db/database';
import type { Database } from '../db/schema';
import { timestamp } from '../db/ids';
import { hashToken } from '../auth/tokens';
import { hashRecoveryCode, isTotpCode, openSecret, stepOf } from './totp';

/**
 * What a right password leaves pending: the code of an account with two-factor sign-in on ('code'), or
 * the set-up an Admin without it must finish while the team requires it ('enrol'). Each is asked
 * only by its own calls.
 */
export type ChallengePurpose = 'code' | 'enrol';

/**
 * A login's second step must come within this time of its password; an enrolment (installing an app,
 * scanning, typing a code) gets longer.
 */
const CHALLENGE_MINUTES: Record<ChallengePurpose, number> = { code: 5, enrol: 10 };
const REQUIRED_FOR_ADMINS = 'require_admin_two_factor';

export interface TwoFactorState {
  enabled: boolean;
  /** The sealed secret (totp.ts openSecret). */
  secret: string;
}

export async function twoFactorOf(db: Db, adminId: string): Promise<TwoFactorState | undefined> {
  const row = await db.kysely
    .selectFrom('twoFactor')
    .select(['enabled', 'secret'])
    .where('adminId', '=', adminId)
    .executeTakeFirst();
  return row && { enabled: Number(row.enabled) === 1, secret: row.secret };
}

export async function recoveryCodesLeft(db: Db, adminId: string): Promise<number> {
  const row = await db.kysely
    .selectFrom('recoveryCodes')
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .where('adminId', '=', adminId)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** Keeps a new secret waiting for its first code; false when two-factor sign-in is already on. */
export async function saveSetup(db: Db, adminId: string, sealedSecret: string): Promise<boolean> {
  const result = await db.kysely
    .insertInto('twoFactor')
    .values({ adminId, secret: sealedSecret, enabled: 0, lastStep: null, createdAt: timestamp() })
    .onConflict((conflict) =>
      conflict
        .column('adminId')
        .doUpdateSet({ secret: sealedSecret, lastStep: null, createdAt: timestamp() })
        .where('twoFactor.enabled', '=', 0),
    )
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
}

/** Turns it on with the step of the confirming code, replacing any recovery codes with these hashes. */
export async function enable(db: Db, adminId: string, step: number, codeHashes: string[]): Promise<boolean> {
  return await db.kysely.transaction().execute(async (trx) => {
    const result = await trx
      .updateTable('twoFactor')
      .set({ enabled: 1, lastStep: step })
      .where('adminId', '=', adminId)
      .where('enabled', '=', 0)
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) !== 1) return false;
    await trx.deleteFrom('recoveryCodes').where('adminId', '=', adminId).execute();
    await trx
      .insertInto('recoveryCodes')
      .values(codeHashes.map((codeHash) => ({ adminId, codeHash })))
      .execute();
    return true;
  });
}

/** Turns it off: the secret, the recovery codes and any login waiting for a code go. */
export async function turnOff(
  db: Db,
  adminId: string,
  /** Stores what turning it off causes (its notice) in the same transaction, when it was on. */
  alongside?: (trx: Transaction<Database>) => Promise<unknown>,
): Promise<boolean> {
  return await db.kysely.transaction().execute(async (trx) => {
    await trx.deleteFrom('recoveryCodes').where('adminId', '=', adminId).execute();
    await trx.deleteFrom('loginChallenges').where('adminId', '=', adminId).execute();
    const result = await trx.deleteFrom('twoFactor').where('adminId', '=', adminId).executeTakeFirst();
    const wasOn = Number(result.numDeletedRows) > 0;
    if (wasOn) await alongside?.(trx);
    return wasOn;
  });
}

export type CodeCheck = 'accepted' | 'wrong' | 'replayed';

/**
 * Checks a code of an account whose two-factor sign-in is on: a six-digit code of its app, accepted
 * only for a step later than the last one accepted (one update, so two requests cannot both use a
 * code), or one of its recovery codes, used up.
 */
export async function checkCode(db: Db, dataDir: string, adminId: string, code: string): Promise<CodeCheck> {
  const state = await twoFactorOf(db, adminId);
  if (!state?.enabled) return 'wrong';
  if (!isTotpCode(code)) {
    const used = await db.kysely
      .deleteFrom('recoveryCodes')
      .where('adminId', '=', adminId)
      .where('codeHash', '=', hashRecoveryCode(dataDir, code))
      .executeTakeFirst();
    return Number(used.numDeletedRows) === 1 ? 'accepted' : 'wrong';
  }
  const step = stepOf(openSecret(dataDir, state.secret), code);
  if (step === undefined) return 'wrong';
  const result = await db.kysely
    .updateTable('twoFactor')
    .set({ lastStep: step })
    .where('adminId', '=', adminId)
    .where((eb) => eb.or([eb('lastStep', 'is', null), eb('lastStep', '<', step)]))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1 ? 'accepted' : 'replayed';
}

/** A new login challenge for the account: answered to the client, only its hash stored. */
export async function newChallenge(db: Db, adminId: string, purpose: ChallengePurpose = 'code'): Promise<string> {
  const challenge = randomBytes(32).toString('base64url');
  const now = new Date();
  // Ended challenges are swept at each new one, as sessions are at each login.
  await db.kysely.deleteFrom('loginChallenges').where('expiresAt', '<=', timestamp(now)).execute();
  await db.kysely
    .insertInto('loginChallenges')
    .values({
      challengeHash: hashToken(challenge),
      adminId,
      expiresAt: timestamp(new Date(now.getTime() + CHALLENGE_MINUTES[purpose] * 60_000)),
      attempts: 0,
      purpose,
    })
    .execute();
  return challenge;
}

/**
 * Counts one code tried on a challenge of this purpose that has not expired: its account and the codes
 * tried so far.
 */
export async function tryChallenge(
  db: Db,
  challenge: string,
  purpose: ChallengePurpose = 'code',
): Promise<{ adminId: string; attempts: number } | undefined> {
  const row = await db.kysely
    .updateTable('loginChallenges')
    .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
    .where('challengeHash', '=', hashToken(challenge))
    .where('purpose', '=', purpose)
    .where('expiresAt', '>', timestamp())
    .returning(['adminId', 'attempts'])
    .executeTakeFirst();
  return row && { adminId: row.adminId, attempts: Number(row.attempts) };
}

/** The account of a challenge of this purpose that has not expired, without counting a try. */
export async function challengeAccount(
  db: Db,
  challenge: string,
  purpose: ChallengePurpose,
): Promise<string | undefined> {
  const row = await db.kysely
    .selectFrom('loginChallenges')
    .select('adminId')
    .where('challengeHash', '=', hashToken(challenge))
    .where('purpose', '=', purpose)
    .where('expiresAt', '>', timestamp())
    .executeTakeFirst();
  return row?.adminId;
}

/** Ends every pending login step of the account (an enrolment done makes the others pointless). */
export async function endChallengesOf(db: Db, adminId: string): Promise<void> {
  await db.kysely.deleteFrom('loginChallenges').where('adminId', '=', adminId).execute();
}

export async function endChallenge(db: Db, challenge: string): Promise<void> {
  await db.kysely.deleteFrom('loginChallenges').where('challengeHash', '=', hashToken(challenge)).execute();
}

export async function requiredForAdmins(db: Db): Promise<boolean> {
  const row = await db.kysely
    .selectFrom('teamSettings')
    .select('value')
    .where('name', '=', REQUIRED_FOR_ADMINS)
    .executeTakeFirst();
  return row?.value === '1';
}

export async function setRequiredForAdmins(db: Db, required: boolean): Promise<void> {
  const value = required ? '1' : '0';
  await db.kysely
    .insertInto('teamSettings')
    .values({ name: REQUIRED_FOR_ADMINS, value })
    .onConflict((conflict) => conflict.column('name').doUpdateSet({ value }))
    .execute();
}
