import { createHash, randomBytes } from 'node:crypto';
import type { Db } from '../db/database';
import { newId, timestamp } from '../db/ids';

export interface AuthenticatedAdmin {
  _id: string;
  email: string;
  /** The profile's name ('' when not given). */
  name: string;
  role: string;
  /** The session the request came with (the account's session list names it so). */
  sessionId: string;
}

/** A session's last use is written at most this often (not at every request). */
const LAST_USED_EVERY_MS = 60_000;

/** The User-Agent kept for the session list, cut to its column. */
const USER_AGENT_MAX = 300;

// Tokens are random and opaque; only their SHA-256 is stored, so a leaked database holds no usable
// session. A fast hash is enough here because the token has 256 bits of entropy.
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export async function issueToken(db: Db, adminId: string, ttlHours: number, userAgent = ''): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  const now = new Date();
  // Expired sessions are swept at each login so the table does not grow forever.
  await db.kysely.deleteFrom('tokens').where('expiresAt', '<=', timestamp(now)).execute();
  await db.kysely
    .insertInto('tokens')
    .values({
      tokenHash: hashToken(token),
      adminId,
      createdAt: timestamp(now),
      expiresAt: timestamp(new Date(now.getTime() + ttlHours * 3_600_000)),
      sessionId: newId(now),
      userAgent: userAgent.slice(0, USER_AGENT_MAX),
      lastUsedAt: timestamp(now),
    })
    .execute();
  return token;
}

export async function findAdminByToken(db: Db, token: string): Promise<AuthenticatedAdmin | undefined> {
  const now = new Date();
  const row = await db.kysely
    .selectFrom('tokens')
    .innerJoin('admins', 'admins._id', 'tokens.adminId')
    .select([
      'admins._id as _id',
      'admins.email as email',
      'admins.name as name',
      'admins.role as role',
      'tokens.sessionId as sessionId',
      'tokens.lastUsedAt as lastUsedAt',
      'tokens.tokenHash as tokenHash',
    ])
    .where('tokens.tokenHash', '=', hashToken(token))
    .where('tokens.expiresAt', '>', timestamp(now))
    .where('admins.active', '=', 1)
    .executeTakeFirst();
  if (!row?.sessionId) return undefined;
  if (!row.lastUsedAt || now.getTime() - Date.parse(row.lastUsedAt) >= LAST_USED_EVERY_MS) {
    await db.kysely
      .updateTable('tokens')
      .set({ lastUsedAt: timestamp(now) })
      .where('tokenHash', '=', row.tokenHash)
      .execute();
  }
  return { _id: row._id, email: row.email, name: row.name, role: row.role, sessionId: row.sessionId };
}

/** Ends every session of the account but one (a password change keeps the session that made it). */
export async function revokeOtherTokens(db: Db, adminId: string, keepSessionId: string): Promise<number> {
  const result = await db.kysely
    .deleteFrom('tokens')
    .where('adminId', '=', adminId)
    .where('sessionId', '!=', keepSessionId)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

export async function revokeToken(db: Db, token: string): Promise<void> {
  await db.kysely.deleteFrom('tokens').where('tokenHash', '=', hashToken(token)).execute();
}

export async function revokeAllTokens(db: Db, adminId: string): Promise<void> {
  await db.kysely.deleteFrom('tokens').where('adminId', '=', adminId).execute();
}
