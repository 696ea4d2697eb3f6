import { sql, type Kysely } from 'kysely';
import type { Database } from './schema';

// Change counters: one row per cached public list (books, later streams, groups …). Every write to
// the list bumps its counter in the same transaction; a server process compares the counter with the
// one its cache was built at, and so notices writes made by another process (a second server on
// PostgreSQL, or `npm run seed` while the server runs).

/** Adds 1 to the list's counter (creating it at 1). Call inside the write's transaction. */
export async function bumpChangeCounter(db: Kysely<Database>, name: string): Promise<void> {
  await db
    .insertInto('change_counters')
    .values({ name, counter: 1 })
    .onConflict((oc) => oc.column('name').doUpdateSet({ counter: sql<number>`change_counters.counter + 1` }))
    .execute();
}

/** The list's counter; 0 while nothing was ever written to it. */
export async function readChangeCounter(db: Kysely<Database>, name: string): Promise<number> {
  const row = await db.selectFrom('change_counters').select('counter').where('name', '=', name).executeTakeFirst();
  return Number(row?.counter ?? 0);
}
