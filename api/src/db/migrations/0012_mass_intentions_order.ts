import { Kysely } from 'kysely';
import type { FrozenMigration } from './helpers';

export const migration: FrozenMigration = {
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
};
