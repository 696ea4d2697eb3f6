import { Kysely } from 'kysely';
import type { EngineName, FrozenMigration } from './helpers';

// With PostgreSQL the uploaded files live in the database too, so that every instance serves them
// (uploads/database-store.ts): a file is its row plus its content in chunks (the driver cannot
// stream one bytea value, and no file is ever held in memory whole). SQLite keeps the uploads folder.
export const migration: FrozenMigration = {
  async up(db: Kysely<unknown>, engine: EngineName) {
    if (engine !== 'postgres') return;
    await db.schema
      .createTable('stored_files')
      .addColumn('name', 'varchar(100)', (c) => c.primaryKey())
      .addColumn('size', 'bigint', (c) => c.notNull())
      .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('stored_files_created_at').on('stored_files').column('created_at').execute();
    await db.schema
      .createTable('stored_file_chunks')
      .addColumn('name', 'varchar(100)', (c) => c.notNull().references('stored_files.name').onDelete('cascade'))
      .addColumn('seq', 'integer', (c) => c.notNull())
      .addColumn('data', 'bytea', (c) => c.notNull())
      .addPrimaryKeyConstraint('stored_file_chunks_pk', ['name', 'seq'])
      .execute();
  },
  async down(db: Kysely<unknown>, engine: EngineName) {
    if (engine !== 'postgres') return;
    await db.schema.dropTable('stored_file_chunks').execute();
    await db.schema.dropTable('stored_files').execute();
  },
};
