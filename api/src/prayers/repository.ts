import type { Db } from '../db/database';
import { bumpChangeCounter } from '../db/changes';
import { newId, timestamp } from '../db/ids';
import type { PrayersTable } from '../db/schema';
import type { Prayer, PrayerInput } from './schemas';

/** The change counter of the public prayer list (db/changes.ts). */
export const PRAYERS_LIST = 'prayers';

export const PRAYER_MESSAGES = { notFound: 'Prayer not found' } as const;

export function toApi(row: PrayersTable): Prayer {
  return { _id: row._id, title: row.title, prayer: row.prayer, createdAt: row.created_at };
}

/** In the order they were added (a section of prayers reads top to bottom). */
export async function listPrayers(db: Db): Promise<Prayer[]> {
  const rows = await db.kysely
    .selectFrom('prayers')
    .selectAll()
    .orderBy('created_at', 'asc')
    .orderBy('_id', 'asc')
    .execute();
  return rows.map(toApi);
}

export async function addPrayer(db: Db, input: PrayerInput): Promise<Prayer> {
  const now = timestamp();
  const row: PrayersTable = {
    _id: newId(),
    title: input.title,
    prayer: input.prayer,
    created_at: now,
    updated_at: now,
  };
  await db.kysely.transaction().execute(async (trx) => {
    await trx.insertInto('prayers').values(row).execute();
    await bumpChangeCounter(trx, PRAYERS_LIST);
  });
  return toApi(row);
}

/** The updated prayer; undefined for an unknown id. */
export async function updatePrayer(db: Db, id: string, input: PrayerInput): Promise<Prayer | undefined> {
  const row = await db.kysely.transaction().execute(async (trx) => {
    const updated = await trx
      .updateTable('prayers')
      .set({ title: input.title, prayer: input.prayer, updated_at: timestamp() })
      .where('_id', '=', id)
      .returningAll()
      .executeTakeFirst();
    if (updated) await bumpChangeCounter(trx, PRAYERS_LIST);
    return updated;
  });
  return row && toApi(row);
}

/** False for an unknown id. */
export async function deletePrayer(db: Db, id: string): Promise<boolean> {
  return db.kysely.transaction().execute(async (trx) => {
    const row = await trx.deleteFrom('prayers').where('_id', '=', id).returning('_id').executeTakeFirst();
    if (row) await bumpChangeCounter(trx, PRAYERS_LIST);
    return Boolean(row);
  });
}
