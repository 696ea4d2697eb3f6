import { Kysely } from 'kysely';
import type { FrozenMigration } from './helpers';

// A pending login step is either the code of an account with two-factor sign-in on ('code'), or the
// enrolment an Admin without it must finish while the team requires it ('enrol'): neither opens the other.
export const migration: FrozenMigration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .alterTable('login_challenges')
      .addColumn('purpose', 'varchar(10)', (c) => c.notNull().defaultTo('code'))
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.alterTable('login_challenges').dropColumn('purpose').execute();
  },
};
