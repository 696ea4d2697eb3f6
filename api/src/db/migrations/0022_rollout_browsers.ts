import { Kysely } from 'kysely';
import type { FrozenMigration } from './helpers';

// A gradual rollout's browsers: each browser /remotes.json gave a rollout release to, with the
// failures it reported of it (releases/client-reports.ts). Shared by every instance on PostgreSQL.
export const migration: FrozenMigration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('rollout_browsers')
      .addColumn('remote', 'varchar(40)', (c) => c.notNull())
      .addColumn('release', 'varchar(80)', (c) => c.notNull())
      // Which rollout of the release (its start): a later rollout of it counts afresh.
      .addColumn('since', 'varchar(32)', (c) => c.notNull())
      .addColumn('browser', 'varchar(40)', (c) => c.notNull())
      .addColumn('seen_at', 'varchar(32)', (c) => c.notNull())
      .addColumn('load_failures', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('render_failures', 'integer', (c) => c.notNull().defaultTo(0))
      .addPrimaryKeyConstraint('rollout_browsers_pk', ['remote', 'release', 'since', 'browser'])
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('rollout_browsers').execute();
  },
};
