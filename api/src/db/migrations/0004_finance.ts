import { Kysely } from 'kysely';
import type { FrozenMigration } from './helpers';

// --- donations, bank accounts, Section A prayers, About Us (remote-finance) ---
export const migration: FrozenMigration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('donations')
      .addColumn('_id', 'varchar(24)', (c) => c.primaryKey())
      .addColumn('donation_name', 'varchar(300)', (c) => c.notNull())
      .addColumn('donation_description', 'text', (c) => c.notNull())
      // The stored file's generated name in DATA_DIR/uploads (any type); answers make it a URL.
      .addColumn('file_name', 'varchar(100)', (c) => c.notNull())
      .addColumn('is_image', 'integer', (c) => c.notNull())
      .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
      .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('donations_created_at').on('donations').columns(['created_at', '_id']).execute();

    await db.schema
      .createTable('bank_accounts')
      .addColumn('_id', 'varchar(24)', (c) => c.primaryKey())
      .addColumn('bank_name', 'varchar(200)', (c) => c.notNull())
      // Text, never a number: account numbers keep their leading zeros.
      .addColumn('bank_account_number', 'varchar(64)', (c) => c.notNull())
      .addColumn('bank_account_holder_name', 'varchar(200)', (c) => c.notNull())
      .addColumn('bank_routing_number', 'varchar(64)', (c) => c.notNull())
      .addColumn('bank_swift_code', 'varchar(64)', (c) => c.notNull())
      .addColumn('currency', 'varchar(50)', (c) => c.notNull())
      .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
      .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('bank_accounts_created_at')
      .on('bank_accounts')
      .columns(['created_at', '_id'])
      .execute();

    await db.schema
      .createTable('prayers')
      .addColumn('_id', 'varchar(24)', (c) => c.primaryKey())
      .addColumn('title', 'varchar(300)', (c) => c.notNull())
      .addColumn('prayer', 'text', (c) => c.notNull())
      .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
      .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('prayers_created_at').on('prayers').columns(['created_at', '_id']).execute();

    // At most one About Us text: every row has slot 1, and slot is unique.
    await db.schema
      .createTable('about')
      .addColumn('_id', 'varchar(24)', (c) => c.primaryKey())
      .addColumn('slot', 'integer', (c) => c.notNull().unique())
      .addColumn('text', 'text', (c) => c.notNull())
      .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
      .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('about').execute();
    await db.schema.dropTable('prayers').execute();
    await db.schema.dropTable('bank_accounts').execute();
    await db.schema.dropTable('donations').execute();
  },
};
