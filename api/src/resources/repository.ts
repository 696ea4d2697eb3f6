import type { Kysely } from 'kysely';
import { storedName } from '../db/case';
import { bumpChangeCounter } from '../db/changes';
import type { Db } from '../db/database';
import { newId, timestamp } from '../db/ids';
import type { Database } from '../db/schema';
import { badRequest, notFound } from '../http/errors';
import { keepVersion, type Author } from '../history/versions';
import { moveToTrash, type Deleter } from '../trash/store';
import { uploadNameFromUrl, type ReceivedFile, type UploadStorage } from '../uploads/store';
import { messagesAbout, type ResourceDefinition, type StoredRow } from './definition';

/** A table's columns; each definition's Row says which they are. */
type Columns = Record<string, string | number | null>;
type ResourceTables = Record<string, Columns & { _id: string }>;

// kysely's types cannot follow a table chosen at run time.
const anyTable = (kysely: Kysely<Database>) => kysely as unknown as Kysely<ResourceTables>;

/** The form's text fields, as received and validated. */
export type FormFields = Record<string, unknown>;

export type ResourceRepository<Row extends StoredRow> = ReturnType<typeof resourceRepository<Row>>;

/** The queries of a resource; the change counter of its public list is named after its stored table. */
export function resourceRepository<Row extends StoredRow>(resource: ResourceDefinition<Row>) {
  const { table, file, addedAt } = resource;
  const listName = storedName(table);
  const messages = messagesAbout(resource.noun);
  // An optional field that a write leaves out is stored empty: its column is text and never null, so a
  // field the definition adds as optional needs nothing more than its schema.
  const required = new Set(resource.fields.required ?? []);
  const emptyOptionals = Object.fromEntries(
    Object.keys(resource.fields.properties)
      .filter((name) => !required.has(name))
      .map((name) => [name, '']),
  );
  const fileColumns = (received: ReceivedFile | undefined) => {
    if (!file) return {};
    if (!received) return { [file.column]: null };
    return {
      [file.column]: received.name,
      ...(file.imageFlag ? { [file.imageFlag]: received.isImage ? 1 : 0 } : {}),
    };
  };
  /** The row, locked against a concurrent edit until the transaction ends (SQLite serialises writes anyway). */
  const lock = (db: Db, trx: Kysely<ResourceTables>, id: string) => {
    const query = trx.selectFrom(table).selectAll().where('_id', '=', id);
    const row = (db.engine === 'postgres' ? query.forUpdate() : query).executeTakeFirst();
    return row as Promise<unknown> as Promise<Row | undefined>;
  };

  /**
   * An edit: `changes` works out the new columns from the locked current row; with a history, the row
   * it replaces is kept as a version in the same transaction (and so is its file).
   */
  const edit = async (
    db: Db,
    uploads: UploadStorage,
    id: string,
    newFile: ReceivedFile | undefined,
    by: Author | undefined,
    changesFrom: (current: Row & Columns) => FormFields,
  ): Promise<Row> => {
    let replaced: string | null = null;
    const row = await uploads.commit(db, newFile ? [newFile] : [], async (trx) => {
      const rows = anyTable(trx);
      const current = (await lock(db, rows, id)) as (Row & Columns) | undefined;
      if (!current) throw notFound(messages.notFound);
      const currentFile = file ? (current[file.column] as string | null) : null;
      const changes: FormFields = { ...changesFrom(current), updatedAt: timestamp() };
      if (resource.history) {
        const replacedRow = { resource: resource.history, recordId: id, row: current, savedAt: current.updatedAt };
        await keepVersion(trx, { ...replacedRow, files: [currentFile] }, by);
      } else if (file && changes[file.column] !== undefined && changes[file.column] !== currentFile) {
        replaced = currentFile;
      }
      await rows
        .updateTable(table)
        .set(changes as Columns)
        .where('_id', '=', id)
        .execute();
      await bumpChangeCounter(trx, listName);
      return { ...current, ...changes } as Row;
    });
    await uploads.remove([replaced]);
    return row;
  };

  const findBy = (db: Db, column: keyof Row & string, value: string | number): Promise<Row | undefined> => {
    const query = anyTable(db.kysely)
      .selectFrom(table)
      .selectAll()
      .where(column as string, '=', value);
    return query.executeTakeFirst() as Promise<unknown> as Promise<Row | undefined>;
  };

  return {
    /** The change counter of the public list (db/changes.ts). */
    listName,

    /** Newest or oldest first, as the definition lists them; the id (which starts with the creation second) breaks ties. */
    list(db: Db): Promise<Row[]> {
      const direction = resource.listed === 'newest first' ? 'desc' : 'asc';
      return anyTable(db.kysely)
        .selectFrom(table)
        .selectAll()
        .orderBy(addedAt, direction)
        .orderBy('_id', direction)
        .execute() as Promise<unknown[]> as Promise<Row[]>;
    },

    find: (db: Db, id: string) => findBy(db, '_id', id),

    /** The first record whose column holds this value. */
    findBy,

    /** Stores the record and moves its file (if any) into place, both or neither. */
    async add(db: Db, uploads: UploadStorage, input: FormFields, received?: ReceivedFile): Promise<Row> {
      const now = new Date();
      const row = {
        _id: newId(now),
        ...emptyOptionals,
        ...defined(input),
        ...fileColumns(received),
        [addedAt]: timestamp(now),
        updatedAt: timestamp(now),
      };
      await uploads.commit(db, received ? [received] : [], async (trx) => {
        await anyTable(trx).insertInto(table).values(row).execute();
        await bumpChangeCounter(trx, listName);
      });
      return row as unknown as Row;
    },

    /**
     * Updates the record. `sent`: a new file (replaces the old one, deleted once the update
     * committed, unless a kept version shows it), the current file's URL (any host) or undefined (both
     * keep it); any other text is refused. Throws 404 for an unknown id.
     */
    update(
      db: Db,
      uploads: UploadStorage,
      id: string,
      input: FormFields,
      sent?: ReceivedFile | string,
      by?: Author,
    ): Promise<Row> {
      const newFile = typeof sent === 'object' ? sent : undefined;
      return edit(db, uploads, id, newFile, by, (current) => {
        const currentFile = file ? (current[file.column] as string | null) : null;
        if (file && typeof sent === 'string') {
          const name = uploadNameFromUrl(sent);
          if (!name || name !== currentFile) throw badRequest(file.foreign);
        }
        return {
          ...(resource.leftOutOnEdit === 'empty' ? emptyOptionals : {}),
          ...defined(input),
          ...(newFile ? fileColumns(newFile) : {}),
        };
      });
    },

    /** Makes a kept version's stored row the current one, as an edit (its fields and its file). */
    restore(db: Db, uploads: UploadStorage, id: string, version: Row, by?: Author): Promise<Row> {
      const kept = version as unknown as Columns;
      const columns = [
        ...Object.keys(resource.fields.properties),
        ...(file ? [file.column, ...(file.imageFlag ? [file.imageFlag] : [])] : []),
      ];
      return edit(db, uploads, id, undefined, by, () =>
        Object.fromEntries(columns.filter((column) => column in kept).map((column) => [column, kept[column]])),
      );
    },

    /**
     * Moves the record and its file to the trash (trash/store.ts), in one transaction: the trash
     * entry's id; undefined for an unknown id.
     */
    async remove(db: Db, id: string, by: Deleter): Promise<string | undefined> {
      return db.kysely.transaction().execute((trx) =>
        moveToTrash(trx, by, table, id, (row) => ({
          kind: resource.activity.kind,
          title: String(row[resource.activity.nameColumn] ?? ''),
          files: file ? [row[file.column] as string | null] : [],
          lists: [listName],
          permission: resource.permission === 'finance' ? 'finance' : 'content',
        })),
      );
    },
  };
}

/** The fields that were sent: one left out keeps its stored value (or its default on add). */
function defined(input: FormFields): FormFields {
  return Object.fromEntries(Object.entries(input).filter(([, value]) => value !== undefined));
}
