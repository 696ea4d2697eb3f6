import type { Kysely } from 'kysely';
import { shorten, type ActivityKind } from '../activity/record';
import type { AuthenticatedAdmin } from '../auth/tokens';
import { can, refusal, type Permission } from '../auth/permissions';
import { bumpChangeCounter } from '../db/changes';
import type { Db } from '../db/database';
import { newId, timestamp } from '../db/ids';
import type { Database, TrashTable } from '../db/schema';
import { isUniqueViolation } from '../db/unique';
import { WriteScope } from '../db/write-scope';
import { fromRow } from '../http/contract';
import { forbidden, HttpError, notFound } from '../http/errors';
import { invalidateLists } from '../http/public-cache';
import { forgetVersionsOf } from '../history/versions';
import type { ReferencedUploads } from '../uploads/references';
import { UploadStore, type UploadStorage } from '../uploads/store';
import { TrashEntry } from './schemas';

// The trash: a delete moves what it removes here, in its own transaction, instead of dropping it. One
// entry per delete call (a Delete All is one entry holding every row), with the rows as they were
// stored and the uploads they name; the files stay where they are while the entry lasts (the sweeps
// count them as referenced, uploads/references.ts). A restore puts the rows back with their ids and
// timestamps, so they return to their place in every list; emptying the trash deletes the files.

/** Who deletes: the signed-in member (named as they are at the time). */
export type Deleter = Pick<AuthenticatedAdmin, '_id' | 'name' | 'email'>;

/** The permission a member needs for an entry: as for the records it holds. */
export type TrashPermission = Extract<Permission, 'content' | 'finance'>;

/** A stored row and its table, as it goes back on restore. */
export interface TrashedRow {
  table: keyof Database & string;
  row: Record<string, unknown>;
}

/** What a delete puts in the trash. */
export interface Trashing {
  /** The kind of record, as Settings → Activity names it. */
  kind: ActivityKind;
  /** The record's name ('Confessions'), or what a Delete All removed ('All prayer requests'). */
  title: string;
  /** How many records the delete removed (the rows may hold more: an editor image the record showed). */
  records: number;
  /** Put back in this order. */
  rows: TrashedRow[];
  /** The uploads the rows name: kept while the entry is. */
  files: (string | null | undefined)[];
  /** The change counters of the public lists the rows belong to. */
  lists: string[];
  /** 'content' unless the records are a finance record's. */
  permission?: TrashPermission;
}

export const TRASH_MESSAGES = {
  notFound: 'That is no longer in the trash: it was restored, deleted for good, or the trash was emptied',
  conflict: (entry: Pick<TrashTable, 'kind' | 'title'>) =>
    `“${entry.title}” cannot be restored: a ${entry.kind} added since it was deleted has taken its place. ` +
    'Delete or change that one first.',
  restored: (entry: Pick<TrashTable, 'kind' | 'records'>) =>
    entry.records === 1
      ? `${entry.kind.charAt(0).toUpperCase()}${entry.kind.slice(1)} restored successfully`
      : `${entry.records} ${entry.kind}s restored successfully`,
} as const;

/** Rows inserted per statement on restore, within both engines' parameter limits. */
const BATCH = 100;

/**
 * Puts what a delete removed in the trash, in the delete's transaction `trx`: the entry's id, for the
 * answer's `Trash-Entry` header.
 */
export async function putInTrash(trx: Kysely<Database>, by: Deleter, trashing: Trashing): Promise<string> {
  const now = new Date();
  const _id = newId(now);
  await trx
    .insertInto('trash')
    .values({
      _id,
      kind: trashing.kind,
      title: shorten(trashing.title.trim() || `A ${trashing.kind}`, 200),
      records: trashing.records,
      rows: JSON.stringify(trashing.rows),
      lists: JSON.stringify([...new Set(trashing.lists)]),
      permission: trashing.permission ?? 'content',
      deletedById: by._id,
      deletedBy: shorten(by.name || by.email, 200),
      deletedAt: timestamp(now),
    })
    .execute();
  const files = [...new Set(trashing.files.filter(UploadStore.isName))];
  if (files.length) {
    await trx
      .insertInto('trashFiles')
      .values(files.map((name) => ({ entryId: _id, name })))
      .execute();
  }
  return _id;
}

