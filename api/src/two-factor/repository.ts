import { randomBytes } from 'node:crypto';
import type { Db } from '../db/database';
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
    .selectFrom('two_factor')
    .select(['enabled', 'secret'])
    .where('admin_id', '=', adminId)
    .executeTakeFirst();
  return row && { enabled: Number(row.enabled) === 1, secret: row.secret };
}

export async function recoveryCodesLeft(db: Db, adminId: string): Promise<number> {
  const row = await db.kysely
    .selectFrom('recovery_codes')
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .where('admin_id', '=', adminId)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** Keeps a new secret waiting for its first code; false when two-factor sign-in is already on. */
export async function saveSetup(db: Db, adminId: string, sealedSecret: string): Promise<boolean> {
  const result = await db.kysely
    .insertInto('two_factor')
    .values({ admin_id: adminId, secret: sealedSecret, enabled: 0, last_step: null, created_at: timestamp() })
    .onConflict((conflict) =>
      conflict
        .column('admin_id')
        .doUpdateSet({ secret: sealedSecret, last_step: null, created_at: timestamp() })
        .where('two_factor.enabled', '=', 0),
    )
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
}

/** Turns it on with the step of the confirming code, replacing any recovery codes with these hashes. */
export async function enable(db: Db, adminId: string, step: number, codeHashes: string[]): Promise<boolean> {
  return await db.kysely.transaction().execute(async (trx) => {
    const result = await trx
      .updateTable('two_factor')
      .set({ enabled: 1, last_step: step })
      .where('admin_id', '=', adminId)
      .where('enabled', '=', 0)
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) !== 1) return false;
    await trx.deleteFrom('recovery_codes').where('admin_id', '=', adminId).execute();
    await trx
      .insertInto('recovery_codes')
      .values(codeHashes.map((code_hash) => ({ admin_id: adminId, code_hash })))
      .execute();
    return true;
  });
}

/** Turns it off: the secret, the recovery codes and any login waiting for a code go. */
export async function turnOff(db: Db, adminId: string): Promise<boolean> {
  return await db.kysely.transaction().execute(async (trx) => {
    await trx.deleteFrom('recovery_codes').where('admin_id', '=', adminId).execute();
    await trx.deleteFrom('login_challenges').where('admin_id', '=', adminId).execute();
    const result = await trx.deleteFrom('two_factor').where('admin_id', '=', adminId).executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
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
      .deleteFrom('recovery_codes')
      .where('admin_id', '=', adminId)
      .where('code_hash', '=', hashRecoveryCode(dataDir, code))
      .executeTakeFirst();
    return Number(used.numDeletedRows) === 1 ? 'accepted' : 'wrong';
  }
  const step = stepOf(openSecret(dataDir, state.secret), code);
  if (step === undefined) return 'wrong';
  const result = await db.kysely
    .updateTable('two_factor')
    .set({ last_step: step })
    .where('admin_id', '=', adminId)
    .where((eb) => eb.or([eb('last_step', 'is', null), eb('last_step', '<', step)]))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1 ? 'accepted' : 'replayed';
}

/** A new login challenge for the account: answered to the client, only its hash stored. */
export async function newChallenge(db: Db, adminId: string, purpose: ChallengePurpose = 'code'): Promise<string> {
  const challenge = randomBytes(32).toString('base64url');
  const now = new Date();
  // Ended challenges are swept at each new one, as sessions are at each login.
  await db.kysely.deleteFrom('login_challenges').where('expires_at', '<=', timestamp(now)).execute();
  await db.kysely
    .insertInto('login_challenges')
    .values({
      challenge_hash: hashToken(challenge),
      admin_id: adminId,
      expires_at: timestamp(new Date(now.getTime() + CHALLENGE_MINUTES[purpose] * 60_000)),
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
    .updateTable('login_challenges')
    .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
    .where('challenge_hash', '=', hashToken(challenge))
    .where('purpose', '=', purpose)
    .where('expires_at', '>', timestamp())
    .returning(['admin_id', 'attempts'])
    .executeTakeFirst();
  return row && { adminId: row.admin_id, attempts: Number(row.attempts) };
}

/** The account of a challenge of this purpose that has not expired, without counting a try. */
export async function challengeAccount(
  db: Db,
  challenge: string,
  purpose: ChallengePurpose,
): Promise<string | undefined> {
  const row = await db.kysely
    .selectFrom('login_challenges')
    .select('admin_id')
    .where('challenge_hash', '=', hashToken(challenge))
    .where('purpose', '=', purpose)
    .where('expires_at', '>', timestamp())
    .executeTakeFirst();
  return row?.admin_id;
}

/** Ends every pending login step of the account (an enrolment done makes the others pointless). */
export async function endChallengesOf(db: Db, adminId: string): Promise<void> {
  await db.kysely.deleteFrom('login_challenges').where('admin_id', '=', adminId).execute();
}

export async function endChallenge(db: Db, challenge: string): Promise<void> {
  await db.kysely.deleteFrom('login_challenges').where('challenge_hash', '=', hashToken(challenge)).execute();
}

export async function requiredForAdmins(db: Db): Promise<boolean> {
  const row = await db.kysely
    .selectFrom('team_settings')
    .select('value')
    .where('name', '=', REQUIRED_FOR_ADMINS)
    .executeTakeFirst();
  return row?.value === '1';
}

export async function setRequiredForAdmins(db: Db, required: boolean): Promise<void> {
  const value = required ? '1' : '0';
  await db.kysely
    .insertInto('team_settings')
    .values({ name: REQUIRED_FOR_ADMINS, value })
    .onConflict((conflict) => conflict.column('name').doUpdateSet({ value }))
    .execute();
}
