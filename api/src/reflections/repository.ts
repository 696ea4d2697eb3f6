import type { Kysely } from 'kysely';
import { bumpChangeCounter } from '../db/changes';
import type { Db } from '../db/database';
import { newId, timestamp } from '../db/ids';
import type { Database, ReflectionsTable } from '../db/schema';
import { isUniqueViolation } from '../db/unique';
import { keepVersion, versionShows, type Author } from '../history/versions';
import { HttpError, notFound } from '../http/errors';
import {
  servedHtml,
  storedHtml,
  UPLOADS_PATH,
  UploadStore,
  type ReceivedFile,
  type UploadStorage,
} from '../uploads/store';
import { putInTrash, type Deleter } from '../trash/store';
import type { Audience, Reflection, ReflectionInput } from './schemas';
import { plainSpaces } from './sanitize';

/** The change counter of each audience's public list (db/changes.ts). */
export const reflectionsList = (audience: Audience) => `reflections-${audience}`;

export const REFLECTION_MESSAGES = {
  notFound: 'Reflection not found',
  /** The date as every screen shows a day (dd/mm/yyyy), not as the API writes it. */
  dateTaken: (audience: Audience, date: string) =>
    `${audience === 'adult' ? 'An adult' : 'A children'} reflection already exists for ${date.split('-').reverse().join('/')}`,
} as const;

/** The reflection as answered; `origin` goes in front of the paths of its images. */
export function toApi(row: ReflectionsTable, origin: string): Reflection {
  return {
    _id: row._id,
    date: row.date,
    topic: row.topic,
    // Ordinary spaces on the way out too: a record restored from the trash is written back as it was kept.
    reflection: plainSpaces(servedHtml(row.reflection, origin)),
    bibleReading: row.bibleReading,
    devotionalContent: plainSpaces(servedHtml(row.devotionalContent, origin)),
    devotionalConfession: plainSpaces(servedHtml(row.devotionalConfession, origin)),
    furtherReading: row.furtherReading,
    mass: row.mass,
    createdAt: row.createdAt,
  };
}

const columns = (input: ReflectionInput) => ({
  date: input.date,
  topic: input.topic,
  // A restored version may hold the non-breaking spaces of its day.
  reflection: plainSpaces(storedHtml(input.reflection)),
  bibleReading: input.bibleReading,
  devotionalContent: plainSpaces(storedHtml(input.devotionalContent)),
  devotionalConfession: plainSpaces(storedHtml(input.devotionalConfession)),
  furtherReading: input.furtherReading,
  mass: input.mass,
});

/** The name of an audience's history (history/versions.ts). */
export const historyOf = (audience: Audience) => (audience === 'adult' ? 'adult-reflections' : 'children-reflections');

/** A kept version's stored row as an edit's input (its rich text is stored, and so already clean). */
export const inputOf = (row: ReflectionsTable): ReflectionInput => ({
  date: row.date,
  topic: row.topic,
  reflection: row.reflection,
  bibleReading: row.bibleReading,
  devotionalContent: row.devotionalContent,
  devotionalConfession: row.devotionalConfession,
  furtherReading: row.furtherReading,
  mass: row.mass,
});

/** Newest date first. */
export function listReflections(db: Db, audience: Audience): Promise<ReflectionsTable[]> {
  return db.kysely
    .selectFrom('reflections')
    .selectAll()
    .where('audience', '=', audience)
    .orderBy('date', 'desc')
    .orderBy('_id', 'desc')
    .execute();
}

/** By `_id` or by its `YYYY-MM-DD` date (the details screen is keyed by date). */
export function findReflection(
  db: Db,
  audience: Audience,
  key: { id: string } | { date: string },
): Promise<ReflectionsTable | undefined> {
  return reflectionIn(db.kysely, audience, key);
}

/** A reflection is found within its audience only: another audience's id names none. */
function reflectionIn(kysely: Kysely<Database>, audience: Audience, key: { id: string } | { date: string }) {
  let query = kysely.selectFrom('reflections').selectAll().where('audience', '=', audience);
  query = 'id' in key ? query.where('_id', '=', key.id) : query.where('date', '=', key.date);
  return query.executeTakeFirst();
}

async function assertDateFree(trx: Kysely<Database>, audience: Audience, date: string, except?: string) {
  let query = trx.selectFrom('reflections').select('_id').where('audience', '=', audience).where('date', '=', date);
  if (except) query = query.where('_id', '!=', except);
  if (await query.executeTakeFirst()) throw new HttpError(409, REFLECTION_MESSAGES.dateTaken(audience, date));
}

async function guarded<T>(audience: Audience, date: string, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error)) throw new HttpError(409, REFLECTION_MESSAGES.dateTaken(audience, date));
    throw error;
  }
}

export async function addReflection(db: Db, audience: Audience, input: ReflectionInput): Promise<ReflectionsTable> {
  const now = new Date();
  const row: ReflectionsTable = {
    _id: newId(now),
    audience,
    ...columns(input),
    createdAt: timestamp(now),
    updatedAt: timestamp(now),
  };
  await guarded(audience, input.date, () =>
    db.kysely.transaction().execute(async (trx) => {
      await assertDateFree(trx, audience, input.date);
      await trx.insertInto('reflections').values(row).execute();
      await bumpChangeCounter(trx, reflectionsList(audience));
    }),
  );
  return row;
}