/**
 * Deletes one row of `table` by its id in `trx` and puts it in the trash, as `describe` says (the
 * lists it names are bumped): the entry's id, or undefined when there is no such row.
 */
export async function moveToTrash(
  trx: Kysely<Database>,
  by: Deleter,
  table: keyof Database & string,
  id: string,
  describe: (row: Record<string, unknown>) => Omit<Trashing, 'rows' | 'records'>,
): Promise<string | undefined> {
  // The row as stored (snake_case columns), as it goes back on restore. The tables are the deletes'
  // own; kysely's types cannot follow a table chosen at run time.
  const rows = trx as unknown as Kysely<Record<string, { _id: string }>>;
  const row = (await rows.selectFrom(table).selectAll().where('_id', '=', id).executeTakeFirst()) as
    Record<string, unknown> | undefined;
  if (!row) return undefined;
  await rows.deleteFrom(table).where('_id', '=', id).execute();
  const trashing = describe(row);
  for (const list of trashing.lists) await bumpChangeCounter(trx, list);
  return putInTrash(trx, by, { ...trashing, records: 1, rows: [{ table, row }] });
}

const toApi = (row: Omit<TrashTable, 'rows' | 'lists'>): TrashEntry => fromRow(TrashEntry, row);

/** The permissions of a role among the trash's: an Admin sees every entry, a Manager the content's. */
const permitted = (role: string): TrashPermission[] =>
  (['content', 'finance'] as const).filter((permission) => can(role, permission));

/** The entries the member may see, the latest delete first. */
export async function listTrash(db: Db, member: Pick<AuthenticatedAdmin, 'role'>): Promise<TrashEntry[]> {
  const allowed = permitted(member.role);
  if (!allowed.length) return [];
  const rows = await db.kysely
    .selectFrom('trash')
    .select(['_id', 'kind', 'title', 'records', 'permission', 'deletedById', 'deletedBy', 'deletedAt'])
    .where('permission', 'in', allowed)
    .orderBy('deletedAt', 'desc')
    .orderBy('_id', 'desc')
    .execute();
  return rows.map(toApi);
}

/** The entry, locked until the transaction ends; 404 when gone, 403 when the member may not touch it. */
async function takeEntry(db: Db, trx: Kysely<Database>, id: string, member: Pick<AuthenticatedAdmin, 'role'>) {
  const query = trx.selectFrom('trash').selectAll().where('_id', '=', id);
  const entry = await (db.engine === 'postgres' ? query.forUpdate() : query).executeTakeFirst();
  if (!entry) throw notFound(TRASH_MESSAGES.notFound);
  const permission = entry.permission as TrashPermission;
  if (!can(member.role, permission)) throw forbidden(refusal(member.role, permission));
  return entry;
}

/**
 * Puts the entry's rows back, with their ids and timestamps, and its files with them (they never left);
 * the entry goes. A row whose place was taken since (a unique value) is a 409 and nothing changes.
 */
export async function restoreFromTrash(
  db: Db,
  id: string,
  member: Pick<AuthenticatedAdmin, 'role'>,
): Promise<TrashEntry & { message: string }> {
  const entry = await db.kysely.transaction().execute(async (trx) => {
    const entry = await takeEntry(db, trx, id, member);
    const rows = JSON.parse(entry.rows) as TrashedRow[];
    try {
      for (let at = 0; at < rows.length;) {
        const { table } = rows[at]!;
        let end = at;
        while (end < rows.length && end - at < BATCH && rows[end]!.table === table) end++;
        // The tables are the ones the deletes named; kysely's types cannot follow a table chosen at run time.
        await trx
          .insertInto(table as 'prayerRequests')
          .values(rows.slice(at, end).map(({ row }) => row) as never[])
          .execute();
        at = end;
      }
    } catch (error) {
      if (isUniqueViolation(error)) throw new HttpError(409, TRASH_MESSAGES.conflict(entry));
      throw error;
    }
    await trx.deleteFrom('trash').where('_id', '=', id).execute();
    for (const list of JSON.parse(entry.lists) as string[]) await bumpChangeCounter(trx, list);
    return entry;
  });
  await WriteScope.afterCommit(() => invalidateLists(db, JSON.parse(entry.lists) as string[]));
  return { ...toApi(entry), message: TRASH_MESSAGES.restored(entry) };
}

