import type { Kysely } from 'kysely';
import { bumpChangeCounter } from '../db/changes';
import type { Db } from '../db/database';
import { newId, timestamp } from '../db/ids';
import type { Database, StreamsTable } from '../db/schema';
import { badRequest, notFound } from '../http/errors';
import { uploadNameFromUrl, uploadUrl, type ReceivedFile, type UploadStorage } from '../uploads/store';
import type { Stream, StreamInput } from './schemas';

/** The change counter of the public stream list (db/changes.ts). */
export const STREAMS_LIST = 'streams';

export const STREAM_MESSAGES = {
  notFound: 'Stream not found',
  foreignImage: "The thumbnail must be a picture file or the stream's current thumbnail URL",
} as const;

export function toApi(row: StreamsTable, origin: string): Stream {
  return {
    _id: row._id,
    id: row._id,
    name: row.name,
    streamingLink: row.streaming_link,
    image: uploadUrl(origin, row.image),
    category: row.category as Stream['category'],
    dateAdded: row.created_at,
  };
}

/** Newest first. */
export function listStreams(db: Db): Promise<StreamsTable[]> {
  return db.kysely.selectFrom('streams').selectAll().orderBy('created_at', 'desc').orderBy('_id', 'desc').execute();
}

export function findStream(db: Db, id: string): Promise<StreamsTable | undefined> {
  return db.kysely.selectFrom('streams').selectAll().where('_id', '=', id).executeTakeFirst();
}

export async function addStream(
  db: Db,
  uploads: UploadStorage,
  input: StreamInput,
  image: ReceivedFile,
): Promise<StreamsTable> {
  const now = new Date();
  const row: StreamsTable = {
    _id: newId(now),
    name: input.name,
    streaming_link: input.streamingLink,
    image: image.name,
    category: input.category ?? '',
    created_at: timestamp(now),
    updated_at: timestamp(now),
  };
  await uploads.commit(db, [image], async (trx) => {
    await trx.insertInto('streams').values(row).execute();
    await bumpChangeCounter(trx, STREAMS_LIST);
  });
  return row;
}

/** `image`: a new file (the old one is deleted after the commit), the current URL or undefined (keep it). */
export async function updateStream(
  db: Db,
  uploads: UploadStorage,
  id: string,
  input: StreamInput,
  image: ReceivedFile | string | undefined,
): Promise<StreamsTable> {
  const newFile = typeof image === 'object' ? image : undefined;
  let replaced: string | undefined;
  const row = await uploads.commit(db, newFile ? [newFile] : [], async (trx) => {
    const current = await lockStream(db, trx, id);
    if (!current) throw notFound(STREAM_MESSAGES.notFound);
    if (typeof image === 'string' && uploadNameFromUrl(image) !== current.image) {
      throw badRequest(STREAM_MESSAGES.foreignImage);
    }
    const updated: StreamsTable = {
      ...current,
      name: input.name,
      streaming_link: input.streamingLink,
      category: input.category ?? current.category,
      image: newFile ? newFile.name : current.image,
      updated_at: timestamp(),
    };
    await trx
      .updateTable('streams')
      .set({
        name: updated.name,
        streaming_link: updated.streaming_link,
        category: updated.category,
        image: updated.image,
        updated_at: updated.updated_at,
      })
      .where('_id', '=', id)
      .execute();
    await bumpChangeCounter(trx, STREAMS_LIST);
    if (newFile) replaced = current.image;
    return updated;
  });
  await uploads.remove([replaced]);
  return row;
}

/** Deletes the stream, then its thumbnail. False for an unknown id. */
export async function deleteStream(db: Db, uploads: UploadStorage, id: string): Promise<boolean> {
  const removed = await db.kysely.transaction().execute(async (trx) => {
    const row = await trx.deleteFrom('streams').where('_id', '=', id).returning('image').executeTakeFirst();
    if (row) await bumpChangeCounter(trx, STREAMS_LIST);
    return row;
  });
  if (!removed) return false;
  await uploads.remove([removed.image]);
  return true;
}

function lockStream(db: Db, trx: Kysely<Database>, id: string): Promise<StreamsTable | undefined> {
  const query = trx.selectFrom('streams').selectAll().where('_id', '=', id);
  return (db.engine === 'postgres' ? query.forUpdate() : query).executeTakeFirst();
}
