import { Kysely } from 'kysely';
import type { FrozenMigration } from './helpers';

// A prayer request is cared for: its state (New, Prayed for, Answered) with who changed it and when,
// a staff note the mobile app is never served, and a member of the team it is assigned to. The
// assignee is a member's id without a foreign key, so that a request restored from the trash comes
// back as it was; the screens name only members who still exist.
export const migration: FrozenMigration = {
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
};
