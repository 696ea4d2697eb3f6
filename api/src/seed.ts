import { loadConfig } from './config';
import { migrateWithBackup } from './backups/upgrade';
import { openDatabase } from './db/database';
import { exclusively, LOCKS } from './db/instances';
import { FEATURES, seedFeatures } from './registry';
import { openUploadStorage } from './uploads/storage';

// A little demo data so that a fresh install's screens are not empty: each feature declares its own
// (its feature.ts), added in the registry's order. Safe to run again: a record that is already there
// is not added twice. The administrator is created by the server's first start.
async function main(): Promise<void> {
  const config = loadConfig();
  const db = openDatabase(config);
  try {
    await exclusively(db, LOCKS.start, true, () => migrateWithBackup(config, db, console.log));
    const uploads = openUploadStorage(config, db);
    let total = 0;
    for (const { feature, added } of await seedFeatures(FEATURES, { db, uploads })) {
      console.log(`${feature}: ${added} record(s) added.`);
      total += added;
    }
    console.log(
      `Seed done: ${total} record(s) added (${db.engine}${config.databaseUrl ? '' : `, ${config.dataDir}`}).`,
    );
  } finally {
    await db.close();
  }
}

main().catch((error: unknown) => {
  console.error('Seeding failed:', error instanceof Error ? error.message : error);
  process.exit(1);
});
