import { createHash, randomBytes } from 'node:crypto';
import type { Db } from '../db/database';
import { timestamp } from '../db/ids';

export interface AuthenticatedAdmin {
  _id: string;
  email: string;
}

// Tokens are random and opaque; only their SHA-256 is stored, so a leaked database holds no usable
// session. A fast hash is enough here because the token has 256 bits of entropy.
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export async function issueToken(db: Db, adminId: string, ttlHours: number): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  const now = new Date();
  // Expired sessions are swept at each login so the table does not grow forever.
  await db.kysely.deleteFrom('tokens').where('expires_at', '<=', timestamp(now)).execute();
  await db.kysely
    .insertInto('tokens')
    .values({
      token_hash: hashToken(token),
      admin_id: adminId,
      created_at: timestamp(now),
      expires_at: timestamp(new Date(now.getTime() + ttlHours * 3_600_000)),
    })
    .execute();
  return token;
}

export async function findAdminByToken(db: Db, token: string): Promise<AuthenticatedAdmin | undefined> {
  return db.kysely
    .selectFrom('tokens')
    .innerJoin('admins', 'admins._id', 'tokens.admin_id')
    .select(['admins._id as _id', 'admins.email as email'])
    .where('tokens.token_hash', '=', hashToken(token))
    .where('tokens.expires_at', '>', timestamp())
    .executeTakeFirst();
}

export async function revokeToken(db: Db, token: string): Promise<void> {
  await db.kysely.deleteFrom('tokens').where('token_hash', '=', hashToken(token)).execute();
}

export async function revokeAllTokens(db: Db, adminId: string): Promise<void> {
  await db.kysely.deleteFrom('tokens').where('admin_id', '=', adminId).execute();
}
