import { Kysely } from 'kysely';
import { plainSpacesInRichText } from '../frozen-rewrites';
import { rewriteReflections, type FrozenMigration } from './helpers';

// The non-breaking spaces 0014 kept (a double space's second one, a line's first): the mobile app
// gets ordinary spaces only.
export const migration: FrozenMigration = {
  async up(db: Kysely<unknown>) {
    await rewriteReflections(db, plainSpacesInRichText);
  },
  async down() {
    // Nothing to undo: the text reads the same.
  },
};
