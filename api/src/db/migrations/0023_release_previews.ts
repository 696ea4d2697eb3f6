import { Kysely } from 'kysely';
import type { FrozenMigration } from './helpers';

export const migration: FrozenMigration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('release_previews')
      .addColumn('secret_hash', 'varchar(64)', (c) => c.primaryKey())
      .addColumn('session_id', 'varchar(24)', (c) => c.notNull())
      .addColumn('remote', 'varchar(40)', (c) => c.notNull())
      .addColumn('release', 'varchar(80)', (c) => c.notNull())
      .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
      .addColumn('expires_at', 'varchar(32)', (c) => c.notNull())
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('release_previews').execute();
  },
};
