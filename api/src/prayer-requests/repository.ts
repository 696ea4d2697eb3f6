import { bumpChangeCounter } from '../db/changes';
import type { Db } from '../db/database';
import { newId, timestamp } from '../db/ids';
import type { PrayerRequestsTable } from '../db/schema';
import { newestFirst, type Paging } from '../http/paging';
import type { PrayerRequest } from './schemas';

/** The change counter of the list (db/changes.ts): every write bumps it in its transaction. */
export const PRAYER_REQUESTS_LIST = 'prayer_requests';

/** A prayer request sent from the mobile app (spec §3: _id, request). */
function toApi(row: PrayerRequestsTable): PrayerRequest {
  return { _id: row._id, request: row.request, createdAt: row.created_at };
}

export async function addPrayerRequest(db: Db, request: string): Promise<PrayerRequest> {
  const now = new Date();
  const row: PrayerRequestsTable = { _id: newId(now), request, created_at: timestamp(now) };
  await db.kysely.transaction().execute(async (trx) => {
    await trx.insertInto('prayer_requests').values(row).execute();
    await bumpChangeCounter(trx, PRAYER_REQUESTS_LIST);
  });
  return toApi(row);
}

/** Newest first: all of them, or a page of those matching (http/paging.ts). */
export async function listPrayerRequests(db: Db, paging?: Paging): Promise<{ rows: PrayerRequest[]; total: number }> {
  const { rows, total } = await newestFirst(db, 'prayer_requests', ['request'], paging);
  return { rows: rows.map(toApi), total };
}

/** False for an unknown id. */
export async function deletePrayerRequest(db: Db, id: string): Promise<boolean> {
  return await db.kysely.transaction().execute(async (trx) => {
    const result = await trx.deleteFrom('prayer_requests').where('_id', '=', id).executeTakeFirst();
    const deleted = Number(result.numDeletedRows) > 0;
    if (deleted) await bumpChangeCounter(trx, PRAYER_REQUESTS_LIST);
    return deleted;
  });
}

/** Deletes every request; answers how many there were. */
export async function deleteAllPrayerRequests(db: Db): Promise<number> {
  return await db.kysely.transaction().execute(async (trx) => {
    const result = await trx.deleteFrom('prayer_requests').executeTakeFirst();
    await bumpChangeCounter(trx, PRAYER_REQUESTS_LIST);
    return Number(result.numDeletedRows);
  });
}

export async function countPrayerRequests(db: Db): Promise<number> {
  const row = await db.kysely
    .selectFrom('prayer_requests')
    .select((eb) => eb.fn.countAll().as('count'))
    .executeTakeFirst();
  return Number(row?.count ?? 0);
}
