import { ColumnDefinitionBuilder, Kysely, Migration, MigrationProvider, sql } from 'kysely';
import { ordinarySpacesInRichText, plainSpacesInRichText, uploadPathsInRichText } from './frozen-rewrites';

// Migrations live in code (not read from a folder) so that the compiled server and ts-jest run the
// same list. Only portable column types: text, integer; no engine-specific defaults.
// Append new migrations with a larger, sortable name; never edit one that has shipped. A migration
// imports no live code of the server (lint refuses it): what it runs is written here or in
// ./frozen-rewrites, as it was when it shipped.
/** The engine a migration runs on, for the few steps only one of them has (triggers). */
type EngineName = 'sqlite' | 'postgres';

const migrations = (engine: EngineName): Record<string, Migration> => ({
  '0001_foundation': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('admins')
        .addColumn('_id', 'varchar(24)', (c) => c.primaryKey())
        .addColumn('email', 'varchar(320)', (c) => c.notNull().unique())
        .addColumn('password_hash', 'text', (c) => c.notNull())
        .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
        .execute();

      await db.schema
        .createTable('tokens')
        .addColumn('token_hash', 'varchar(64)', (c) => c.primaryKey())
        .addColumn('admin_id', 'varchar(24)', (c) => c.notNull().references('admins._id').onDelete('cascade'))
        .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
        .addColumn('expires_at', 'varchar(32)', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('tokens_admin_id').on('tokens').column('admin_id').execute();
      await db.schema.createIndex('tokens_expires_at').on('tokens').column('expires_at').execute();

      await db.schema
        .createTable('mass_intentions')
        .addColumn('_id', 'varchar(24)', (c) => c.primaryKey())
        .addColumn('fullname', 'varchar(200)', (c) => c.notNull())
        .addColumn('email', 'varchar(320)', (c) => c.notNull())
        .addColumn('intention', 'text', (c) => c.notNull())
        .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('mass_intentions_created_at').on('mass_intentions').column('created_at').execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('mass_intentions').execute();
      await db.schema.dropTable('tokens').execute();
      await db.schema.dropTable('admins').execute();
    },
  },
  '0002_books': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('books')
        .addColumn('_id', 'varchar(24)', (c) => c.primaryKey())
        .addColumn('book_name', 'varchar(300)', (c) => c.notNull())
        .addColumn('book_link', 'varchar(2000)', (c) => c.notNull())
        // The stored file's generated name in DATA_DIR/uploads; answers turn it into an absolute URL.
        .addColumn('book_image', 'varchar(100)', (c) => c.notNull())
        .addColumn('category', 'varchar(100)', (c) => c.notNull())
        .addColumn('date_added', 'varchar(32)', (c) => c.notNull())
        .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('books_date_added').on('books').columns(['date_added', '_id']).execute();

      // One counter per cached public list, bumped in the same transaction as every write to it, so
      // that a server process notices writes made by another (see http/public-cache.ts).
      await db.schema
        .createTable('change_counters')
        .addColumn('name', 'varchar(64)', (c) => c.primaryKey())
        .addColumn('counter', 'integer', (c) => c.notNull())
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('change_counters').execute();
      await db.schema.dropTable('books').execute();
    },
  },
  // --- groups and prayer requests (remote-community) ---
  '0003_community': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('groups')
        .addColumn('_id', 'varchar(24)', (c) => c.primaryKey())
        .addColumn('group_name', 'varchar(300)', (c) => c.notNull())
        .addColumn('group_link', 'varchar(2000)', (c) => c.notNull())
        .addColumn('group_description', 'text', (c) => c.notNull())
        // The stored picture's generated name in DATA_DIR/uploads, or null: a group's image is optional.
        .addColumn('group_image', 'varchar(100)')
        .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
        .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('groups_created_at').on('groups').columns(['created_at', '_id']).execute();
      await db.schema
        .createTable('prayer_requests')
        .addColumn('_id', 'varchar(24)', (c) => c.primaryKey())
        .addColumn('request', 'text', (c) => c.notNull())
        .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
        .execute();
      // The admin list reads thousands of requests newest first: an index in that order.
      await db.schema
        .createIndex('prayer_requests_created_at')
        .on('prayer_requests')
        .columns(['created_at', '_id'])
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('prayer_requests').execute();
      await db.schema.dropTable('groups').execute();
    },
  },
  // --- donations, bank accounts, Section A prayers, About Us (remote-finance) ---
  '0004_finance': {
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
  },
  // content: Bible readings, live streams, adult and children reflections.
  '0005_content': {
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
  },
  // Rich text kept editor images as absolute URLs built from the request's Host header; they are
  // stored as /uploads/<name> paths now, made absolute from PUBLIC_URL when answered.
  '0006_relative_upload_paths': {
    async up(db: Kysely<unknown>) {
      await rewriteReflections(db, uploadPathsInRichText);
    },
    async down() {
      // Paths stay paths: answers have made them absolute since this migration.
    },
  },
  // Rate-limit counters live in the database, so that every instance of the server counts the same
  // attempts: one row per route and client address, for its current window.
  '0007_rate_limits': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('rate_limits')
        .addColumn('key', 'varchar(300)', (c) => c.primaryKey())
        .addColumn('hits', 'integer', (c) => c.notNull())
        // Milliseconds since 1970: past 2^31, so bigint.
        .addColumn('window_ends', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('rate_limits_window_ends').on('rate_limits').column('window_ends').execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('rate_limits').execute();
    },
  },
  // PostgreSQL tells every listening server at once when a list changes (NOTIFY at commit), so that
  // instances sharing the database stay within a moment of each other (db/changes.ts ChangeFeed).
  // The payload is '<schema> <list>': servers on other schemas of the same database ignore it.
  '0008_change_notifications': {
    async up(db: Kysely<unknown>) {
      if (engine !== 'postgres') return;
      await sql`
        create function notify_list_change() returns trigger language plpgsql as $$
        begin
          perform pg_notify('list_changes', current_schema() || ' ' || new.name);
          return new;
        end $$`.execute(db);
      await sql`
        create trigger change_counters_notify after insert or update on change_counters
        for each row execute function notify_list_change()`.execute(db);
    },
    async down(db: Kysely<unknown>) {
      if (engine !== 'postgres') return;
      await sql`drop trigger if exists change_counters_notify on change_counters`.execute(db);
      await sql`drop function if exists notify_list_change()`.execute(db);
    },
  },
  // With PostgreSQL the uploaded files live in the database too, so that every instance serves them
  // (uploads/database-store.ts): a file is its row plus its content in chunks (the driver cannot
  // stream one bytea value, and no file is ever held in memory whole). SQLite keeps the uploads folder.
  '0009_stored_files': {
    async up(db: Kysely<unknown>) {
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
    async down(db: Kysely<unknown>) {
      if (engine !== 'postgres') return;
      await db.schema.dropTable('stored_file_chunks').execute();
      await db.schema.dropTable('stored_files').execute();
    },
  },
  // With PostgreSQL the remotes' releases and the live map are shared too (releases/cluster-sync.ts): a deploy
  // through any machine reaches every instance, each of which keeps a local copy to serve from. And the
  // hourly chores run once an hour across instances.
  '0010_shared_releases_and_chores': {
    async up(db: Kysely<unknown>) {
      if (engine !== 'postgres') return;
      await db.schema
        .createTable('release_files')
        .addColumn('remote', 'varchar(40)', (c) => c.notNull())
        .addColumn('release', 'varchar(80)', (c) => c.notNull())
        .addColumn('path', 'varchar(400)', (c) => c.notNull())
        .addColumn('data', 'bytea', (c) => c.notNull())
        .addPrimaryKeyConstraint('release_files_pk', ['remote', 'release', 'path'])
        .execute();
      await db.schema
        .createTable('remotes_map')
        .addColumn('id', 'integer', (c) => c.primaryKey())
        .addColumn('body', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
        .execute();
      // When each periodic chore last ran, so that it runs once an interval across instances (db/instances.ts).
      await db.schema
        .createTable('chore_runs')
        .addColumn('name', 'varchar(60)', (c) => c.primaryKey())
        .addColumn('ran_at', 'varchar(32)', (c) => c.notNull())
        .execute();
    },
    async down(db: Kysely<unknown>) {
      if (engine !== 'postgres') return;
      await db.schema.dropTable('chore_runs').execute();
      await db.schema.dropTable('remotes_map').execute();
      await db.schema.dropTable('release_files').execute();
    },
  },
  // Settings made real: each account has a profile and a role (the administrator there was
  // becomes an Admin), and each session an id to show and end it by, its device and when it was last used.
  '0011_accounts': {
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
  },
  '0012_mass_intentions_order': {
    // The paged list reads newest first by (created_at, _id), as the prayer requests do: the first
    // index had created_at alone, so ties and pages past the first sorted outside the index.
    async up(db: Kysely<unknown>) {
      await db.schema
        .createIndex('mass_intentions_created_at_id')
        .on('mass_intentions')
        .columns(['created_at', '_id'])
        .execute();
      await db.schema.dropIndex('mass_intentions_created_at').execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.createIndex('mass_intentions_created_at').on('mass_intentions').column('created_at').execute();
      await db.schema.dropIndex('mass_intentions_created_at_id').execute();
    },
  },
  // Two-factor sign-in by authenticator app: the secret and its last step, recovery codes, the login's
  // pending second step, and the team's "required for every Admin".
  '0013_two_factor': {
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
  },
  // Reflections written before spaces were stored as ordinary ones: the same rewrite as on write.
  '0014_reflection_spaces': {
    async up(db: Kysely<unknown>) {
      await rewriteReflections(db, ordinarySpacesInRichText);
    },
    async down() {
      // Ordinary spaces show the same text: nothing to undo.
    },
  },
  // A pending login step is either the code of an account with two-factor sign-in on ('code'), or the
  // enrolment an Admin without it must finish while the team requires it ('enrol'): neither opens the other.
  '0015_login_challenge_purpose': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .alterTable('login_challenges')
        .addColumn('purpose', 'varchar(10)', (c) => c.notNull().defaultTo('code'))
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.alterTable('login_challenges').dropColumn('purpose').execute();
    },
  },
  // A write sent with an Idempotency-Key: the answer it got, kept for a day, written in the write's
  // own transaction, so that a retry after any crash finds both or neither.
  '0016_idempotency_keys': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('idempotency_keys')
        // Whose key: the member's id, or 'public' for the mobile app's calls.
        .addColumn('owner', 'varchar(24)', (c) => c.notNull())
        .addColumn('key', 'varchar(255)', (c) => c.notNull())
        // sha-256 of the method, the path and the body: the same key for another request is refused.
        .addColumn('request', 'varchar(64)', (c) => c.notNull())
        .addColumn('status', 'integer', (c) => c.notNull())
        .addColumn('content_type', 'varchar(200)')
        .addColumn('body', 'text', (c) => c.notNull())
        .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
        .addPrimaryKeyConstraint('idempotency_keys_pk', ['owner', 'key'])
        .execute();
      await db.schema.createIndex('idempotency_keys_created_at').on('idempotency_keys').column('created_at').execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('idempotency_keys').execute();
    },
  },
  '0017_record_versions': {
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
  },
  // The trash: what a delete removed (its rows as JSON, one entry per delete call) and the files those
  // rows named, kept TRASH_KEEP_DAYS so that the delete can be undone (trash/store.ts).
  '0018_trash': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('trash')
        .addColumn('_id', 'varchar(24)', (c) => c.primaryKey())
        .addColumn('kind', 'varchar(64)', (c) => c.notNull())
        .addColumn('title', 'varchar(400)', (c) => c.notNull())
        .addColumn('records', 'integer', (c) => c.notNull())
        // [{ table, row }] in the order they are put back; the rows' columns as stored.
        .addColumn('rows', 'text', (c) => c.notNull())
        // The public lists (change counters) the rows belong to, bumped again on restore.
        .addColumn('lists', 'text', (c) => c.notNull())
        // The permission a member needs to see, restore or discard the entry ('content' or 'finance').
        .addColumn('permission', 'varchar(16)', (c) => c.notNull())
        .addColumn('deleted_by_id', 'varchar(24)', (c) => c.notNull())
        .addColumn('deleted_by', 'varchar(400)', (c) => c.notNull())
        .addColumn('deleted_at', 'varchar(32)', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('trash_deleted_at').on('trash').columns(['deleted_at', '_id']).execute();
      // The uploads an entry's rows name: counted as referenced, so the sweeps keep them.
      await db.schema
        .createTable('trash_files')
        .addColumn('entry_id', 'varchar(24)', (c) => c.notNull().references('trash._id').onDelete('cascade'))
        .addColumn('name', 'varchar(100)', (c) => c.notNull())
        .addPrimaryKeyConstraint('trash_files_pk', ['entry_id', 'name'])
        .execute();
      await db.schema.createIndex('trash_files_name').on('trash_files').column('name').execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('trash_files').execute();
      await db.schema.dropTable('trash').execute();
    },
  },
  // A prayer request is cared for: its state (New, Prayed for, Answered) with who changed it and when,
  // a staff note the mobile app is never served, and a member of the team it is assigned to. The
  // assignee is a member's id without a foreign key, so that a request restored from the trash comes
  // back as it was; the screens name only members who still exist.
  '0019_prayer_request_care': {
    async up(db: Kysely<unknown>) {
      const columns: [string, 'varchar(16)' | 'varchar(24)' | 'varchar(32)' | 'varchar(320)' | 'text', boolean][] = [
        ['state', 'varchar(16)', true],
        ['state_changed_at', 'varchar(32)', false],
        ['state_changed_by_id', 'varchar(24)', false],
        ['state_changed_by', 'varchar(320)', false],
        ['note', 'text', true],
        ['assignee_id', 'varchar(24)', false],
      ];
      for (const [name, type, required] of columns) {
        await db.schema
          .alterTable('prayer_requests')
          .addColumn(name, type, (c) => (required ? c.notNull().defaultTo(name === 'state' ? 'New' : '') : c))
          .execute();
      }
      // The list filtered by state, newest first, as the unfiltered one reads its index.
      await db.schema
        .createIndex('prayer_requests_state_created_at')
        .on('prayer_requests')
        .columns(['state', 'created_at', '_id'])
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropIndex('prayer_requests_state_created_at').execute();
      for (const column of [
        'assignee_id',
        'note',
        'state_changed_by',
        'state_changed_by_id',
        'state_changed_at',
        'state',
      ])
        await db.schema.alterTable('prayer_requests').dropColumn(column).execute();
    },
  },
  // Masses: the regular ones (a weekday and a time, every week) and the dated ones (a one-off Mass, or
  // one date of a regular Mass, made when an intention is first placed in it or it is moved). A date of
  // a regular Mass keeps the date of the series it stands for (regular_date), so that a moved one is
  // not listed twice. An intention is Requested, Scheduled into a Mass, Said or Cancelled, with an
  // optional stipend (an amount, as text) and receipt number. Its Mass is an id without a foreign key,
  // as a prayer request's assignee is: a Mass's delete refuses, in words, while intentions are in it.
  '0020_masses': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('regular_masses')
        .addColumn('_id', 'varchar(24)', (c) => c.primaryKey())
        .addColumn('weekday', 'varchar(16)', (c) => c.notNull())
        .addColumn('time', 'varchar(5)', (c) => c.notNull())
        .addColumn('place', 'varchar(200)', (c) => c.notNull())
        .addColumn('celebrant', 'varchar(200)', (c) => c.notNull())
        .addColumn('cap', 'integer', (c) => c.notNull())
        .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
        .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('masses')
        .addColumn('_id', 'varchar(24)', (c) => c.primaryKey())
        .addColumn('date', 'varchar(10)', (c) => c.notNull())
        .addColumn('time', 'varchar(5)', (c) => c.notNull())
        .addColumn('place', 'varchar(200)', (c) => c.notNull())
        .addColumn('celebrant', 'varchar(200)', (c) => c.notNull())
        .addColumn('cap', 'integer', (c) => c.notNull())
        .addColumn('title', 'varchar(100)', (c) => c.notNull())
        .addColumn('regular_id', 'varchar(24)')
        .addColumn('regular_date', 'varchar(10)')
        .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
        .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('masses_date_time').on('masses').columns(['date', 'time']).execute();
      await db.schema
        .createIndex('masses_regular_date')
        .on('masses')
        .columns(['regular_id', 'regular_date'])
        .unique()
        .execute();
      const columns: [
        string,
        'varchar(16)' | 'varchar(24)' | 'varchar(32)' | 'varchar(64)' | 'varchar(320)',
        boolean,
      ][] = [
        ['state', 'varchar(16)', true],
        ['mass_id', 'varchar(24)', false],
        ['stipend', 'varchar(16)', false],
        ['receipt', 'varchar(64)', true],
        ['state_changed_at', 'varchar(32)', false],
        ['state_changed_by', 'varchar(320)', false],
      ];
      for (const [name, type, required] of columns) {
        await db.schema
          .alterTable('mass_intentions')
          .addColumn(name, type, (c) => (required ? c.notNull().defaultTo(name === 'state' ? 'Requested' : '') : c))
          .execute();
      }
      await db.schema.createIndex('mass_intentions_mass_id').on('mass_intentions').column('mass_id').execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropIndex('mass_intentions_mass_id').execute();
      for (const column of ['state_changed_by', 'state_changed_at', 'receipt', 'stipend', 'mass_id', 'state'])
        await db.schema.alterTable('mass_intentions').dropColumn(column).execute();
      await db.schema.dropTable('masses').execute();
      await db.schema.dropTable('regular_masses').execute();
    },
  },
  '0021_deploy_tokens': {
    // A remote team's CI publishes and deploys with a deploy token: one remote, a scope, an expiry.
    // Only the secret's SHA-256 is kept.
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('deploy_tokens')
        .addColumn('_id', 'varchar(24)', (c) => c.primaryKey())
        .addColumn('name', 'varchar(80)', (c) => c.notNull())
        .addColumn('remote', 'varchar(64)', (c) => c.notNull())
        .addColumn('scope', 'varchar(16)', (c) => c.notNull())
        .addColumn('secret_hash', 'varchar(64)', (c) => c.notNull().unique())
        .addColumn('expires_at', 'varchar(32)', (c) => c.notNull())
        .addColumn('created_by', 'varchar(24)', (c) => c.notNull())
        .addColumn('created_by_name', 'varchar(320)', (c) => c.notNull())
        .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
        .addColumn('last_used_at', 'varchar(32)')
        .addColumn('revoked_at', 'varchar(32)')
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('deploy_tokens').execute();
    },
  },
  // A gradual rollout's browsers: each browser /remotes.json gave a rollout release to, with the
  // failures it reported of it (releases/client-reports.ts). Shared by every instance on PostgreSQL.
  '0022_rollout_browsers': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('rollout_browsers')
        .addColumn('remote', 'varchar(40)', (c) => c.notNull())
        .addColumn('release', 'varchar(80)', (c) => c.notNull())
        // Which rollout of the release (its start): a later rollout of it counts afresh.
        .addColumn('since', 'varchar(32)', (c) => c.notNull())
        .addColumn('browser', 'varchar(40)', (c) => c.notNull())
        .addColumn('seen_at', 'varchar(32)', (c) => c.notNull())
        .addColumn('load_failures', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('render_failures', 'integer', (c) => c.notNull().defaultTo(0))
        .addPrimaryKeyConstraint('rollout_browsers_pk', ['remote', 'release', 'since', 'browser'])
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('rollout_browsers').execute();
    },
  },
  '0023_release_previews': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('release_previews')
        .addColumn('secret_hash', 'varchar(64)', (c) => c.primaryKey())
        .addColumn('session_id', 'varchar(24)', (c) => c.notNull())
        .addColumn('remote', 'varchar(40)', (c) => c.notNull())
        .addColumn('release', 'varchar(80)', (c) => c.notNull())
        .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
        .addColumn('expires_at', 'varchar(32)', (c) => c.notNull())
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('release_previews').execute();
    },
  },
  '0024_rollout_members': {
    async up(db: Kysely<unknown>) {
      // The member whose session read the map: a rollout's figures count members, not browsers. The
      // browsers recorded so far named themselves (unsigned ids) and no member: they count no more.
      await sql`delete from rollout_browsers`.execute(db);
      await db.schema.alterTable('rollout_browsers').addColumn('member_id', 'varchar(24)').execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.alterTable('rollout_browsers').dropColumn('member_id').execute();
    },
  },
  // The non-breaking spaces 0014 kept (a double space's second one, a line's first): the mobile app
  // gets ordinary spaces only.
  '0025_reflection_plain_spaces': {
    async up(db: Kysely<unknown>) {
      await rewriteReflections(db, plainSpacesInRichText);
    },
    async down() {
      // Nothing to undo: the text reads the same.
    },
  },
  // The parish's own settings, one row: its name, currency (ISO 4217), time zone (IANA) and the first
  // day of its week (0 = Sunday, as JavaScript's getDay). The first start takes the server's TZ as the
  // zone, which until now was the parish's; the currency starts as the Naira, the demo data's.
  '0026_parish_settings': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('parish_settings')
        .addColumn('slot', 'integer', (c) => c.primaryKey())
        .addColumn('name', 'varchar(100)', (c) => c.notNull())
        .addColumn('currency', 'varchar(3)', (c) => c.notNull())
        .addColumn('time_zone', 'varchar(64)', (c) => c.notNull())
        .addColumn('week_start', 'integer', (c) => c.notNull())
        .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
        .execute();
      const zone = Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
      await sql`insert into parish_settings (slot, name, currency, time_zone, week_start, updated_at)
        values (1, ${'Our Parish'}, ${'NGN'}, ${zone}, ${1}, ${new Date().toISOString()})`.execute(db);
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('parish_settings').execute();
    },
  },
});

/** The columns the rich-text migrations rewrite. */
interface RichTextRows {
  reflections: { _id: string; reflection: string; devotional_content: string; devotional_confession: string };
}

/** Rewrites every reflection's rich text with `rewrite`, row by row, touching only the rows it changes. */
async function rewriteReflections(db: Kysely<unknown>, rewrite: (html: string) => string): Promise<void> {
  const rich = db as unknown as Kysely<RichTextRows>;
  const rows = await rich.selectFrom('reflections').selectAll().execute();
  for (const row of rows) {
    const changed = {
      reflection: rewrite(row.reflection),
      devotional_content: rewrite(row.devotional_content),
      devotional_confession: rewrite(row.devotional_confession),
    };
    if (Object.entries(changed).every(([column, value]) => row[column as keyof typeof changed] === value)) continue;
    await rich.updateTable('reflections').set(changed).where('_id', '=', row._id).execute();
  }
}

export function migrationProvider(engine: EngineName): MigrationProvider {
  return {
    async getMigrations() {
      return migrations(engine);
    },
  };
}
