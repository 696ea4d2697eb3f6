import { migrateToLatest, pendingMigrations, type Db } from '../db/database';
import { migrations } from '../db/migrations/index';
import { sizeInWords } from '../http/archives';
import type { BackupConfig } from './archive';
import { createBackup, type BackupResult } from './create';
import { dropRestoreLeftovers } from './database';

/**
 * Before a start migrates a database that holds a parish (it has run migrations before, and has more to
 * run), a backup of it as it is: a bad upgrade is then one `npm run restore` away. A fresh database has
 * nothing to keep. Answers the backup made, or undefined when none was needed.
 */
export async function backupBeforeUpgrade(config: BackupConfig, db: Db): Promise<BackupResult | undefined> {
  const pending = await pendingMigrations(db);
  if (pending.length === 0 || pending.length === Object.keys(migrations).length) return undefined;
  return createBackup({ config, db, madeBy: `the start before the upgrade (migrations ${pending.join(', ')})` });
}

/**
 * What every command that opens the database runs first, under the start's lock (db/instances.ts
 * LOCKS.start): the server's start, `npm run admin`, `npm run seed`, the releases' commands on
 * PostgreSQL. The schema a killed restore left is dropped; a backup is made if migrations are to run
 * over a parish's data (a failed one stops everything before any migration); then the migrations.
 * Where the backup went is said (`say`) before any migration runs: if one fails, the way back is known.
 */
export async function migrateWithBackup(config: BackupConfig, db: Db, say: (line: string) => void): Promise<void> {
  await dropRestoreLeftovers(db);
  const backup = await backupBeforeUpgrade(config, db).catch((error: unknown) => {
    throw new Error(
      `the backup before the upgrade failed (${(error as Error).message}); nothing was migrated. Fix the cause (BACKUP_DIR, disk space) and start again.`,
      { cause: error },
    );
  });
  if (backup) {
    say(
      `Before upgrading the database, a backup of it: ${backup.file} (${sizeInWords(backup.bytes)}). If the upgrade goes wrong: npm run restore -- --replace ${backup.file}`,
    );
  }
  await migrateToLatest(db);
}
