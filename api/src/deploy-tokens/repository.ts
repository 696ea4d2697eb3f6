import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Db } from '../db/database';
import { newId, timestamp } from '../db/ids';
import type { Transaction } from 'kysely';
import type { Database, DeployTokensTable } from '../db/schema';
import { fromRow } from '../http/contract';
import { DeployToken, type DeployScope, type DeployTokenInput } from './schemas';

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
  if (row.revokedAt) return 'revoked';
  return row.expiresAt <= now ? 'expired' : 'active';
}

/** The token as the Admins see it: `createdBy` is its creator's name then (the column is their id). */
const toToken = (row: DeployTokensTable, now = timestamp()): DeployToken =>
  fromRow(DeployToken, row, {
    scope: row.scope as DeployScope,
    createdBy: row.createdByName,
    state: stateOf(row, now),
  });

/** Every token, newest first. */
export async function listDeployTokens(db: Db): Promise<DeployToken[]> {
  const rows = await db.kysely.selectFrom('deployTokens').selectAll().orderBy('createdAt', 'desc').execute();
  const now = timestamp();
  return rows.map((row) => toToken(row, now));
}

/**
 * Creates a token and answers it with its secret, which is never stored and never answered again.
 * `alongside` stores what the token causes (the Admins' notices) in its transaction.
 */
export async function createDeployToken(
  db: Db,
  input: DeployTokenInput,
  by: { _id: string; name: string },
  alongside?: (trx: Transaction<Database>, token: DeployToken) => Promise<unknown>,
): Promise<{ token: DeployToken; secret: string }> {
  const secret = SECRET_PREFIX + randomBytes(32).toString('base64url');
  const row: DeployTokensTable = {
    _id: newId(),
    name: input.name,
    remote: input.remote,
    scope: input.scope,
    secretHash: hashOf(secret).toString('hex'),
    expiresAt: timestamp(new Date(input.expiresAt)),
    createdBy: by._id,
    createdByName: by.name,
    createdAt: timestamp(),
    lastUsedAt: null,
    revokedAt: null,
  };
  const token = toToken(row);
  await db.kysely.transaction().execute(async (trx) => {
    await trx.insertInto('deployTokens').values(row).execute();
    await alongside?.(trx, token);
  });
  return { token, secret };
}

/** Revokes a token (once: a second revoke keeps the first time). Undefined when there is none. */
export async function revokeDeployToken(db: Db, id: string): Promise<DeployToken | undefined> {
  await db.kysely
    .updateTable('deployTokens')
    .set({ revokedAt: timestamp() })
    .where('_id', '=', id)
    .where('revokedAt', 'is', null)
    .execute();
  const row = await db.kysely.selectFrom('deployTokens').selectAll().where('_id', '=', id).executeTakeFirst();
  return row && toToken(row);
}

/** A token found by its secret, with the Admin its uses are filed under in the activity record (its creator). */
export type FoundDeployToken = DeployToken & { creatorId: string };

/** The token a secret belongs to, whatever its state (the caller says why it cannot be used). */
export async function findDeployToken(db: Db, secret: string): Promise<FoundDeployToken | undefined> {
  if (!secret.startsWith(SECRET_PREFIX)) return undefined;
  const hash = hashOf(secret);
  const row = await db.kysely
    .selectFrom('deployTokens')
    .selectAll()
    .where('secretHash', '=', hash.toString('hex'))
    .executeTakeFirst();
  // Found by its hash, then compared in constant time all the same.
  if (!row || !timingSafeEqual(Buffer.from(row.secretHash, 'hex'), hash)) return undefined;
  return { ...toToken(row), creatorId: row.createdBy };
}

/** Notes a token's use (Settings → Deployed versions shows when it was last used). */
export async function markUsed(db: Db, id: string): Promise<void> {
  await db.kysely.updateTable('deployTokens').set({ lastUsedAt: timestamp() }).where('_id', '=', id).execute();
}
