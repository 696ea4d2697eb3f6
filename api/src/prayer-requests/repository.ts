import { bumpChangeCounter } from '../db/changes';
import type { Db } from '../db/database';
import { newId, timestamp } from '../db/ids';
import type { PrayerRequestsTable } from '../db/schema';
import { newestFirst, type Paging } from '../http/paging';
import { moveToTrash, putInTrash, type Deleter } from '../trash/store';
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

/** Moves the request to the trash (trash/store.ts): the trash entry's id; undefined for an unknown id. */
export async function deletePrayerRequest(db: Db, id: string, by: Deleter): Promise<string | undefined> {
  return await db.kysely.transaction().execute((trx) =>
    moveToTrash(trx, by, 'prayer_requests', id, (row) => ({
      kind: 'prayer request',
      title: String(row.request),
      files: [],
      lists: [PRAYER_REQUESTS_LIST],
    })),
  );
}

/**
 * Moves every request to the trash as one entry: how many there were, and the entry's id (none when
 * there were none).
 */
export async function deleteAllPrayerRequests(db: Db, by: Deleter): Promise<{ deleted: number; entry?: string }> {
  return await db.kysely.transaction().execute(async (trx) => {
    // Oldest first: restored in the order they came.
    const rows = await trx.selectFrom('prayer_requests').selectAll().orderBy('created_at').orderBy('_id').execute();
    const result = await trx.deleteFrom('prayer_requests').executeTakeFirst();
    await bumpChangeCounter(trx, PRAYER_REQUESTS_LIST);
    const deleted = Number(result.numDeletedRows);
    if (!rows.length) return { deleted };
    const entry = await putInTrash(trx, by, {
      kind: 'prayer request',
      title: 'All prayer requests',
      records: rows.length,
      rows: rows.map((row) => ({ table: 'prayer_requests' as const, row: { ...row } })),
      files: [],
      lists: [PRAYER_REQUESTS_LIST],
    });
    return { deleted, entry };
  });
}

export async function countPrayerRequests(db: Db): Promise<number> {
  const row = await db.kysely
    .selectFrom('prayer_requests')
    .select((eb) => eb.fn.countAll().as('count'))
    .executeTakeFirst();
  return Number(row?.count ?? 0);
}