/**
 * Deletes entries for good in `trx`, and the kept versions of their records (nothing can restore them
 * now): the files they named are returned, to go once it committed if no other record names them.
 */
async function discard(trx: Kysely<Database>, ids: string[]): Promise<string[]> {
  const files: string[] = [];
  for (let at = 0; at < ids.length; at += BATCH) {
    const batch = ids.slice(at, at + BATCH);
    const named = await trx.selectFrom('trashFiles').select('name').where('entryId', 'in', batch).execute();
    files.push(...named.map((file) => file.name));
    const entries = await trx.selectFrom('trash').select('rows').where('_id', 'in', batch).execute();
    const recordIds = entries.flatMap((entry) =>
      (JSON.parse(entry.rows) as { row: { _id: string } }[]).map(({ row }) => row._id),
    );
    for (let from = 0; from < recordIds.length; from += BATCH) {
      files.push(...(await forgetVersionsOf(trx, recordIds.slice(from, from + BATCH))));
    }
    await trx.deleteFrom('trashFiles').where('entryId', 'in', batch).execute();
    await trx.deleteFrom('trash').where('_id', 'in', batch).execute();
  }
  return files;
}

/** Whether the upload `name` belongs to a record in the trash (and so is not served). */
export async function isInTrash(db: Db, name: string): Promise<boolean> {
  const found = await db.kysely.selectFrom('trashFiles').select('name').where('name', '=', name).executeTakeFirst();
  return found !== undefined;
}

/** Removes those of `files` no record, version or other trash entry names (a cover a version shows stays). */
async function removeUnreferenced(
  uploads: UploadStorage,
  isReferenced: ReferencedUploads,
  files: string[],
): Promise<void> {
  const named = await isReferenced(files);
  await uploads.remove(files.filter((file) => !named.has(file)));
}

/** Deletes one entry and its files for good. */
export async function deleteFromTrash(
  db: Db,
  uploads: UploadStorage,
  isReferenced: ReferencedUploads,
  id: string,
  member: Pick<AuthenticatedAdmin, 'role'>,
): Promise<TrashEntry> {
  const { entry, files } = await db.kysely.transaction().execute(async (trx) => {
    const entry = await takeEntry(db, trx, id, member);
    return { entry, files: await discard(trx, [id]) };
  });
  await removeUnreferenced(uploads, isReferenced, files);
  return toApi(entry);
}

/** Deletes every entry the member may see, and their files, for good: how many entries went. */
export async function emptyTrash(
  db: Db,
  uploads: UploadStorage,
  isReferenced: ReferencedUploads,
  member: Pick<AuthenticatedAdmin, 'role'>,
): Promise<number> {
  const allowed = permitted(member.role);
  if (!allowed.length) return 0;
  const { ids, files } = await db.kysely.transaction().execute(async (trx) => {
    const rows = await trx.selectFrom('trash').select('_id').where('permission', 'in', allowed).execute();
    const ids = rows.map((row) => row._id);
    return { ids, files: await discard(trx, ids) };
  });
  await removeUnreferenced(uploads, isReferenced, files);
  return ids.length;
}

/** Deletes the entries put in the trash before `before`, and their files (an hourly chore): how many went. */
export async function pruneTrash(
  db: Db,
  uploads: UploadStorage,
  isReferenced: ReferencedUploads,
  before: Date,
): Promise<number> {
  const { ids, files } = await db.kysely.transaction().execute(async (trx) => {
    const rows = await trx.selectFrom('trash').select('_id').where('deletedAt', '<', timestamp(before)).execute();
    const ids = rows.map((row) => row._id);
    return { ids, files: await discard(trx, ids) };
  });
  await removeUnreferenced(uploads, isReferenced, files);
  return ids.length;
}
