import { Kysely, sql } from 'kysely';
import type { FrozenMigration } from './helpers';

// The daily backup's settings, one row: its time of day in the parish's zone (HH:MM, null when off),
// how many of the latest it keeps, the last scheduled backup that failed (until one succeeds), and the
// parish's day whose backup an instance has taken on (one instance makes it).
// It starts on, at 02:30, keeping 7.
export const migration: FrozenMigration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('backup_schedule')
      .addColumn('slot', 'integer', (c) => c.primaryKey())
      .addColumn('at', 'varchar(5)')
      .addColumn('keep', 'integer', (c) => c.notNull())
      .addColumn('failed_at', 'varchar(32)')
      .addColumn('failure', 'varchar(400)')
      .addColumn('last_day', 'varchar(10)')
      .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
      .execute();
    await sql`insert into backup_schedule (slot, at, keep, updated_at)
      values (1, ${'02:30'}, ${7}, ${new Date().toISOString()})`.execute(db);
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('backup_schedule').execute();
  },
};
