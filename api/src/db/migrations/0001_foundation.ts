import { Kysely } from 'kysely';
import type { FrozenMigration } from './helpers';

export const migration: FrozenMigration = {
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
};
