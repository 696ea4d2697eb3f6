import type { Kysely } from 'kysely';
import type { Db } from '../db/database';
import { timestamp } from '../db/ids';
import type { Database, ReflectionsTable } from '../db/schema';
import { versionShows } from '../history/versions';
import type { TrashedRow } from '../trash/store';
import { UPLOADS_PATH, UploadStore, type ReceivedFile, type UploadStorage } from '../uploads/store';

// The editor's images: uploaded as files, kept while a reflection or a kept version of one shows
// them. The reflections' own calls are their resource's (resource.ts).

/**
 * What goes to the trash with a deleted reflection (after its row is deleted, in the same transaction):
 * the editor images only it showed, their rows and files, so that a restore brings them back.
 */
export async function trashedWith(
  trx: Kysely<Database>,
  row: ReflectionsTable,
): Promise<{ rows: TrashedRow[]; files: string[] }> {
  const shown = imagesOf(row);
  const images = shown.length
    ? await trx.selectFrom('editorImages').selectAll().where('name', 'in', shown).execute()
    : [];
  const released = new Set(await releaseImages(trx, shown));
  const kept = images.filter((image) => released.has(image.name));
  return {
    rows: kept.map((image) => ({ table: 'editorImages' as const, row: { ...image } })),
    files: kept.map((image) => image.name),
  };
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
