import { Kysely, sql } from 'kysely';
import type { FrozenMigration } from './helpers';

// The parish's own settings, one row: its name, currency (ISO 4217), time zone (IANA) and the first
// day of its week (0 = Sunday, as JavaScript's getDay). The first start takes the server's TZ as the
// zone, which until now was the parish's; the currency starts as the Naira, the demo data's.
export const migration: FrozenMigration = {
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
};