export async function updateReflection(
  db: Db,
  uploads: UploadStorage,
  audience: Audience,
  id: string,
  input: ReflectionInput,
  by?: Author,
): Promise<ReflectionsTable> {
  let unused: string[] = [];
  const updated = await guarded(audience, input.date, () =>
    db.kysely.transaction().execute(async (trx) => {
      const current = await reflectionIn(trx, audience, { id });
      if (!current) throw notFound(REFLECTION_MESSAGES.notFound);
      await assertDateFree(trx, audience, input.date, id);
      await keepVersion(
        trx,
        {
          resource: historyOf(audience),
          recordId: id,
          row: current,
          savedAt: current.updatedAt,
          files: imagesOf(current),
        },
        by,
      );
      const next: ReflectionsTable = { ...current, ...columns(input), updatedAt: timestamp() };
      await trx
        .updateTable('reflections')
        .set({ ...columns(input), updatedAt: next.updatedAt })
        .where('_id', '=', id)
        .execute();
      await bumpChangeCounter(trx, reflectionsList(audience));
      // Editor images the old text showed and the new one does not, if no other reflection shows them.
      const kept = new Set(imagesOf(next));
      unused = await releaseImages(
        trx,
        imagesOf(current).filter((name) => !kept.has(name)),
      );
      return next;
    }),
  );
  await uploads.remove(unused);
  return updated;
}

/**
 * Moves the reflection to the trash (trash/store.ts) with the editor images only it showed, in one
 * transaction: the trash entry's id; undefined for an unknown id.
 */
export async function deleteReflection(
  db: Db,
  audience: Audience,
  id: string,
  by: Deleter,
): Promise<string | undefined> {
  return db.kysely.transaction().execute(async (trx) => {
    const row = await reflectionIn(trx, audience, { id });
    if (!row) return undefined;
    await trx.deleteFrom('reflections').where('_id', '=', id).execute();
    await bumpChangeCounter(trx, reflectionsList(audience));
    const shown = imagesOf(row);
    const images = shown.length
      ? await trx.selectFrom('editorImages').selectAll().where('name', 'in', shown).execute()
      : [];
    const released = new Set(await releaseImages(trx, shown));
    const kept = images.filter((image) => released.has(image.name));
    return putInTrash(trx, by, {
      kind: audience === 'adult' ? 'adult reflection' : 'children reflection',
      title: row.topic,
      records: 1,
      rows: [
        { table: 'reflections', row: { ...row } },
        ...kept.map((image) => ({ table: 'editorImages' as const, row: { ...image } })),
      ],
      files: kept.map((image) => image.name),
      lists: [reflectionsList(audience)],
    });
  });
}

/** Names of uploaded files the rich text shows (`…/uploads/<name>` in an img src). */
export function imagesOf(row: Pick<ReflectionsTable, 'reflection' | 'devotionalContent' | 'devotionalConfession'>) {
  const names = new Set<string>();
  for (const html of [row.reflection, row.devotionalContent, row.devotionalConfession]) {
    for (const match of html.matchAll(/<img\b[^>]*\bsrc="([^"]+)"/gi)) {
      const at = match[1].lastIndexOf(UPLOADS_PATH);
      const name = at >= 0 ? match[1].slice(at + UPLOADS_PATH.length) : '';
      if (UploadStore.isName(name)) names.add(name);
    }
  }
  return [...names];
}

/**
 * Of these files, the editor images (never a book cover or the like) that no reflection and no kept
 * version of one shows any more: their records go now, their files after the commit (the names returned).
 */
async function releaseImages(trx: Kysely<Database>, names: string[]): Promise<string[]> {
  const released: string[] = [];
  for (const name of names) {
    const known = await trx.selectFrom('editorImages').select('name').where('name', '=', name).executeTakeFirst();
    if (!known) continue;
    const pattern = `%${UPLOADS_PATH}${name}%`;
    const stillShown = await trx
      .selectFrom('reflections')
      .select('_id')
      .where((eb) =>
        eb.or([
          eb('reflection', 'like', pattern),
          eb('devotionalContent', 'like', pattern),
          eb('devotionalConfession', 'like', pattern),
        ]),
      )
      .executeTakeFirst();
    if (stillShown || (await versionShows(trx, name))) continue;
    await trx.deleteFrom('editorImages').where('name', '=', name).execute();
    released.push(name);
  }
  return released;
}

/**
 * Deletes editor images uploaded before `before` that no reflection shows: images put in an editor
 * whose form was then abandoned. Returns how many went. Recent ones stay: their form may still be open.
 */
export async function sweepEditorImages(db: Db, uploads: UploadStorage, before: Date): Promise<number> {
  const released = await db.kysely.transaction().execute(async (trx) => {
    const stale = await trx
      .selectFrom('editorImages')
      .select('name')
      .where('createdAt', '<', timestamp(before))
      .execute();
    return releaseImages(
      trx,
      stale.map((image) => image.name),
    );
  });
  await uploads.remove(released);
  return released.length;
}

/** Stores an image uploaded from the editor; it is kept while a reflection shows it. */
export async function addEditorImage(db: Db, uploads: UploadStorage, file: ReceivedFile): Promise<void> {
  await uploads.commit(db, [file], async (trx) => {
    await trx.insertInto('editorImages').values({ name: file.name, createdAt: timestamp() }).execute();
  });
}
