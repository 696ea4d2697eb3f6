import { Kysely, sql } from 'kysely';
import type { FrozenMigration } from './helpers';

// Settings made real: each account has a profile and a role (the administrator there was
// becomes an Admin), and each session an id to show and end it by, its device and when it was last used.
export const migration: FrozenMigration = {
  async up(db: Kysely<unknown>) {
    const text = (table: string, column: string, size: number, fallback: string) =>
      db.schema
        .alterTable(table)
        .addColumn(column, `varchar(${size})`, (c) => c.notNull().defaultTo(fallback))
        .execute();
    await text('admins', 'name', 100, '');
    await text('admins', 'phone', 40, '');
    await text('admins', 'country', 40, '');
    await text('admins', 'role', 20, 'Admin');
    // 1: can sign in; 0: deactivated by an Admin (its sessions end at once).
    await db.schema
      .alterTable('admins')
      .addColumn('active', 'integer', (c) => c.notNull().defaultTo(1))
      .execute();
    await text('tokens', 'user_agent', 300, '');
    await db.schema.alterTable('tokens').addColumn('session_id', 'varchar(24)').execute();
    await db.schema.alterTable('tokens').addColumn('last_used_at', 'varchar(32)').execute();
    // Sessions open when this version starts keep working, each with an id of its own.
    await sql`update tokens set session_id = substr(token_hash, 1, 24), last_used_at = created_at`.execute(db);
    await db.schema.createIndex('tokens_session_id').on('tokens').column('session_id').unique().execute();
    // The activity record: every write of every member (Settings → Activity), kept ACTIVITY_KEEP_DAYS.
    await db.schema
      .createTable('activity')
      .addColumn('_id', 'varchar(24)', (c) => c.primaryKey())
      .addColumn('at', 'varchar(32)', (c) => c.notNull())
      .addColumn('admin_id', 'varchar(24)', (c) => c.notNull())
      .addColumn('member', 'varchar(320)', (c) => c.notNull())
      .addColumn('kind', 'varchar(40)', (c) => c.notNull())
      .addColumn('record_id', 'varchar(100)')
      .addColumn('summary', 'varchar(400)', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('activity_at').on('activity').columns(['at', '_id']).execute();
    await db.schema.createIndex('activity_admin').on('activity').columns(['admin_id', 'at']).execute();
    await db.schema.createIndex('activity_kind').on('activity').columns(['kind', 'at']).execute();
    // One-time set-password links (a forgotten password today, a new member's invitation later).
    await db.schema
      .createTable('password_links')
      .addColumn('token_hash', 'varchar(64)', (c) => c.primaryKey())
      .addColumn('admin_id', 'varchar(24)', (c) => c.notNull().references('admins._id').onDelete('cascade'))
      .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
      .addColumn('expires_at', 'varchar(32)', (c) => c.notNull())
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('password_links').execute();
    await db.schema.dropTable('activity').execute();
    await db.schema.dropIndex('tokens_session_id').execute();
    for (const column of ['session_id', 'last_used_at', 'user_agent'])
      await db.schema.alterTable('tokens').dropColumn(column).execute();
    for (const column of ['name', 'phone', 'country', 'role', 'active'])
      await db.schema.alterTable('admins').dropColumn(column).execute();
  },
};
