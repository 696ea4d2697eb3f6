import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Db } from '../db/database';
import { newId, timestamp } from '../db/ids';
import type { DeployTokensTable } from '../db/schema';
import type { DeployScope, DeployToken, DeployTokenInput } from './schemas';

/**
 * Deploy tokens: a remote team's CI publishes (and, with the deploy scope, puts live and rolls back)
 * one remote's releases over HTTPS with one. Its secret is random (32 bytes), shown once at its
 * creation; only its SHA-256 is stored (a fast hash is right for a secret of that entropy), so a
 * leaked database holds no usable token.
 */

/** Every secret starts so: a log or a scanner tells it from a session at a glance. */
export const SECRET_PREFIX = 'bo_deploy_';

const hashOf = (secret: string) => createHash('sha256').update(secret).digest();

function stateOf(row: DeployTokensTable, now: string): DeployToken['state'] {
  if (row.revoked_at) return 'revoked';
  return row.expires_at <= now ? 'expired' : 'active';
}

function toToken(row: DeployTokensTable, now = timestamp()): DeployToken {
  return {
    _id: row._id,
    name: row.name,
    remote: row.remote,
    scope: row.scope as DeployScope,
    expiresAt: row.expires_at,
    createdAt: row.created_at,
    createdBy: row.created_by_name,
    lastUsedAt: row.last_used_at,
    revokedAt: row.revoked_at,
    state: stateOf(row, now),
  };
}

/** Every token, newest first. */
export async function listDeployTokens(db: Db): Promise<DeployToken[]> {
  const rows = await db.kysely.selectFrom('deploy_tokens').selectAll().orderBy('created_at', 'desc').execute();
  const now = timestamp();
  return rows.map((row) => toToken(row, now));
}

/** Creates a token and answers it with its secret, which is never stored and never answered again. */
export async function createDeployToken(
  db: Db,
  input: DeployTokenInput,
  by: { _id: string; name: string },
): Promise<{ token: DeployToken; secret: string }> {
  const secret = SECRET_PREFIX + randomBytes(32).toString('base64url');
  const row: DeployTokensTable = {
    _id: newId(),
    name: input.name,
    remote: input.remote,
    scope: input.scope,
    secret_hash: hashOf(secret).toString('hex'),
    expires_at: timestamp(new Date(input.expiresAt)),
    created_by: by._id,
    created_by_name: by.name,
    created_at: timestamp(),
    last_used_at: null,
    revoked_at: null,
  };
  await db.kysely.insertInto('deploy_tokens').values(row).execute();
  return { token: toToken(row), secret };
}

/** Revokes a token (once: a second revoke keeps the first time). Undefined when there is none. */
export async function revokeDeployToken(db: Db, id: string): Promise<DeployToken | undefined> {
  await db.kysely
    .updateTable('deploy_tokens')
    .set({ revoked_at: timestamp() })
    .where('_id', '=', id)
    .where('revoked_at', 'is', null)
    .execute();
  const row = await db.kysely.selectFrom('deploy_tokens').selectAll().where('_id', '=', id).executeTakeFirst();
  return row && toToken(row);
}

/** A token found by its secret, with the Admin its uses are filed under in the activity record (its creator). */
export type FoundDeployToken = DeployToken & { creatorId: string };

/** The token a secret belongs to, whatever its state (the caller says why it cannot be used). */
export async function findDeployToken(db: Db, secret: string): Promise<FoundDeployToken | undefined> {
  if (!secret.startsWith(SECRET_PREFIX)) return undefined;
  const hash = hashOf(secret);
  const row = await db.kysely
    .selectFrom('deploy_tokens')
    .selectAll()
    .where('secret_hash', '=', hash.toString('hex'))
    .executeTakeFirst();
  // Found by its hash, then compared in constant time all the same.
  if (!row || !timingSafeEqual(Buffer.from(row.secret_hash, 'hex'), hash)) return undefined;
  return { ...toToken(row), creatorId: row.created_by };
}

/** Notes a token's use (Settings → Deployed versions shows when it was last used). */
export async function markUsed(db: Db, id: string): Promise<void> {
  await db.kysely.updateTable('deploy_tokens').set({ last_used_at: timestamp() }).where('_id', '=', id).execute();
}
