import { loadConfig } from '../config';
import { migrateWithBackup } from '../backups/upgrade';
import { openDatabase } from '../db/database';
import { exclusively, LOCKS } from '../db/instances';
import { findAdminByEmail } from '../auth/admins';
import { createPasswordLink, PASSWORD_LINK_HOURS } from './repository';
import { addActivity } from '../activity/record';
import { revokeAllTokens } from '../auth/tokens';
import { turnOff } from '../two-factor/repository';
import { twoFactorOffNotice } from '../mail/notices';
import { queueMail } from '../mail/outbox';
import { parishSettings } from '../parish/settings';

/**
 * The operator's account commands, run on the server (docs/accounts.md "Accounts on the server"), where no
 * mail server is needed: a forgotten password gets a one-time link printed here.
 *
 *   npm run admin -- list                      the accounts: email, name, role, since
 *   npm run admin -- reset-password <email>    a one-time set-password link, valid 48 hours
 *   npm run admin -- reset-2fa <email>         two-factor sign-in off, every session ended
 */
const USAGE = `usage:
  npm run admin -- list                      the accounts
  npm run admin -- reset-password <email>    print a one-time link to set that account's password
  npm run admin -- reset-2fa <email>         turn off that account's two-factor sign-in (a lost phone)`;

export class AdminCommandError extends Error {
  override name = 'AdminCommandError';
}

export async function run(
  argv: string[],
  env: NodeJS.ProcessEnv = process.env,
  /** Said as it happens: the backup made before migrating an older database. */
  say: (line: string) => void = console.log,
): Promise<string[]> {
  const [command, ...args] = argv;
  if (command !== 'list' && command !== 'reset-password' && command !== 'reset-2fa') throw new AdminCommandError(USAGE);
  const config = loadConfig(env);
  const db = openDatabase(config);
  try {
    await exclusively(db, LOCKS.start, true, () => migrateWithBackup(config, db, say));
    if (command === 'list') {
      const rows = await db.kysely
        .selectFrom('admins')
        .select(['email', 'name', 'role', 'active', 'createdAt'])
        .orderBy('createdAt')
        .execute();
      if (!rows.length) return ['No account yet: the first start of the server creates the first Admin.'];
      return rows.map((row) =>
        [
          row.email.padEnd(32),
          (row.name || '—').padEnd(24),
          row.role.padEnd(11),
          (Number(row.active) === 1 ? 'active' : 'deactivated').padEnd(12),
          `since ${row.createdAt.slice(0, 10)}`,
        ].join(' '),
      );
    }
    const email = args[0];
    if (!email) throw new AdminCommandError(`name the account's email.\n${USAGE}`);
    const admin = await findAdminByEmail(db, email);
    if (!admin) throw new AdminCommandError(`No account has the email ${email} (npm run admin -- list shows them).`);
    if (command === 'reset-2fa') {
      const parish = await parishSettings(db);
      const origin = config.publicUrl ?? `http://localhost:${config.port}`;
      const wasOn = await turnOff(db, admin._id, (trx) =>
        queueMail(trx, config.mail, twoFactorOffNotice(admin, parish.name, origin, 'operator')),
      );
      await revokeAllTokens(db, admin._id);
      await addActivity(db, {
        adminId: admin._id,
        member: 'The server (npm run admin)',
        kind: 'account',
        summary: `Turned off two-factor sign-in of “${admin.email}”`,
      });
      return [
        wasOn
          ? `Two-factor sign-in is off for ${admin.email}; every session of the account ended.`
          : `${admin.email} had no two-factor sign-in; every session of the account ended.`,
        'The password alone signs in now: turn two-factor sign-in on again in Settings → Two-factor sign-in.',
      ];
    }
    const { token } = await createPasswordLink(db, admin._id);
    await addActivity(db, {
      adminId: admin._id,
      member: 'The server (npm run admin)',
      kind: 'account',
      summary: `Made a password link for “${admin.email}”`,
    });
    const origin = config.publicUrl ?? `http://localhost:${config.port}`;
    return [
      `A one-time link to set the password of ${admin.email}, valid ${PASSWORD_LINK_HOURS} hours:`,
      `${origin}/set-password?token=${token}`,
      'Setting the password signs out every session of the account.',
      ...(Number(admin.active) === 1
        ? []
        : ['This account is deactivated: an Admin must reactivate it in Settings → Team first.']),
    ];
  } finally {
    await db.close();
  }
}

if (require.main === module) {
  run(process.argv.slice(2)).then(
    (lines) => {
      for (const line of lines) console.log(line);
    },
    (error: unknown) => {
      if (!(error instanceof AdminCommandError)) throw error;
      console.error(error.message);
      process.exit(1);
    },
  );
}
