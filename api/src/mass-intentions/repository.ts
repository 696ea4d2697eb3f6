import { bumpChangeCounter } from '../db/changes';
import type { Db } from '../db/database';
import { newId, timestamp } from '../db/ids';
import type { MassIntentionsTable } from '../db/schema';
import type { MassIntention, MassIntentionInput } from './schemas';

/** The change counter of the list (db/changes.ts): every write bumps it in its transaction. */
export const MASS_INTENTIONS_LIST = 'mass_intentions';

/** The request as the mobile app's submit answers it: nothing of its scheduling. */
function toApi(
  row: Pick<MassIntentionsTable, '_id' | 'fullname' | 'email' | 'intention' | 'createdAt'>,
): MassIntention {
  return {
    _id: row._id,
    fullname: row.fullname,
    email: row.email,
    intention: row.intention,
    createdAt: row.createdAt,
  };
}

export async function addMassIntention(db: Db, input: MassIntentionInput): Promise<MassIntention> {
  const now = new Date();
  const row = {
    _id: newId(now),
    fullname: input.fullname,
    email: input.email,
    intention: input.intention,
    createdAt: timestamp(now),
  };
  await db.kysely.transaction().execute(async (trx) => {
    await trx.insertInto('massIntentions').values(row).execute();
    await bumpChangeCounter(trx, MASS_INTENTIONS_LIST);
  });
  return toApi(row);
}
