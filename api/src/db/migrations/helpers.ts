import type { Kysely } from 'kysely';

// What the migrations share. Frozen as they are: imports no live code either (lint refuses it).

/** The engine a migration runs on, for the few steps only one of them has (triggers). */
export type EngineName = 'sqlite' | 'postgres';

/** A migration as its file writes it: Kysely's, told the engine too. */
export interface FrozenMigration {
  up(db: Kysely<unknown>, engine: EngineName): Promise<void>;
  down?(db: Kysely<unknown>, engine: EngineName): Promise<void>;
}

/** The columns the rich-text migrations rewrite. */
interface RichTextRows {
  reflections: { _id: string; reflection: string; devotional_content: string; devotional_confession: string };
}

/** Rewrites every reflection's rich text with `rewrite`, row by row, touching only the rows it changes. */
export async function rewriteReflections(db: Kysely<unknown>, rewrite: (html: string) => string): Promise<void> {
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
