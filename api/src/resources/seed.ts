import fs from 'node:fs';
import path from 'node:path';
import type { Db } from '../db/database';
import { solidPng } from '../uploads/png';
import { UploadStore, type UploadStorage } from '../uploads/store';
import type { ResourceDefinition, StoredRow } from './definition';
import { resourceRepository, type FormFields } from './repository';

// A feature's demo data (npm run seed), so that a fresh install's screens are not empty. A seed is
// safe to run again: it adds only the records that are not there yet.

/** What a feature's seed writes with. */
export interface SeedContext {
  db: Db;
  uploads: UploadStorage;
}

/** A feature's demo data: adds what is missing and answers how many records it added. */
export type Seed = (context: SeedContext) => Promise<number>;

/** A plain coloured PNG made here (no network), sent as the record's file. */
export interface DemoPicture {
  width: number;
  height: number;
  colour: [number, number, number];
  originalName: string;
}

/** A record of a resource's demo data: its form's fields, and its picture when it has one. */
export interface DemoRecord<Fields extends FormFields> {
  fields: Fields;
  picture?: DemoPicture;
}

/**
 * The seed of a resource: adds each record whose `key` (a field its row stores as sent) no record
 * holds yet, with its picture stored as the definition's file.
 */
export function resourceSeed<Row extends StoredRow, Fields extends FormFields>(
  resource: ResourceDefinition<Row>,
  key: keyof Row & keyof Fields & string,
  records: readonly DemoRecord<Fields>[],
): Seed {
  const repository = resourceRepository(resource);
  return ({ db, uploads }) =>
    addMissing(
      records,
      ({ fields }) => repository.findBy(db, key, fields[key] as string | number),
      async ({ fields, picture }, index) => {
        if (!picture) return repository.add(db, uploads, fields);
        if (!resource.file) throw new Error(`${resource.noun} keeps no file: its demo record has no picture`);
        const png = solidPng(picture.width, picture.height, picture.colour);
        const tempPath = path.join(uploads.tempDir, `seed-${process.pid}-${resource.table}-${index}.part`);
        fs.writeFileSync(tempPath, png);
        try {
          return await repository.add(db, uploads, fields, {
            field: resource.file.field,
            name: UploadStore.newName('png'),
            tempPath,
            size: png.length,
            mimeType: 'image/png',
            isImage: true,
            originalName: picture.originalName,
          });
        } finally {
          fs.rmSync(tempPath, { force: true });
        }
      },
    );
}

/** Adds, one after the other, each record that `find` does not find; how many it added. */
export async function addMissing<T>(
  records: readonly T[],
  find: (record: T) => Promise<unknown>,
  add: (record: T, index: number) => Promise<unknown>,
): Promise<number> {
  let added = 0;
  for (const [index, record] of records.entries()) {
    if (await find(record)) continue;
    await add(record, index);
    added += 1;
  }
  return added;
}
