import { Kysely } from 'kysely';
import { uploadPathsInRichText } from '../frozen-rewrites';
import { rewriteReflections, type FrozenMigration } from './helpers';

// Rich text kept editor images as absolute URLs built from the request's Host header; they are
// stored as /uploads/<name> paths now, made absolute from PUBLIC_URL when answered.
export const migration: FrozenMigration = {
  async up(db: Kysely<unknown>) {
    await rewriteReflections(db, uploadPathsInRichText);
  },
  async down() {
    // Paths stay paths: answers have made them absolute since this migration.
  },
};
