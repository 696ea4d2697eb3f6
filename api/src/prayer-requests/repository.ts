import { bumpChangeCounter } from '../db/changes';
import type { Db } from '../db/database';
import { isId, newId, timestamp } from '../db/ids';
import type { AuthenticatedAdmin } from '../auth/tokens';
import type { Selectable, Transaction } from 'kysely';
import type { Database, PrayerRequestsTable } from '../db/schema';
import { fromRow } from '../http/contract';
import { HttpError, badRequest, notFound } from '../http/errors';
import { newestFirst, type Paging } from '../http/paging';
import type { Sortable } from '../http/sorting';
import { moveToTrash, putInTrash, type Deleter } from '../trash/store';
import {
  CaredPrayerRequest,
  PrayerRequest,
  RESPONDED_STATES,
  type Assignee,
  type PrayerRequestCare,
  type PrayerState,
} from './schemas';

/** The change counter of the list (db/changes.ts): every write bumps it in its transaction. */
export const PRAYER_REQUESTS_LIST = 'prayer_requests';

/** A prayer request sent from the mobile app (spec §3: _id, request). */
type StoredRequest = Selectable<PrayerRequestsTable>;

/** The request with its care, as the team reads it (not who changed its state: their name is enough). */
const toCared = (row: StoredRequest): CaredPrayerRequest =>
  fromRow(CaredPrayerRequest, row, { state: row.state as PrayerState });

/** Submitted by the mobile app: New, with no note and nobody assigned. The answer says nothing of its care. */
export async function addPrayerRequest(db: Db, request: string): Promise<PrayerRequest> {
  const now = new Date();
  const row = { _id: newId(now), request, createdAt: timestamp(now) };
  await db.kysely.transaction().execute(async (trx) => {
    await trx.insertInto('prayerRequests').values(row).execute();
    await bumpChangeCounter(trx, PRAYER_REQUESTS_LIST);
  });
  return fromRow(PrayerRequest, row);
}

/** Newest first: all of them, or a page of those matching (http/paging.ts), with their care. */
export async function listPrayerRequests(
  db: Db,
  paging?: Paging,
  sortable?: Sortable,
): Promise<{ rows: CaredPrayerRequest[]; total: number }> {
  const { rows, total } = await newestFirst(db, 'prayerRequests', ['request'], paging, sortable);
  return { rows: rows.map(toCared), total };
}

export const CARE_MESSAGES = {
  notFound: 'Prayer request not found',
  nothing: 'Say what to change: a state, a note or an assignee',
  notMember: 'The assignee must be an active member of the team',
  noIds: 'Choose at least one prayer request to mark',
  missing: (count: number) =>
    `${count === 1 ? 'One of these prayer requests does' : `${count} of these prayer requests do`} not exist ` +
    '(deleted meanwhile?): nothing was marked',
  updated: 'Prayer request updated successfully',
  marked: (count: number, state: PrayerState) =>
    `${count === 1 ? '1 prayer request' : `${count} prayer requests`} marked ${state}`,
} as const;

/** Who makes a change, as the request keeps it. */
type Carer = Pick<AuthenticatedAdmin, '_id' | 'name' | 'email'>;

const stateChange = (state: PrayerState, by: Carer, now: Date) => ({
  state,
  stateChangedAt: timestamp(now),
  stateChangedById: by._id,
  stateChangedBy: by.name || by.email,
});

/** The members a request can be assigned to: the active accounts of the team, by name. */
export async function listAssignees(db: Db): Promise<Assignee[]> {
  const rows = await db.kysely
    .selectFrom('admins')
    .select(['_id', 'name', 'email'])
    .where('active', '=', 1)
    .orderBy('name')
    .orderBy('email')
    .execute();
  return rows.map((row) => ({ _id: row._id, name: row.name || row.email }));
}

/** A member a request was just assigned to, told in the assignment's transaction (its mail). */
export type OnAssigned = (
  trx: Transaction<Database>,
  request: CaredPrayerRequest,
  assignee: { _id: string; name: string; email: string },
) => Promise<unknown>;

/**
 * Changes one request's state, note or assignee in one transaction: the request as it is now. An
 * unknown request is a 404, an assignee who is not an active member a 400; either changes nothing.
 * `onAssigned` runs when the request goes to another member than before and than the one assigning.
 */
export async function carePrayerRequest(
  db: Db,
  id: string,
  care: PrayerRequestCare,
  by: Carer,
  onAssigned?: OnAssigned,
): Promise<CaredPrayerRequest> {
  if (care.state === undefined && care.note === undefined && care.assigneeId === undefined) {
    throw badRequest(CARE_MESSAGES.nothing);
  }
  return await db.kysely.transaction().execute(async (trx) => {
    const row = await trx.selectFrom('prayerRequests').selectAll().where('_id', '=', id).executeTakeFirst();
    if (!row) throw notFound(CARE_MESSAGES.notFound);
    let member: { _id: string; name: string; email: string } | undefined;
    if (care.assigneeId) {
      member = await trx
        .selectFrom('admins')
        .select(['_id', 'name', 'email'])
        .where('_id', '=', care.assigneeId)
        .where('active', '=', 1)
        .executeTakeFirst();
      if (!member) throw badRequest(CARE_MESSAGES.notMember);
    }
    const changes = {
      ...(care.state !== undefined && care.state !== row.state ? stateChange(care.state, by, new Date()) : {}),
      ...(care.note !== undefined ? { note: care.note } : {}),
      ...(care.assigneeId !== undefined ? { assigneeId: care.assigneeId } : {}),
    };
    const updated = await trx
      .updateTable('prayerRequests')
      .set(changes)
      .where('_id', '=', id)
      .returningAll()
      .executeTakeFirstOrThrow();
    await bumpChangeCounter(trx, PRAYER_REQUESTS_LIST);
    const cared = toCared(updated);
    // Nobody is told what they did themselves, nor twice of one assignment (a note saved with it).
    if (member && member._id !== row.assigneeId && member._id !== by._id) await onAssigned?.(trx, cared, member);
    return cared;
  });
}

