import { Kysely } from 'kysely';
import type { FrozenMigration } from './helpers';

// content: Bible readings, live streams, adult and children reflections.
export const migration: FrozenMigration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('readings')
      .addColumn('_id', 'varchar(24)', (c) => c.primaryKey())
      // One reading per day of the year: a second one for the same day is a 409.
      .addColumn('day', 'integer', (c) => c.notNull().unique())
      .addColumn('week', 'integer', (c) => c.notNull())
      .addColumn('date', 'varchar(10)', (c) => c.notNull())
      .addColumn('passage', 'text', (c) => c.notNull())
      .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
      .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('readings_week_day').on('readings').columns(['week', 'day']).execute();

    await db.schema
      .createTable('streams')
      .addColumn('_id', 'varchar(24)', (c) => c.primaryKey())
      .addColumn('name', 'varchar(300)', (c) => c.notNull())
      .addColumn('streaming_link', 'varchar(2000)', (c) => c.notNull())
      .addColumn('image', 'varchar(100)', (c) => c.notNull())
      .addColumn('category', 'varchar(100)', (c) => c.notNull())
      .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
      .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('streams_created_at').on('streams').columns(['created_at', '_id']).execute();

    await db.schema
      .createTable('reflections')
      .addColumn('_id', 'varchar(24)', (c) => c.primaryKey())
      .addColumn('audience', 'varchar(16)', (c) => c.notNull())
      .addColumn('date', 'varchar(10)', (c) => c.notNull())
      .addColumn('topic', 'varchar(300)', (c) => c.notNull())
      .addColumn('reflection', 'text', (c) => c.notNull())
      .addColumn('bible_reading', 'varchar(300)', (c) => c.notNull())
      .addColumn('devotional_content', 'text', (c) => c.notNull())
      .addColumn('devotional_confession', 'text', (c) => c.notNull())
      .addColumn('further_reading', 'varchar(300)', (c) => c.notNull())
      .addColumn('mass', 'varchar(300)', (c) => c.notNull())
      .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
      .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
      // One reflection per date per audience (a second one is a 409).
      .addUniqueConstraint('reflections_audience_date', ['audience', 'date'])
      .execute();

    await db.schema
      .createTable('editor_images')
      .addColumn('name', 'varchar(100)', (c) => c.primaryKey())
      .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('editor_images').execute();
    await db.schema.dropTable('reflections').execute();
    await db.schema.dropTable('streams').execute();
    await db.schema.dropTable('readings').execute();
  },
};
