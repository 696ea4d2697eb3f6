import type { Db } from '../db/database';
import { newId, timestamp } from '../db/ids';
import { generatePassword, hashPassword, verifyPassword } from './password';
import { revokeAllTokens } from './tokens';

export const DEFAULT_ADMIN_EMAIL = 'admin@example.com';

/** Emails are compared case-insensitively: stored and looked up in lower case. */
export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}

export function findAdminByEmail(db: Db, email: string) {
  return db.kysely.selectFrom('admins').selectAll().where('email', '=', normaliseEmail(email)).executeTakeFirst();
}

export async function createAdmin(db: Db, email: string, password: string, cost?: number): Promise<string> {
  const _id = newId();
  await db.kysely
    .insertInto('admins')
    .values({
      _id,
      email: normaliseEmail(email),
      password_hash: await hashPassword(password, cost),
      created_at: timestamp(),
    })
    .execute();
  return _id;
}

export type BootstrapResult =
  | { action: 'created'; email: string; generatedPassword?: string }
  | { action: 'updated' | 'unchanged' | 'kept'; email: string };

/**
 * Makes sure the back-office can be logged into at start.
 * - ADMIN_PASSWORD set: the admin ADMIN_EMAIL (default admin@example.com) is created, or its password
 *   updated (other sessions are then revoked).
 * - Otherwise, when no admin exists yet, one is created with a random password that the caller prints once.
 */
export async function bootstrapAdmin(
  db: Db,
  options: { adminEmail?: string; adminPassword?: string; passwordHashCost?: number },
): Promise<BootstrapResult> {
  const cost = options.passwordHashCost;
  const email = normaliseEmail(options.adminEmail ?? DEFAULT_ADMIN_EMAIL);
  if (options.adminPassword) {
    const existing = await findAdminByEmail(db, email);
    if (!existing) {
      await createAdmin(db, email, options.adminPassword, cost);
      return { action: 'created', email };
    }
    // Re-hashing on every start would change nothing but the salt; only write when it differs.
    if (await verifyPassword(options.adminPassword, existing.password_hash)) return { action: 'unchanged', email };
    await db.kysely
      .updateTable('admins')
      .set({ password_hash: await hashPassword(options.adminPassword, cost) })
      .where('_id', '=', existing._id)
      .execute();
    await revokeAllTokens(db, existing._id);
    return { action: 'updated', email };
  }

  const any = await db.kysely.selectFrom('admins').select(['email']).orderBy('created_at').executeTakeFirst();
  if (any) return { action: 'kept', email: any.email };
  const generatedPassword = generatePassword();
  await createAdmin(db, email, generatedPassword, cost);
  return { action: 'created', email, generatedPassword };
}
