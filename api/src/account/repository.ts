import { randomBytes } from 'node:crypto';
import type { Transaction } from 'kysely';
import type { Database } from '../db/schema';
import type { Db } from '../db/database';
import { timestamp } from '../db/ids';
import { isUniqueViolation } from '../db/unique';
import { normaliseEmail } from '../auth/admins';
import { ROLE_PERMISSIONS } from '../auth/permissions';
import { hashToken } from '../auth/tokens';
import { HttpError } from '../http/errors';
import type { Role } from '../auth/permissions';
import { ACCOUNT_MESSAGES, type Account, type AccountInput, type Session } from './schemas';
import { deviceOf } from './device';

/** A set-password link stays valid this long (48 hours). */
export const PASSWORD_LINK_HOURS = 48;

export async function findAccount(db: Db, id: string): Promise<Account | undefined> {
  const row = await db.kysely
    .selectFrom('admins')
    .select(['_id', 'email', 'name', 'phone', 'country', 'role', 'weeklyDigest'])
    .where('_id', '=', id)
    .executeTakeFirst();
  return (
    row && {
      ...row,
      role: row.role as Role,
      permissions: [...(ROLE_PERMISSIONS[row.role as Role] ?? [])],
      weeklyDigest: Number(row.weeklyDigest) === 1,
    }
  );
}

/** Saves the profile; 409 when the email is another account's. */
export async function updateProfile(db: Db, id: string, input: AccountInput): Promise<Account> {
  const email = normaliseEmail(input.email);
  const taken = await db.kysely
    .selectFrom('admins')
    .select('_id')
    .where('email', '=', email)
    .where('_id', '!=', id)
    .executeTakeFirst();
  if (taken) throw new HttpError(409, ACCOUNT_MESSAGES.emailTaken);
  try {
    await db.kysely
      .updateTable('admins')
      .set({
        email,
        name: input.name ?? '',
        phone: input.phone ?? '',
        country: input.country ?? '',
        // Absent (a client that does not know it): left as it is.
        ...(input.weeklyDigest !== undefined && { weeklyDigest: input.weeklyDigest ? 1 : 0 }),
      })
      .where('_id', '=', id)
      .execute();
  } catch (error) {
    // Another account took the email between the check and the write.
    if (isUniqueViolation(error)) throw new HttpError(409, ACCOUNT_MESSAGES.emailTaken);
    throw error;
  }
  return (await findAccount(db, id))!;
}

/** The account's sessions that have not ended, the most recently used first. */
export async function listSessions(db: Db, adminId: string, currentSessionId: string): Promise<Session[]> {
  const rows = await db.kysely
    .selectFrom('tokens')
    .select(['sessionId', 'userAgent', 'createdAt', 'lastUsedAt'])
    .where('adminId', '=', adminId)
    .where('expiresAt', '>', timestamp())
    .orderBy('lastUsedAt', 'desc')
    .execute();
  return rows
    .filter((row) => row.sessionId)
    .map((row) => ({
      id: row.sessionId!,
      device: deviceOf(row.userAgent),
      signedInAt: row.createdAt,
      lastUsedAt: row.lastUsedAt ?? row.createdAt,
      current: row.sessionId === currentSessionId,
    }));
}

/** Ends one of the account's sessions; false when it has no such session. */
export async function endSession(db: Db, adminId: string, sessionId: string): Promise<boolean> {
  const result = await db.kysely
    .deleteFrom('tokens')
    .where('adminId', '=', adminId)
    .where('sessionId', '=', sessionId)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/**
 * A one-time set-password link's token for the account (only its hash is stored), and its end. It
 * replaces the account's earlier links: the one asked for again is the one that was lost (or whose
 * answer was, on a retry), and it must not stay open with nobody holding it.
 */
export async function createPasswordLink(
  db: Db,
  adminId: string,
  now = new Date(),
  /** Stores what the link causes (its mail) in the link's own transaction. */
  alongside?: (trx: Transaction<Database>, link: { token: string; expiresAt: string }) => Promise<unknown>,
  hours = PASSWORD_LINK_HOURS,
): Promise<{ token: string; expiresAt: string }> {
  return await db.kysely.transaction().execute(async (trx) => {
    const link = await storePasswordLink(trx, adminId, now, hours);
    await alongside?.(trx, link);
    return link;
  });
}

/** createPasswordLink's write, in the caller's transaction (one that also makes the account). */
export async function storePasswordLink(
  trx: Transaction<Database>,
  adminId: string,
  now = new Date(),
  hours = PASSWORD_LINK_HOURS,
): Promise<{ token: string; expiresAt: string }> {
  const token = randomBytes(32).toString('base64url');
  const expiresAt = timestamp(new Date(now.getTime() + hours * 3_600_000));
  await trx.deleteFrom('passwordLinks').where('adminId', '=', adminId).execute();
  await trx
    .insertInto('passwordLinks')
    .values({ tokenHash: hashToken(token), adminId, createdAt: timestamp(now), expiresAt })
    .execute();
  return { token, expiresAt };
}

/**
 * Uses a set-password link: answers its account and deletes the link (and the account's other links),
 * or undefined when it is unknown, used or expired.
 */
export async function usePasswordLink(db: Db, token: string): Promise<string | undefined> {
  return await db.kysely.transaction().execute(async (trx) => {
    const link = await trx
      .deleteFrom('passwordLinks')
      .where('tokenHash', '=', hashToken(token))
      .returning(['adminId', 'expiresAt'])
      .executeTakeFirst();
    if (!link || link.expiresAt <= timestamp()) return undefined;
    await trx.deleteFrom('passwordLinks').where('adminId', '=', link.adminId).execute();
    return link.adminId;
  });
}
