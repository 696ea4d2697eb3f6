import type { Kysely } from 'kysely';
import type { Db } from '../db/database';
import { bumpChangeCounter } from '../db/changes';
import { newId, timestamp } from '../db/ids';
import type { Database, GroupsTable } from '../db/schema';
import { badRequest, notFound } from '../http/errors';
import { uploadNameFromUrl, uploadUrl, type ReceivedFile, type UploadStorage } from '../uploads/store';
import type { Group, GroupInput } from './schemas';

/** The change counter of the public group list (db/changes.ts). */
export const GROUPS_LIST = 'groups';

export const GROUP_MESSAGES = {
  notFound: 'Group not found',
  foreignImage: "The picture must be a picture file or the group's current picture URL",
} as const;

export function toApi(row: GroupsTable, origin: string): Group {
  const image = row.group_image ? uploadUrl(origin, row.group_image) : null;
  return {
    _id: row._id,
    groupName: row.group_name,
    groupLink: row.group_link,
    groupDescription: row.group_description,
    groupImage: image,
    file: image,
    createdAt: row.created_at,
  };
}

/** Newest first; the id (which starts with the creation second) breaks ties. */
export function listGroups(db: Db): Promise<GroupsTable[]> {
  return db.kysely.selectFrom('groups').selectAll().orderBy('created_at', 'desc').orderBy('_id', 'desc').execute();
}

export function findGroup(db: Db, id: string): Promise<GroupsTable | undefined> {
  return db.kysely.selectFrom('groups').selectAll().where('_id', '=', id).executeTakeFirst();
}

/** Stores the group and moves its picture (if any) into place, both or neither. */
export async function addGroup(
  db: Db,
  uploads: UploadStorage,
  input: GroupInput,
  image: ReceivedFile | undefined,
): Promise<GroupsTable> {
  const now = new Date();
  const row: GroupsTable = {
    _id: newId(now),
    group_name: input.groupName,
    group_link: input.groupLink,
    group_description: input.groupDescription,
    group_image: image?.name ?? null,
    created_at: timestamp(now),
    updated_at: timestamp(now),
  };
  await uploads.commit(db, image ? [image] : [], async (trx) => {
    await trx.insertInto('groups').values(row).execute();
    await bumpChangeCounter(trx, GROUPS_LIST);
  });
  return row;
}

/**
 * Updates the group. `image`: a new file (replaces the picture, whose old file is deleted once the
 * update committed), the current picture's URL (any host) or undefined (both keep it); any other
 * text is refused. Throws 404 for an unknown id.
 */
export async function updateGroup(
  db: Db,
  uploads: UploadStorage,
  id: string,
  input: GroupInput,
  image: ReceivedFile | string | undefined,
): Promise<GroupsTable> {
  const newFile = typeof image === 'object' ? image : undefined;
  let replaced: string | null = null;
  const row = await uploads.commit(db, newFile ? [newFile] : [], async (trx) => {
    const current = await lockGroup(db, trx, id);
    if (!current) throw notFound(GROUP_MESSAGES.notFound);
    if (typeof image === 'string') {
      const name = uploadNameFromUrl(image);
      if (!name || name !== current.group_image) throw badRequest(GROUP_MESSAGES.foreignImage);
    }
    const updated: GroupsTable = {
      ...current,
      group_name: input.groupName,
      group_link: input.groupLink,
      group_description: input.groupDescription,
      group_image: newFile ? newFile.name : current.group_image,
      updated_at: timestamp(),
    };
    await trx
      .updateTable('groups')
      .set({
        group_name: updated.group_name,
        group_link: updated.group_link,
        group_description: updated.group_description,
        group_image: updated.group_image,
        updated_at: updated.updated_at,
      })
      .where('_id', '=', id)
      .execute();
    await bumpChangeCounter(trx, GROUPS_LIST);
    if (newFile) replaced = current.group_image;
    return updated;
  });
  await uploads.remove([replaced]);
  return row;
}

/** Deletes the group, then its picture. False for an unknown id. */
export async function deleteGroup(db: Db, uploads: UploadStorage, id: string): Promise<boolean> {
  const removed = await db.kysely.transaction().execute(async (trx) => {
    const row = await trx.deleteFrom('groups').where('_id', '=', id).returning('group_image').executeTakeFirst();
    if (row) await bumpChangeCounter(trx, GROUPS_LIST);
    return row;
  });
  if (!removed) return false;
  await uploads.remove([removed.group_image]);
  return true;
}

/** The row, locked against a concurrent edit until the transaction ends (SQLite serialises writes anyway). */
function lockGroup(db: Db, trx: Kysely<Database>, id: string): Promise<GroupsTable | undefined> {
  const query = trx.selectFrom('groups').selectAll().where('_id', '=', id);
  return (db.engine === 'postgres' ? query.forUpdate() : query).executeTakeFirst();
}
