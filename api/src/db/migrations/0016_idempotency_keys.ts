import { Kysely } from 'kysely';
import type { FrozenMigration } from './helpers';

// A write sent with an Idempotency-Key: the answer it got, kept for a day, written in the write's
// own transaction, so that a retry after any crash finds both or neither.
export const migration: FrozenMigration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('idempotency_keys')
      // Whose key: the member's id, or 'public' for the mobile app's calls.
      .addColumn('owner', 'varchar(24)', (c) => c.notNull())
      .addColumn('key', 'varchar(255)', (c) => c.notNull())
      // sha-256 of the method, the path and the body: the same key for another request is refused.
      .addColumn('request', 'varchar(64)', (c) => c.notNull())
      .addColumn('status', 'integer', (c) => c.notNull())
      .addColumn('content_type', 'varchar(200)')
      .addColumn('body', 'text', (c) => c.notNull())
      .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
      .addPrimaryKeyConstraint('idempotency_keys_pk', ['owner', 'key'])
      .execute();
    await db.schema.createIndex('idempotency_keys_created_at').on('idempotency_keys').column('created_at').execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('idempotency_keys').execute();
  },
};
