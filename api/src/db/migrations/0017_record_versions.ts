import { Kysely } from 'kysely';
import type { FrozenMigration } from './helpers';

export const migration: FrozenMigration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('record_versions')
      .addColumn('_id', 'varchar(24)', (c) => c.primaryKey())
      // Which history: 'books', 'adult-reflections' … and the record's _id.
      .addColumn('resource', 'varchar(40)', (c) => c.notNull())
      .addColumn('record_id', 'varchar(24)', (c) => c.notNull())
      // The record's stored columns as JSON, as they were before the edit replaced them.
      .addColumn('fields', 'text', (c) => c.notNull())
      // When that text was saved, and by whom when known (null: before history was kept).
      .addColumn('saved_at', 'varchar(32)', (c) => c.notNull())
      .addColumn('saved_by_id', 'varchar(24)')
      .addColumn('saved_by_name', 'varchar(320)')
      // The edit that replaced it: when, and by whom (the next version's author).
      .addColumn('replaced_at', 'varchar(32)', (c) => c.notNull())
      .addColumn('replaced_by_id', 'varchar(24)')
      .addColumn('replaced_by_name', 'varchar(320)')
      .execute();
    await db.schema
      .createIndex('record_versions_record')
      .on('record_versions')
      .columns(['resource', 'record_id', 'replaced_at'])
      .execute();
    await db.schema.createIndex('record_versions_replaced_at').on('record_versions').column('replaced_at').execute();
    // The uploads a version shows: kept as long as the version is.
    await db.schema
      .createTable('record_version_files')
      .addColumn('version_id', 'varchar(24)', (c) => c.notNull())
      .addColumn('name', 'varchar(100)', (c) => c.notNull())
      .addPrimaryKeyConstraint('record_version_files_pk', ['version_id', 'name'])
      .execute();
    await db.schema.createIndex('record_version_files_name').on('record_version_files').column('name').execute();
    // The first version of a record is credited to whoever the activity record says last wrote it.
    await db.schema.createIndex('activity_record').on('activity').columns(['record_id', 'at']).execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropIndex('activity_record').execute();
    await db.schema.dropTable('record_version_files').execute();
    await db.schema.dropTable('record_versions').execute();
  },
};
