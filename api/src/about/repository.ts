import type { Db } from '../db/database';
import { bumpChangeCounter } from '../db/changes';
import { newId, timestamp } from '../db/ids';
import type { AboutTable } from '../db/schema';
import type { About } from './schemas';
import { isUniqueViolation } from '../db/unique';
import { HttpError } from '../http/errors';
import { keepVersion, type Author } from '../history/versions';

/** The change counter of the public About list (db/changes.ts). */
export const ABOUT_LIST = 'about';

export const ABOUT_MESSAGES = {
  notFound: 'About us content not found',
  exists: 'About us content already exists; edit it instead',
} as const;

/** The About Us text (spec §3). */
export function toApi(row: AboutTable): About {
  return { _id: row._id, text: row.text, createdAt: row.createdAt };
}

/** A list of at most one item (spec §7: "only the first item of the answer is used"). */
export async function listAbout(db: Db): Promise<About[]> {
  const rows = await db.kysely.selectFrom('about').selectAll().orderBy('createdAt', 'asc').execute();
  return rows.map(toApi);
}

/** Adds the text; 409 when there is one already (the unique slot also stops two at once). */
export async function addAbout(db: Db, text: string): Promise<About> {
  const now = timestamp();
  const row: AboutTable = { _id: newId(), slot: 1, text, createdAt: now, updatedAt: now };
  try {
    await db.kysely.transaction().execute(async (trx) => {
      const existing = await trx.selectFrom('about').select('_id').executeTakeFirst();
      if (existing) throw new HttpError(409, ABOUT_MESSAGES.exists);
      await trx.insertInto('about').values(row).execute();
      await bumpChangeCounter(trx, ABOUT_LIST);
    });
  } catch (error) {
    if (error instanceof HttpError) throw error;
    // A concurrent add won the unique slot.
    if (isUniqueViolation(error)) throw new HttpError(409, ABOUT_MESSAGES.exists);
    throw error;
  }
  return toApi(row);
}

export function findAbout(db: Db, id: string): Promise<AboutTable | undefined> {
  return db.kysely.selectFrom('about').selectAll().where('_id', '=', id).executeTakeFirst();
}

/** The updated text; undefined for an unknown id. The text it replaces is kept as a version. */
export async function updateAbout(db: Db, id: string, text: string, by?: Author): Promise<AboutTable | undefined> {
  return db.kysely.transaction().execute(async (trx) => {
    let current = trx.selectFrom('about').selectAll().where('_id', '=', id);
    if (db.engine === 'postgres') current = current.forUpdate();
    const row = await current.executeTakeFirst();
    if (!row) return undefined;
    await keepVersion(trx, { resource: 'about', recordId: id, row, savedAt: row.updatedAt, files: [] }, by);
    const updated = await trx
      .updateTable('about')
      .set({ text, updatedAt: timestamp() })
      .where('_id', '=', id)
      .returningAll()
      .executeTakeFirstOrThrow();
    await bumpChangeCounter(trx, ABOUT_LIST);
    return updated;
  });
}
