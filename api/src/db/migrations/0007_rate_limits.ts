import { Kysely } from 'kysely';
import type { FrozenMigration } from './helpers';

// Rate-limit counters live in the database, so that every instance of the server counts the same
// attempts: one row per route and client address, for its current window.
export const migration: FrozenMigration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('rate_limits')
      .addColumn('key', 'varchar(300)', (c) => c.primaryKey())
      .addColumn('hits', 'integer', (c) => c.notNull())
      // Milliseconds since 1970: past 2^31, so bigint.
      .addColumn('window_ends', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('rate_limits_window_ends').on('rate_limits').column('window_ends').execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('rate_limits').execute();
  },
};
