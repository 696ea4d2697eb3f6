import { Kysely, Migration, MigrationProvider } from 'kysely';

// Migrations live in code (not read from a folder) so that the compiled server and ts-jest run the
// same list. Only portable column types: text, integer; no engine-specific defaults.
// Append new migrations with a larger, sortable name; never edit one that has shipped.
const migrations: Record<string, Migration> = {
  '0001_foundation': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('admins')
        .addColumn('_id', 'varchar(24)', (c) => c.primaryKey())
        .addColumn('email', 'varchar(320)', (c) => c.notNull().unique())
        .addColumn('password_hash', 'text', (c) => c.notNull())
        .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
        .execute();

      await db.schema
        .createTable('tokens')
        .addColumn('token_hash', 'varchar(64)', (c) => c.primaryKey())
        .addColumn('admin_id', 'varchar(24)', (c) => c.notNull().references('admins._id').onDelete('cascade'))
        .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
        .addColumn('expires_at', 'varchar(32)', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('tokens_admin_id').on('tokens').column('admin_id').execute();
      await db.schema.createIndex('tokens_expires_at').on('tokens').column('expires_at').execute();

      await db.schema
        .createTable('mass_intentions')
        .addColumn('_id', 'varchar(24)', (c) => c.primaryKey())
        .addColumn('fullname', 'varchar(200)', (c) => c.notNull())
        .addColumn('email', 'varchar(320)', (c) => c.notNull())
        .addColumn('intention', 'text', (c) => c.notNull())
        .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('mass_intentions_created_at').on('mass_intentions').column('created_at').execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('mass_intentions').execute();
      await db.schema.dropTable('tokens').execute();
      await db.schema.dropTable('admins').execute();
    },
  },
  '0002_books': {
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
  },
};

export const migrationProvider: MigrationProvider = {
  async getMigrations() {
    return migrations;
  },
};
