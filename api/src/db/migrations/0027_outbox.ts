import { Kysely } from 'kysely';
import type { FrozenMigration } from './helpers';

// The outbox (mail/outbox.ts): each message is stored with what causes it, then sent by a worker.
// state: waiting (next_try_at), sending (claimed until claimed_until), sent, failed (last_error).
export const migration: FrozenMigration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('outbox')
      .addColumn('_id', 'varchar(24)', (c) => c.primaryKey())
      .addColumn('kind', 'varchar(32)', (c) => c.notNull())
      .addColumn('to_name', 'varchar(320)', (c) => c.notNull())
      .addColumn('to_address', 'varchar(320)', (c) => c.notNull())
      .addColumn('subject', 'varchar(400)', (c) => c.notNull())
      .addColumn('text_body', 'text', (c) => c.notNull())
      .addColumn('html_body', 'text', (c) => c.notNull())
      .addColumn('message_id', 'varchar(200)', (c) => c.notNull())
      .addColumn('state', 'varchar(16)', (c) => c.notNull())
      .addColumn('attempts', 'integer', (c) => c.notNull())
      .addColumn('next_try_at', 'varchar(32)', (c) => c.notNull())
      .addColumn('claimed_until', 'varchar(32)')
      .addColumn('last_error', 'text')
      .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
      .addColumn('sent_at', 'varchar(32)')
      .execute();
    await db.schema.createIndex('outbox_state_next_try').on('outbox').columns(['state', 'next_try_at']).execute();
    await db.schema.createIndex('outbox_created').on('outbox').column('created_at').execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('outbox').execute();
  },
};
