import type { Kysely } from 'kysely';
import type { Db } from '../db/database';
import { bumpChangeCounter } from '../db/changes';
import { newId, timestamp } from '../db/ids';
import type { BooksTable, Database } from '../db/schema';
import { badRequest, notFound } from '../http/errors';
import { uploadNameFromUrl, uploadUrl, type ReceivedFile, type UploadStorage } from '../uploads/store';
import type { Book, BookInput } from './schemas';

/** The change counter of the public book list (db/changes.ts). */
export const BOOKS_LIST = 'books';

export const BOOK_MESSAGES = {
  notFound: 'Book not found',
  foreignImage: "The cover must be a picture file or the book's current cover URL",
} as const;

export function toApi(row: BooksTable, origin: string): Book {
  return {
    _id: row._id,
    id: row._id,
    bookName: row.book_name,
    bookLink: row.book_link,
    bookImage: uploadUrl(origin, row.book_image),
    category: row.category as Book['category'],
    dateAdded: row.date_added,
  };
}

/** Newest first; the id (which starts with the creation second) breaks ties. */
export function listBooks(db: Db): Promise<BooksTable[]> {
  return db.kysely.selectFrom('books').selectAll().orderBy('date_added', 'desc').orderBy('_id', 'desc').execute();
}

export function findBook(db: Db, id: string): Promise<BooksTable | undefined> {
  return db.kysely.selectFrom('books').selectAll().where('_id', '=', id).executeTakeFirst();
}

/** Stores the book and moves its cover into place, both or neither. */
export async function addBook(
  db: Db,
  uploads: UploadStorage,
  input: BookInput,
  image: ReceivedFile,
): Promise<BooksTable> {
  const now = new Date();
  const row: BooksTable = {
    _id: newId(now),
    book_name: input.bookName,
    book_link: input.bookLink,
    book_image: image.name,
    category: input.category ?? '',
    date_added: timestamp(now),
    updated_at: timestamp(now),
  };
  await uploads.commit(db, [image], async (trx) => {
    await trx.insertInto('books').values(row).execute();
    await bumpChangeCounter(trx, BOOKS_LIST);
  });
  return row;
}

/**
 * Updates the book. `image`: a new file (replaces the cover, whose old file is deleted once the
 * update committed), the current cover's URL (any host) or undefined (both keep it); any other text
 * is refused. Throws 404 for an unknown id.
 */
export async function updateBook(
  db: Db,
  uploads: UploadStorage,
  id: string,
  input: BookInput,
  image: ReceivedFile | string | undefined,
): Promise<BooksTable> {
  const newFile = typeof image === 'object' ? image : undefined;
  let replaced: string | undefined;
  const row = await uploads.commit(db, newFile ? [newFile] : [], async (trx) => {
    const current = await lockBook(db, trx, id);
    if (!current) throw notFound(BOOK_MESSAGES.notFound);
    if (typeof image === 'string' && uploadNameFromUrl(image) !== current.book_image) {
      throw badRequest(BOOK_MESSAGES.foreignImage);
    }
    const updated: BooksTable = {
      ...current,
      book_name: input.bookName,
      book_link: input.bookLink,
      category: input.category ?? current.category,
      book_image: newFile ? newFile.name : current.book_image,
      updated_at: timestamp(),
    };
    await trx
      .updateTable('books')
      .set({
        book_name: updated.book_name,
        book_link: updated.book_link,
        category: updated.category,
        book_image: updated.book_image,
        updated_at: updated.updated_at,
      })
      .where('_id', '=', id)
      .execute();
    await bumpChangeCounter(trx, BOOKS_LIST);
    if (newFile) replaced = current.book_image;
    return updated;
  });
  await uploads.remove([replaced]);
  return row;
}

/** Deletes the book, then its cover. False for an unknown id. */
export async function deleteBook(db: Db, uploads: UploadStorage, id: string): Promise<boolean> {
  const removed = await db.kysely.transaction().execute(async (trx) => {
    const row = await trx.deleteFrom('books').where('_id', '=', id).returning('book_image').executeTakeFirst();
    if (row) await bumpChangeCounter(trx, BOOKS_LIST);
    return row;
  });
  if (!removed) return false;
  await uploads.remove([removed.book_image]);
  return true;
}

/** The row, locked against a concurrent edit until the transaction ends (SQLite serialises writes anyway). */
function lockBook(db: Db, trx: Kysely<Database>, id: string): Promise<BooksTable | undefined> {
  const query = trx.selectFrom('books').selectAll().where('_id', '=', id);
  return (db.engine === 'postgres' ? query.forUpdate() : query).executeTakeFirst();
}
