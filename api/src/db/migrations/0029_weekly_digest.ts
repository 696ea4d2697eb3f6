import { Kysely, sql } from 'kysely';
import type { FrozenMigration } from './helpers';

// The weekly digest by mail: each account may turn it off (1: sent, 0: not), and one row says which
// week's digest was taken on (the Monday, YYYY-MM-DD in the parish's zone) and when it was made, so that
// a restart or a second instance does not send it twice and the next lists what is new since.
export const migration: FrozenMigration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .alterTable('admins')
      .addColumn('weekly_digest', 'integer', (c) => c.notNull().defaultTo(1))
      .execute();
    await db.schema
      .createTable('weekly_digest')
      .addColumn('slot', 'integer', (c) => c.primaryKey())
      .addColumn('last_week', 'varchar(10)')
      .addColumn('last_made_at', 'varchar(32)')
      .execute();
    await sql`insert into weekly_digest (slot) values (1)`.execute(db);
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('weekly_digest').execute();
    await db.schema.alterTable('admins').dropColumn('weekly_digest').execute();
  },
};
