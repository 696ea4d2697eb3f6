import type { Db } from '../db/database';

/** Every column that names a stored upload. A new one must be listed here, or the sweep deletes its files. */
const REFERENCES = [
  ['books', 'bookImage'],
  ['streams', 'image'],
  ['groups', 'groupImage'],
  ['donations', 'fileName'],
  ['editorImages', 'name'],
  // A record in the trash keeps its files until the entry is restored, deleted or pruned.
  ['trashFiles', 'name'],
  // The pictures a kept version of a record shows (history/versions.ts).
  ['recordVersionFiles', 'name'],
] as const;

/** Asked in batches, so that the query stays within the engines' parameter limits. */
const BATCH = 500;

/** Which of these upload names some record names (for UploadStorage.sweep). */
export function referencedUploads(db: Db): (names: string[]) => Promise<Set<string>> {
  return async (names) => {
    const found = new Set<string>();
    for (let at = 0; at < names.length; at += BATCH) {
      const batch = names.slice(at, at + BATCH);
      for (const [table, column] of REFERENCES) {
        // Table and column come from the fixed list above; kysely's types cannot follow the union.
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
