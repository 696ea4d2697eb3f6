import { Kysely, sql } from 'kysely';
import type { FrozenMigration } from './helpers';

export const migration: FrozenMigration = {
  async up(db: Kysely<unknown>) {
    // The member whose session read the map: a rollout's figures count members, not browsers. The
    // browsers recorded so far named themselves (unsigned ids) and no member: they count no more.
    await sql`delete from rollout_browsers`.execute(db);
    await db.schema.alterTable('rollout_browsers').addColumn('member_id', 'varchar(24)').execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.alterTable('rollout_browsers').dropColumn('member_id').execute();
  },
};
