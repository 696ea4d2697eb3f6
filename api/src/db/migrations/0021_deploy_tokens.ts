import { Kysely } from 'kysely';
import type { FrozenMigration } from './helpers';

export const migration: FrozenMigration = {
  // A remote team's CI publishes and deploys with a deploy token: one remote, a scope, an expiry.
  // Only the secret's SHA-256 is kept.
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('deploy_tokens')
      .addColumn('_id', 'varchar(24)', (c) => c.primaryKey())
      .addColumn('name', 'varchar(80)', (c) => c.notNull())
      .addColumn('remote', 'varchar(64)', (c) => c.notNull())
      .addColumn('scope', 'varchar(16)', (c) => c.notNull())
      .addColumn('secret_hash', 'varchar(64)', (c) => c.notNull().unique())
      .addColumn('expires_at', 'varchar(32)', (c) => c.notNull())
      .addColumn('created_by', 'varchar(24)', (c) => c.notNull())
      .addColumn('created_by_name', 'varchar(320)', (c) => c.notNull())
      .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
      .addColumn('last_used_at', 'varchar(32)')
      .addColumn('revoked_at', 'varchar(32)')
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('deploy_tokens').execute();
  },
};
