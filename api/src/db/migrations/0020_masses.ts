import { Kysely } from 'kysely';
import type { FrozenMigration } from './helpers';

// Masses: the regular ones (a weekday and a time, every week) and the dated ones (a one-off Mass, or
// one date of a regular Mass, made when an intention is first placed in it or it is moved). A date of
// a regular Mass keeps the date of the series it stands for (regular_date), so that a moved one is
// not listed twice. An intention is Requested, Scheduled into a Mass, Said or Cancelled, with an
// optional stipend (an amount, as text) and receipt number. Its Mass is an id without a foreign key,
// as a prayer request's assignee is: a Mass's delete refuses, in words, while intentions are in it.
export const migration: FrozenMigration = {
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
    const columns: [string, 'varchar(16)' | 'varchar(24)' | 'varchar(32)' | 'varchar(64)' | 'varchar(320)', boolean][] =
      [
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
};
