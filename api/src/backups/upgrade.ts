import { pendingMigrations, type Db } from '../db/database';
import { migrations } from '../db/migrations/index';
import type { BackupConfig } from './archive';
import { createBackup, type BackupResult } from './create';

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
