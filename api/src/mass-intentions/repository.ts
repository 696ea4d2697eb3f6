import type { Db } from '../db/database';
import { newId, timestamp } from '../db/ids';
import type { MassIntentionsTable } from '../db/schema';
import type { MassIntention, MassIntentionInput } from './schemas';

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
  await db.kysely.insertInto('mass_intentions').values(row).execute();
  return toApi(row);
}

/** Newest first; the id breaks ties between requests made in the same millisecond. */
export async function listMassIntentions(db: Db): Promise<MassIntention[]> {
  const rows = await db.kysely
    .selectFrom('mass_intentions')
    .selectAll()
    .orderBy('created_at', 'desc')
    .orderBy('_id', 'desc')
    .execute();
  return rows.map(toApi);
}
