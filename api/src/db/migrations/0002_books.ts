import { Kysely } from 'kysely';
import type { FrozenMigration } from './helpers';

export const migration: FrozenMigration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('books')
      .addColumn('_id', 'varchar(24)', (c) => c.primaryKey())
      .addColumn('book_name', 'varchar(300)', (c) => c.notNull())
      .addColumn('book_link', 'varchar(2000)', (c) => c.notNull())
      // The stored file's generated name in DATA_DIR/uploads; answers turn it into an absolute URL.
      .addColumn('book_image', 'varchar(100)', (c) => c.notNull())
      .addColumn('category', 'varchar(100)', (c) => c.notNull())
      .addColumn('date_added', 'varchar(32)', (c) => c.notNull())
      .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('books_date_added').on('books').columns(['date_added', '_id']).execute();

    // One counter per cached public list, bumped in the same transaction as every write to it, so
    // that a server process notices writes made by another (see http/public-cache.ts).
    await db.schema
      .createTable('change_counters')
      .addColumn('name', 'varchar(64)', (c) => c.primaryKey())
      .addColumn('counter', 'integer', (c) => c.notNull())
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('change_counters').execute();
    await db.schema.dropTable('books').execute();
  },
};
