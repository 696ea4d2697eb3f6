import type { Kysely, Transaction } from 'kysely';
import type { Db } from '../db/database';
import type { Database } from '../db/schema';
import { newId, timestamp } from '../db/ids';
import { PASSWORD_MIN_LENGTH } from './password';
import { generatePassword, hashPassword } from './password';

export const DEFAULT_ADMIN_EMAIL = 'admin@example.com';

/** Emails are compared case-insensitively: stored and looked up in lower case. */
export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}

export function findAdminByEmail(db: Db, email: string) {
  return db.kysely.selectFrom('admins').selectAll().where('email', '=', normaliseEmail(email)).executeTakeFirst();
}

/** A new account (an Admin unless `profile` gives another role): its id. */
export async function createAdmin(
  db: Db,
  email: string,
  password: string,
  cost?: number,
  profile: { name?: string; role?: string } = {},
): Promise<string> {
  return insertAdmin(db.kysely, email, await hashPassword(password, cost), profile);
}

/** Stores a new account whose password is already hashed, in the caller's transaction if given: its id. */
export async function insertAdmin(
  query: Kysely<Database> | Transaction<Database>,
  email: string,
  passwordHash: string,
  profile: { name?: string; role?: string } = {},
): Promise<string> {
  const _id = newId();
  await query
    .insertInto('admins')
    .values({ _id, email: normaliseEmail(email), passwordHash, createdAt: timestamp(), ...profile })
    .execute();
  return _id;
}

/** Stores a new password hash for the account (a change, a set-password link, a login's upgrade). */
export async function savePasswordHash(db: Db, adminId: string, hash: string): Promise<void> {
  await db.kysely.updateTable('admins').set({ passwordHash: hash }).where('_id', '=', adminId).execute();
}

export type BootstrapResult =
  | { action: 'created'; email: string; generatedPassword?: string }
  | { action: 'kept'; email: string; ignored: boolean };

/** What the start prints about the first Admin: its generated password once, or why the environment is ignored. */
export function adminAnnouncement(result: BootstrapResult): string | undefined {
  if (result.action === 'created' && result.generatedPassword) {
    // Printed once, on the start that created the account; it is stored only as a hash.
    const line = '='.repeat(72);
    return [
      line,
      'An administrator account was created.',
      `  email:    ${result.email}`,
      `  password: ${result.generatedPassword}`,
      'Write this password down now: it will not be shown again.',
      'To choose your own: sign in and change it in Settings → Password, or run',
      `  npm run admin -- reset-password ${result.email}`,
      'for a one-time link at which to set it.',
      line,
    ].join('\n');
  }
  if (result.action === 'created') return `Administrator ${result.email} created from ADMIN_EMAIL/ADMIN_PASSWORD.`;
  if (!result.ignored) return undefined;
  // Only the first Admin comes from the environment: a password changed in Settings must survive.
  return (
    'ADMIN_EMAIL and ADMIN_PASSWORD are ignored: accounts exist already. A forgotten password: ' +
    'npm run admin -- reset-password <email>; a new first Admin: start on a fresh DATA_DIR.'
  );
}

/**
 * Makes sure the back-office can be logged into at start: when no account exists yet, the first Admin
 * is created as ADMIN_EMAIL (default admin@example.com) with ADMIN_PASSWORD, or a random password that
 * the caller prints once. Once an account exists nothing is changed — a password changed in Settings,
 * or an email, must survive a restart — and `ignored` says whether ADMIN_PASSWORD was set in vain
 * (`npm run admin -- reset-password` is the way back into a forgotten account).
 */
export async function bootstrapAdmin(
  db: Db,
  options: { adminEmail?: string; adminPassword?: string; passwordHashCost?: number },
): Promise<BootstrapResult> {
  const email = normaliseEmail(options.adminEmail ?? DEFAULT_ADMIN_EMAIL);
  const any = await db.kysely.selectFrom('admins').select(['email']).orderBy('createdAt').executeTakeFirst();
  if (any) return { action: 'kept', email: any.email, ignored: !!options.adminPassword };
  if (options.adminPassword) {
    // The first Admin's password is held to the rule of every other (Settings → Password).
    if (options.adminPassword.length < PASSWORD_MIN_LENGTH) {
      throw new Error(
        `ADMIN_PASSWORD is too short: a password needs at least ${PASSWORD_MIN_LENGTH} characters. ` +
          'Choose a longer one, or leave ADMIN_PASSWORD unset to have one generated and printed.',
      );
    }
    await createAdmin(db, email, options.adminPassword, options.passwordHashCost);
    return { action: 'created', email };
  }
  const generatedPassword = generatePassword();
  await createAdmin(db, email, generatedPassword, options.passwordHashCost);
  return { action: 'created', email, generatedPassword };
}
