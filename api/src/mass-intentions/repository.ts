import { bumpChangeCounter } from '../db/changes';
import type { Db } from '../db/database';
import { newId, timestamp } from '../db/ids';
import type { MassIntentionsTable } from '../db/schema';
import type { MassIntention, MassIntentionInput } from './schemas';

/** The change counter of the list (db/changes.ts): every write bumps it in its transaction. */
export const MASS_INTENTIONS_LIST = 'mass_intentions';

/** The request as the mobile app's submit answers it: nothing of its scheduling. */
function toApi(
  row: Pick<MassIntentionsTable, '_id' | 'fullname' | 'email' | 'intention' | 'created_at'>,
): MassIntention {
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
  const row = {
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
