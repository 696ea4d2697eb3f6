import { Kysely } from 'kysely';
import type { EngineName, FrozenMigration } from './helpers';

// With PostgreSQL the remotes' releases and the live map are shared too (releases/cluster-sync.ts): a deploy
// through any machine reaches every instance, each of which keeps a local copy to serve from. And the
// hourly chores run once an hour across instances.
export const migration: FrozenMigration = {
  async up(db: Kysely<unknown>, engine: EngineName) {
    if (engine !== 'postgres') return;
    await db.schema
      .createTable('release_files')
      .addColumn('remote', 'varchar(40)', (c) => c.notNull())
      .addColumn('release', 'varchar(80)', (c) => c.notNull())
      .addColumn('path', 'varchar(400)', (c) => c.notNull())
      .addColumn('data', 'bytea', (c) => c.notNull())
      .addPrimaryKeyConstraint('release_files_pk', ['remote', 'release', 'path'])
      .execute();
    await db.schema
      .createTable('remotes_map')
      .addColumn('id', 'integer', (c) => c.primaryKey())
      .addColumn('body', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
      .execute();
    // When each periodic chore last ran, so that it runs once an interval across instances (db/instances.ts).
    await db.schema
      .createTable('chore_runs')
      .addColumn('name', 'varchar(60)', (c) => c.primaryKey())
      .addColumn('ran_at', 'varchar(32)', (c) => c.notNull())
      .execute();
  },
  async down(db: Kysely<unknown>, engine: EngineName) {
    if (engine !== 'postgres') return;
    await db.schema.dropTable('chore_runs').execute();
    await db.schema.dropTable('remotes_map').execute();
    await db.schema.dropTable('release_files').execute();
  },
};
