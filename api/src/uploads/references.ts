import type { Db } from '../db/database';
import type { Database } from '../db/schema';

/** A column that names stored uploads; the features declare theirs (registry.ts). */
export interface FileColumn {
  table: keyof Database & string;
  column: string;
}

/** Which of these upload names some record names. */
export type ReferencedUploads = (names: string[]) => Promise<Set<string>>;

/** Asked in batches, so that the query stays within the engines' parameter limits. */
const BATCH = 500;

/** Which of these upload names one of `columns` names (for the sweeps: a name no column names is deleted). */
export function referencedUploads(db: Db, columns: readonly FileColumn[]): ReferencedUploads {
  return async (names) => {
    const found = new Set<string>();
    for (let at = 0; at < names.length; at += BATCH) {
      const batch = names.slice(at, at + BATCH);
      for (const { table, column } of columns) {
        // Table and column come from the features' declarations; kysely's types cannot follow the union.
        const rows = (await db.kysely
          .selectFrom(table as 'books')
          .select(`${column} as name` as 'bookImage as name')
          .where(column as 'bookImage', 'in', batch)
          .execute()) as { name: string | null }[];
        for (const row of rows) if (row.name) found.add(row.name);
      }
    }
    return found;
  };
}
