import { bumpChangeCounter } from '../db/changes';
import type { Db } from '../db/database';
import { newestFirst, type Paging } from '../http/paging';
import { newId, timestamp } from '../db/ids';
import type { MassIntentionsTable } from '../db/schema';
import type { MassIntention, MassIntentionInput } from './schemas';

/** The change counter of the list (db/changes.ts): every write bumps it in its transaction. */
export const MASS_INTENTIONS_LIST = 'mass_intentions';

function toApi(row: MassIntentionsTable): MassIntention {
  return {
    _id: row._id,
    fullname: row.fullname,
    email: row.email,
    intention: row.intention,
    createdAt: row.created_at,
  };
}

export async function addMassIntention(db: Db, input: MassIntentionInput): Promise<MassIntention> {
  const now = new Date();
  const row: MassIntentionsTable = {
    _id: newId(now),
    fullname: input.fullname,
    email: input.email,
    intention: input.intention,
    created_at: timestamp(now),
  };
  await db.kysely.transaction().execute(async (trx) => {
    await trx.insertInto('mass_intentions').values(row).execute();
    await bumpChangeCounter(trx, MASS_INTENTIONS_LIST);
  });
  return toApi(row);
}

/** Newest first; the id breaks ties between requests made in the same millisecond. */
export async function listMassIntentions(db: Db, paging?: Paging): Promise<{ rows: MassIntention[]; total: number }> {
  const { rows, total } = await newestFirst(db, 'mass_intentions', ['fullname', 'email', 'intention'], paging);
  return { rows: rows.map(toApi), total };
}
