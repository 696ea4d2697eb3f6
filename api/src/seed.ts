import { loadConfig } from './config';
import { migrateToLatest, openDatabase } from './db/database';
import { addMassIntention, type NewMassIntention } from './mass-intentions/repository';

// A little demo data so that a fresh install's screens are not empty. Safe to run again: a record
// that is already there is not added twice. The administrator is created by the server's first start.
const massIntentions: NewMassIntention[] = [
  { fullname: 'Mary Okafor', email: 'mary.okafor@example.com', intention: 'Thanksgiving for a safe delivery' },
  { fullname: 'John Mensah', email: 'john.mensah@example.com', intention: 'For the repose of the soul of my father' },
  { fullname: 'Grace Adeyemi', email: 'grace.adeyemi@example.com', intention: 'For healing and good health' },
];

async function main(): Promise<void> {
  const config = loadConfig();
  const db = openDatabase(config);
  try {
    await migrateToLatest(db);
    let added = 0;
    for (const item of massIntentions) {
      const existing = await db.kysely
        .selectFrom('mass_intentions')
        .select('_id')
        .where('email', '=', item.email)
        .where('intention', '=', item.intention)
        .executeTakeFirst();
      if (!existing) {
        await addMassIntention(db, item);
        added += 1;
      }
    }
    console.log(
      `Seed done: ${added} mass intention(s) added (${db.engine}${config.databaseUrl ? '' : `, ${config.dataDir}`}).`,
    );
  } finally {
    await db.close();
  }
}

main().catch((error: unknown) => {
  console.error('Seeding failed:', error instanceof Error ? error.message : error);
  process.exit(1);
});
