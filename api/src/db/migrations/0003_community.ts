import { Kysely } from 'kysely';
import type { FrozenMigration } from './helpers';

// --- groups and prayer requests (remote-community) ---
export const migration: FrozenMigration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('groups')
      .addColumn('_id', 'varchar(24)', (c) => c.primaryKey())
      .addColumn('group_name', 'varchar(300)', (c) => c.notNull())
      .addColumn('group_link', 'varchar(2000)', (c) => c.notNull())
      .addColumn('group_description', 'text', (c) => c.notNull())
      // The stored picture's generated name in DATA_DIR/uploads, or null: a group's image is optional.
      .addColumn('group_image', 'varchar(100)')
      .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
      .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('groups_created_at').on('groups').columns(['created_at', '_id']).execute();
    await db.schema
      .createTable('prayer_requests')
      .addColumn('_id', 'varchar(24)', (c) => c.primaryKey())
      .addColumn('request', 'text', (c) => c.notNull())
      .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
      .execute();
    // The admin list reads thousands of requests newest first: an index in that order.
    await db.schema
      .createIndex('prayer_requests_created_at')
      .on('prayer_requests')
      .columns(['created_at', '_id'])
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('prayer_requests').execute();
    await db.schema.dropTable('groups').execute();
  },
};