/**
 * Marks every request of `ids` with `state` in one transaction: all of them, or none when one of them
 * does not exist (a 404 in words). The requests' texts, in the order given, for the activity record.
 */
export async function markPrayerRequests(db: Db, ids: string[], state: PrayerState, by: Carer): Promise<string[]> {
  const unique = [...new Set(ids)];
  if (!unique.length) throw badRequest(CARE_MESSAGES.noIds);
  return await db.kysely.transaction().execute(async (trx) => {
    const known = unique.filter(isId);
    const rows = known.length
      ? await trx.selectFrom('prayerRequests').select(['_id', 'request', 'state']).where('_id', 'in', known).execute()
      : [];
    const missing = unique.length - rows.length;
    if (missing > 0) throw new HttpError(404, CARE_MESSAGES.missing(missing));
    // A request already in that state keeps who put it there and when.
    const changing = rows.filter((row) => row.state !== state).map((row) => row._id);
    if (changing.length) {
      await trx
        .updateTable('prayerRequests')
        .set(stateChange(state, by, new Date()))
        .where('_id', 'in', changing)
        .execute();
      await bumpChangeCounter(trx, PRAYER_REQUESTS_LIST);
    }
    const texts = new Map(rows.map((row) => [row._id, row.request]));
    return unique.map((id) => texts.get(id)!);
  });
}

/** How many requests were responded to: prayed for or answered (the dashboard's figure). */
export async function countRespondedPrayerRequests(db: Db): Promise<number> {
  const row = await db.kysely
    .selectFrom('prayerRequests')
    .select((eb) => eb.fn.countAll().as('count'))
    .where('state', 'in', [...RESPONDED_STATES])
    .executeTakeFirst();
  return Number(row?.count ?? 0);
}

/** Moves the request to the trash (trash/store.ts): the trash entry's id; undefined for an unknown id. */
export async function deletePrayerRequest(db: Db, id: string, by: Deleter): Promise<string | undefined> {
  return await db.kysely.transaction().execute((trx) =>
    moveToTrash(trx, by, 'prayerRequests', id, (row) => ({
      kind: 'prayer request',
      title: String(row.request),
      files: [],
      lists: [PRAYER_REQUESTS_LIST],
    })),
  );
}

/** '3 Answered prayer requests', '1 New prayer request': what a Delete All of one state removed. */
export const inState = (count: number, state: PrayerState) =>
  `${count} ${state} prayer ${count === 1 ? 'request' : 'requests'}`;

/**
 * Moves every request (or every one in `state`, the tab the team looks at) to the trash as one entry:
 * how many there were, and the entry's id (none when there were none).
 */
export async function deleteAllPrayerRequests(
  db: Db,
  by: Deleter,
  state?: PrayerState,
): Promise<{ deleted: number; entry?: string }> {
  return await db.kysely.transaction().execute(async (trx) => {
    // Oldest first: restored in the order they came.
    const query = trx.selectFrom('prayerRequests').selectAll().orderBy('createdAt').orderBy('_id');
    const rows = await (state ? query.where('state', '=', state) : query).execute();
    // The rows read are the rows deleted: a request sent meanwhile is neither deleted nor counted.
    if (!rows.length) return { deleted: 0 };
    const ids = rows.map((row) => row._id);
    let deleted = 0;
    for (let at = 0; at < ids.length; at += DELETE_CHUNK) {
      const result = await trx
        .deleteFrom('prayerRequests')
        .where('_id', 'in', ids.slice(at, at + DELETE_CHUNK))
        .executeTakeFirst();
      deleted += Number(result.numDeletedRows);
    }
    await bumpChangeCounter(trx, PRAYER_REQUESTS_LIST);
    const entry = await putInTrash(trx, by, {
      kind: 'prayer request',
      title: state ? inState(rows.length, state) : 'All prayer requests',
      records: rows.length,
      rows: rows.map((row) => ({ table: 'prayerRequests' as const, row: { ...row } })),
      files: [],
      lists: [PRAYER_REQUESTS_LIST],
    });
    return { deleted, entry };
  });
}

/** Ids per DELETE … IN (…): well under SQLite's and PostgreSQL's limits on bound parameters. */
const DELETE_CHUNK = 500;

export async function countPrayerRequests(db: Db): Promise<number> {
  const row = await db.kysely
    .selectFrom('prayerRequests')
    .select((eb) => eb.fn.countAll().as('count'))
    .executeTakeFirst();
  return Number(row?.count ?? 0);
}
