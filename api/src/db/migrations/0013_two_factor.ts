import { Kysely, ColumnDefinitionBuilder } from 'kysely';
import type { FrozenMigration } from './helpers';

// Two-factor sign-in by authenticator app: the secret and its last step, recovery codes, the login's
// pending second step, and the team's "required for every Admin".
export const migration: FrozenMigration = {
  async up(db: Kysely<unknown>) {
    const account = (c: ColumnDefinitionBuilder) => c.notNull().references('admins._id').onDelete('cascade');
    await db.schema
      .createTable('two_factor')
      .addColumn('admin_id', 'varchar(24)', (c) => account(c).primaryKey())
      .addColumn('secret', 'varchar(200)', (c) => c.notNull())
      .addColumn('enabled', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('last_step', 'integer')
      .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
      .execute();
    await db.schema
      .createTable('recovery_codes')
      .addColumn('admin_id', 'varchar(24)', account)
      .addColumn('code_hash', 'varchar(64)', (c) => c.notNull())
      .addPrimaryKeyConstraint('recovery_codes_pk', ['admin_id', 'code_hash'])
      .execute();
    await db.schema
      .createTable('login_challenges')
      .addColumn('challenge_hash', 'varchar(64)', (c) => c.primaryKey())
      .addColumn('admin_id', 'varchar(24)', account)
      .addColumn('expires_at', 'varchar(32)', (c) => c.notNull())
      .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
    await db.schema.createIndex('login_challenges_expires_at').on('login_challenges').column('expires_at').execute();
    await db.schema
      .createTable('team_settings')
      .addColumn('name', 'varchar(60)', (c) => c.primaryKey())
      .addColumn('value', 'varchar(200)', (c) => c.notNull())
      .execute();
  },
  async down(db: Kysely<unknown>) {
    for (const table of ['team_settings', 'login_challenges', 'recovery_codes', 'two_factor'])
      await db.schema.dropTable(table).execute();
  },
};
