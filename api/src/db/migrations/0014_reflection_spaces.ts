import { Kysely } from 'kysely';
import { ordinarySpacesInRichText } from '../frozen-rewrites';
import { rewriteReflections, type FrozenMigration } from './helpers';

// Reflections written before spaces were stored as ordinary ones: the same rewrite as on write.
export const migration: FrozenMigration = {
  async up(db: Kysely<unknown>) {
    await rewriteReflections(db, ordinarySpacesInRichText);
  },
  async down() {
    // Ordinary spaces show the same text: nothing to undo.
  },
};
