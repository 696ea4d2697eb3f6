import type { Kysely } from 'kysely';
import { camelCaseKeys } from '../db/case';
import type { Db } from '../db/database';
import { newId, timestamp } from '../db/ids';
import type { Database, RecordVersionsTable } from '../db/schema';

// A record's history: every edit of a record with text the parish writes keeps the version it
// replaced (its stored columns), in the edit's own transaction, so that a failed edit keeps none.
// A version keeps the uploads it shows until it is pruned (HISTORY_KEEP_DAYS after it was replaced).

/**
 * The name of a record's history, as its calls name it (`/api/v1/<resource>/{id}/versions`): each
 * feature declares its own (registry.ts refuses two of one name).
 */
export type HistoryResource = string;

/** Who saved an edit: the member's id and their name (their email when they gave none). */
export interface Author {
  id: string;
  name: string;
}

/** The member a request is made by, as the history names them. */
export const authorOf = (admin: { _id: string; name: string; email: string } | undefined): Author | undefined =>
  admin && { id: admin._id, name: admin.name || admin.email };

/** What an edit hands the history: the record as it was, and the uploads it shows. */
export interface Replaced {
  resource: HistoryResource;
  recordId: string;
  /** The row before the edit (its columns, as the query layer names them). */
  row: object;
  /** When that text was saved (the row's last write). */
  savedAt: string;
  files: readonly (string | null | undefined)[];
}

/**
 * Keeps the version an edit replaces; call it inside the edit's transaction, before its update. Its
 * author is whoever made the edit that saved it (the previous version's replacer), or the member the
 * activity record names for the record's last write (its add, before any edit was kept).
 */
export async function keepVersion(trx: Kysely<Database>, replaced: Replaced, by: Author | undefined): Promise<void> {
  const previous = await trx
    .selectFrom('recordVersions')
    .select(['replacedById as id', 'replacedByName as name'])
    .where('resource', '=', replaced.resource)
    .where('recordId', '=', replaced.recordId)
    .orderBy('replacedAt', 'desc')
    .orderBy('_id', 'desc')
    .executeTakeFirst();
  const author =
    previous ??
    (await trx
      .selectFrom('activity')
      .select(['adminId as id', 'member as name'])
      .where('recordId', '=', replaced.recordId)
      .orderBy('at', 'desc')
      .executeTakeFirst());
  const now = new Date();
  const id = newId(now);
  await trx
    .insertInto('recordVersions')
    .values({
      _id: id,
      resource: replaced.resource,
      recordId: replaced.recordId,
      fields: JSON.stringify(replaced.row),
      savedAt: replaced.savedAt,
      savedById: author?.id ?? null,
      savedByName: author?.name ?? null,
      replacedAt: timestamp(now),
      replacedById: by?.id ?? null,
      replacedByName: by?.name ?? null,
    })
    .execute();
  const names = [...new Set(replaced.files.filter((name): name is string => Boolean(name)))];
  if (names.length) {
    await trx
      .insertInto('recordVersionFiles')
      .values(names.map((name) => ({ versionId: id, name })))
      .execute();
  }
}

/** A version as listed: newest first. */
export interface VersionSummary {
  id: string;
  savedAt: string;
  savedBy: Author | null;
}

const summary = (row: Pick<RecordVersionsTable, '_id' | 'savedAt' | 'savedById' | 'savedByName'>) => ({
  id: row._id,
  savedAt: row.savedAt,
  savedBy: row.savedById ? { id: row.savedById, name: row.savedByName ?? '' } : null,
});

/** The record's versions, the most recently replaced first. */
export async function listVersions(db: Db, resource: HistoryResource, recordId: string): Promise<VersionSummary[]> {
  const rows = await db.kysely
    .selectFrom('recordVersions')
    .select(['_id', 'savedAt', 'savedById', 'savedByName'])
    .where('resource', '=', resource)
    .where('recordId', '=', recordId)
    .orderBy('replacedAt', 'desc')
    .orderBy('_id', 'desc')
    .execute();
  return rows.map(summary);
}

/** One version of this record (never another record's), with its stored row. */
export async function findVersion(
  db: Db,
  resource: HistoryResource,
  recordId: string,
  versionId: string,
): Promise<(VersionSummary & { row: Record<string, unknown> }) | undefined> {
  const row = await db.kysely
    .selectFrom('recordVersions')
    .selectAll()
    .where('_id', '=', versionId)
    .where('resource', '=', resource)
    .where('recordId', '=', recordId)
    .executeTakeFirst();
  return row && { ...summary(row), row: camelCaseKeys(JSON.parse(row.fields) as Record<string, unknown>) };
}

/** True when a kept version shows this upload (an editor image stays while one does). */
export async function versionShows(trx: Kysely<Database>, name: string): Promise<boolean> {
  const found = await trx.selectFrom('recordVersionFiles').select('name').where('name', '=', name).executeTakeFirst();
  return Boolean(found);
}

/**
 * Deletes the versions replaced before `before` (an hourly chore), and their notes of uploads: a file
 * no record and no version names any more is then swept as an orphan. Returns how many went.
 */
/**
 * Forgets the versions of records deleted for good (out of the trash), in the caller's transaction
 * `trx`: the files those versions showed are returned, to go once nothing else names them.
 */
export async function forgetVersionsOf(trx: Kysely<Database>, recordIds: string[]): Promise<string[]> {
  if (!recordIds.length) return [];
  const theirs = trx.selectFrom('recordVersions').select('_id').where('recordId', 'in', recordIds);
  const files = await trx.selectFrom('recordVersionFiles').select('name').where('versionId', 'in', theirs).execute();
  await trx.deleteFrom('recordVersionFiles').where('versionId', 'in', theirs).execute();
  await trx.deleteFrom('recordVersions').where('recordId', 'in', recordIds).execute();
  return files.map((file) => file.name);
}

export async function pruneVersions(db: Db, before: Date): Promise<number> {
  return db.kysely.transaction().execute(async (trx) => {
    const old = trx.selectFrom('recordVersions').select('_id').where('replacedAt', '<', timestamp(before));
    await trx.deleteFrom('recordVersionFiles').where('versionId', 'in', old).execute();
    const result = await trx
      .deleteFrom('recordVersions')
      .where('replacedAt', '<', timestamp(before))
      .executeTakeFirst();
    return Number(result.numDeletedRows);
  });
}
