import { bumpChangeCounter } from '../db/changes';
import type { Db } from '../db/database';
import { newId, timestamp } from '../db/ids';
import { fromRow } from '../http/contract';
import { MassIntention, type MassIntentionInput } from './schemas';

/** The change counter of the list (db/changes.ts): every write bumps it in its transaction. */
export const MASS_INTENTIONS_LIST = 'mass_intentions';

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
  // As the mobile app's submit answers it: nothing of its scheduling.
  return fromRow(MassIntention, row);
}
