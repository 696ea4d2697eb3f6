import type { Kysely } from 'kysely';
import type { Db } from '../db/database';
import { bumpChangeCounter } from '../db/changes';
import { newId, timestamp } from '../db/ids';
import type { Database, DonationsTable } from '../db/schema';
import { badRequest, notFound } from '../http/errors';
import { uploadNameFromUrl, uploadUrl, type ReceivedFile, type UploadStorage } from '../uploads/store';
import type { Donation, DonationInput } from './schemas';

/** The change counter of the public donation list (db/changes.ts). */
export const DONATIONS_LIST = 'donations';

export const DONATION_MESSAGES = {
  notFound: 'Donation not found',
  foreignFile: "The file must be a file or the donation's current file URL",
} as const;

export function toApi(row: DonationsTable, origin: string): Donation {
  const url = uploadUrl(origin, row.file_name);
  return {
    _id: row._id,
    donationName: row.donation_name,
    donationDescription: row.donation_description,
    donationImage: Number(row.is_image) === 1 ? url : null,
    fileUrl: url,
    createdAt: row.created_at,
  };
}

/** Newest first; the id (which starts with the creation second) breaks ties. */
export function listDonations(db: Db): Promise<DonationsTable[]> {
  return db.kysely.selectFrom('donations').selectAll().orderBy('created_at', 'desc').orderBy('_id', 'desc').execute();
}

export function findDonation(db: Db, id: string): Promise<DonationsTable | undefined> {
  return db.kysely.selectFrom('donations').selectAll().where('_id', '=', id).executeTakeFirst();
}

/** Stores the donation and moves its file into place, both or neither. */
export async function addDonation(
  db: Db,
  uploads: UploadStorage,
  input: DonationInput,
  file: ReceivedFile,
): Promise<DonationsTable> {
  const now = new Date();
  const row: DonationsTable = {
    _id: newId(now),
    donation_name: input.donationName,
    donation_description: input.donationDescription,
    file_name: file.name,
    is_image: file.isImage ? 1 : 0,
    created_at: timestamp(now),
    updated_at: timestamp(now),
  };
  await uploads.commit(db, [file], async (trx) => {
    await trx.insertInto('donations').values(row).execute();
    await bumpChangeCounter(trx, DONATIONS_LIST);
  });
  return row;
}

/**
 * Updates the donation. `file`: a new file of any type (replaces the old one, deleted once the
 * update committed), the current file's URL (any host) or undefined (both keep it); any other text
 * is refused. Throws 404 for an unknown id.
 */
export async function updateDonation(
  db: Db,
  uploads: UploadStorage,
  id: string,
  input: DonationInput,
  file: ReceivedFile | string | undefined,
): Promise<DonationsTable> {
  const newFile = typeof file === 'object' ? file : undefined;
  let replaced: string | undefined;
  const row = await uploads.commit(db, newFile ? [newFile] : [], async (trx) => {
    const current = await lockDonation(db, trx, id);
    if (!current) throw notFound(DONATION_MESSAGES.notFound);
    if (typeof file === 'string' && uploadNameFromUrl(file) !== current.file_name) {
      throw badRequest(DONATION_MESSAGES.foreignFile);
    }
    const updated: DonationsTable = {
      ...current,
      donation_name: input.donationName,
      donation_description: input.donationDescription,
      file_name: newFile ? newFile.name : current.file_name,
      is_image: newFile ? (newFile.isImage ? 1 : 0) : Number(current.is_image),
      updated_at: timestamp(),
    };
    await trx
      .updateTable('donations')
      .set({
        donation_name: updated.donation_name,
        donation_description: updated.donation_description,
        file_name: updated.file_name,
        is_image: updated.is_image,
        updated_at: updated.updated_at,
      })
      .where('_id', '=', id)
      .execute();
    await bumpChangeCounter(trx, DONATIONS_LIST);
    if (newFile) replaced = current.file_name;
    return updated;
  });
  await uploads.remove([replaced]);
  return row;
}

/** Deletes the donation, then its file. False for an unknown id. */
export async function deleteDonation(db: Db, uploads: UploadStorage, id: string): Promise<boolean> {
  const removed = await db.kysely.transaction().execute(async (trx) => {
    const row = await trx.deleteFrom('donations').where('_id', '=', id).returning('file_name').executeTakeFirst();
    if (row) await bumpChangeCounter(trx, DONATIONS_LIST);
    return row;
  });
  if (!removed) return false;
  await uploads.remove([removed.file_name]);
  return true;
}

/** The row, locked against a concurrent edit until the transaction ends (SQLite serialises writes anyway). */
function lockDonation(db: Db, trx: Kysely<Database>, id: string): Promise<DonationsTable | undefined> {
  const query = trx.selectFrom('donations').selectAll().where('_id', '=', id);
  return (db.engine === 'postgres' ? query.forUpdate() : query).executeTakeFirst();
}
