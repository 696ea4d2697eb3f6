import type { Db } from '../db/database';
import { newId, timestamp } from '../db/ids';
import type { PrayerRequestsTable } from '../db/schema';
import { newestFirst, type Paging } from '../http/paging';
import type { PrayerRequest } from './schemas';

/** A prayer request sent from the mobile app (spec §3: _id, request). */
function toApi(row: PrayerRequestsTable): PrayerRequest {
  return { _id: row._id, request: row.request, createdAt: row.created_at };
}

export async function addPrayerRequest(db: Db, request: string): Promise<PrayerRequest> {
  const now = new Date();
  const row: PrayerRequestsTable = { _id: newId(now), request, created_at: timestamp(now) };
  await db.kysely.insertInto('prayer_requests').values(row).execute();
  return toApi(row);
}

/** Newest first: all of them, or a page of those matching (http/paging.ts). */
export async function listPrayerRequests(db: Db, paging?: Paging): Promise<{ rows: PrayerRequest[]; total: number }> {
  const { rows, total } = await newestFirst(db, 'prayer_requests', ['request'], paging);
  return { rows: rows.map(toApi), total };
}

/** False for an unknown id. */
export async function deletePrayerRequest(db: Db, id: string): Promise<boolean> {
  const result = await db.kysely.deleteFrom('prayer_requests').where('_id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** Deletes every request; answers how many there were. */
export async function deleteAllPrayerRequests(db: Db): Promise<number> {
  const result = await db.kysely.deleteFrom('prayer_requests').executeTakeFirst();
  return Number(result.numDeletedRows);
}

export async function countPrayerRequests(db: Db): Promise<number> {
  const row = await db.kysely
    .selectFrom('prayer_requests')
    .select((eb) => eb.fn.countAll().as('count'))
    .executeTakeFirst();
  return Number(row?.count ?? 0);
}
