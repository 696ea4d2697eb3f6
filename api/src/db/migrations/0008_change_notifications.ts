import { Kysely, sql } from 'kysely';
import type { EngineName, FrozenMigration } from './helpers';

// PostgreSQL tells every listening server at once when a list changes (NOTIFY at commit), so that
// instances sharing the database stay within a moment of each other (db/changes.ts ChangeFeed).
// The payload is '<schema> <list>': servers on other schemas of the same database ignore it.
export const migration: FrozenMigration = {
  async up(db: Kysely<unknown>, engine: EngineName) {
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
  async down(db: Kysely<unknown>, engine: EngineName) {
    if (engine !== 'postgres') return;
    await sql`drop trigger if exists change_counters_notify on change_counters`.execute(db);
    await sql`drop function if exists notify_list_change()`.execute(db);
  },
};
