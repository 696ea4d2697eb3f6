import { Kysely } from 'kysely';
import type { FrozenMigration } from './helpers';

// The trash: what a delete removed (its rows as JSON, one entry per delete call) and the files those
// rows named, kept TRASH_KEEP_DAYS so that the delete can be undone (trash/store.ts).
export const migration: FrozenMigration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('trash')
      .addColumn('_id', 'varchar(24)', (c) => c.primaryKey())
      .addColumn('kind', 'varchar(64)', (c) => c.notNull())
      .addColumn('title', 'varchar(400)', (c) => c.notNull())
      .addColumn('records', 'integer', (c) => c.notNull())
      // [{ table, row }] in the order they are put back; the rows' columns as stored.
      .addColumn('rows', 'text', (c) => c.notNull())
      // The public lists (change counters) the rows belong to, bumped again on restore.
      .addColumn('lists', 'text', (c) => c.notNull())
      // The permission a member needs to see, restore or discard the entry ('content' or 'finance').
      .addColumn('permission', 'varchar(16)', (c) => c.notNull())
      .addColumn('deleted_by_id', 'varchar(24)', (c) => c.notNull())
      .addColumn('deleted_by', 'varchar(400)', (c) => c.notNull())
      .addColumn('deleted_at', 'varchar(32)', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('trash_deleted_at').on('trash').columns(['deleted_at', '_id']).execute();
    // The uploads an entry's rows name: counted as referenced, so the sweeps keep them.
    await db.schema
      .createTable('trash_files')
      .addColumn('entry_id', 'varchar(24)', (c) => c.notNull().references('trash._id').onDelete('cascade'))
      .addColumn('name', 'varchar(100)', (c) => c.notNull())
      .addPrimaryKeyConstraint('trash_files_pk', ['entry_id', 'name'])
      .execute();
    await db.schema.createIndex('trash_files_name').on('trash_files').column('name').execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('trash_files').execute();
    await db.schema.dropTable('trash').execute();
  },
};
