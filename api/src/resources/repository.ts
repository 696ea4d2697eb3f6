import type { Kysely } from 'kysely';
import { storedName } from '../db/case';
import { bumpChangeCounter } from '../db/changes';
import type { Db } from '../db/database';
import { newId, timestamp } from '../db/ids';
import type { Database } from '../db/schema';
import { isUniqueViolation } from '../db/unique';
import { badRequest, HttpError, notFound } from '../http/errors';
import { keepVersion, type Author } from '../history/versions';
import { putInTrash, type Deleter } from '../trash/store';
import { uploadNameFromUrl, type ReceivedFile, type UploadStorage } from '../uploads/store';
import { orderOf, type FormFields, type ResourceDefinition, type StoredRow } from './definition';

export type { FormFields } from './definition';

/** A table's columns; each definition's Row says which they are. */
type Columns = Record<string, string | number | null>;
type ResourceTables = Record<string, Columns & { _id: string }>;

// kysely's types cannot follow a table chosen at run time.
const anyTable = (kysely: Kysely<Database>) => kysely as unknown as Kysely<ResourceTables>;

export type ResourceRepository<Row extends StoredRow> = ReturnType<typeof resourceRepository<Row>>;

/** The queries of a resource; the change counter of its public list is named after its stored table. */
export function resourceRepository<Row extends StoredRow>(resource: ResourceDefinition<Row>) {
  const { table, file, addedAt, only, messages } = resource;
  const listName = only ? `${storedName(table)}-${only.value}` : storedName(table);
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
  /** The columns a write stores from its fields, as the definition's `input` works them out. */
  const inputOf = (fields: FormFields, write: 'add' | 'edit' | 'restore') =>
    resource.input ? resource.input(fields, write) : fields;
  /** The uploads a row names: its file and what its text shows. */
  const filesOf = (row: Row & Columns) => [
    ...(file ? [row[file.column] as string | null] : []),
    ...(resource.shows?.files(row) ?? []),
  ];
  /** The resource's rows of its table (all of it, unless `only` says which). */
  const rowsOf = (kysely: Kysely<ResourceTables>) => {
    const query = kysely.selectFrom(table).selectAll();
    return only ? query.where(only.column as string, '=', only.value) : query;
  };
  /** The row, locked against a concurrent edit until the transaction ends (SQLite serialises writes anyway). */
  const lock = (db: Db, trx: Kysely<ResourceTables>, id: string) => {
    const query = rowsOf(trx).where('_id', '=', id);
    const row = (db.engine === 'postgres' ? query.forUpdate() : query).executeTakeFirst();
    return row as Promise<unknown> as Promise<(Row & Columns) | undefined>;
  };
  /** A write whose unique key another record holds (two racing included) is the definition's 409. */
  const unique = async <T>(written: () => FormFields, write: () => Promise<T>): Promise<T> => {
    try {
      return await write();
    } catch (error) {
      if (resource.unique && isUniqueViolation(error)) {
        throw new HttpError(409, resource.unique.taken(written() as unknown as Row));
      }
      throw error;
    }
  };

  /**
   * An edit: `changes` works out the new columns from the locked current row; with a history, the row
   * it replaces is kept as a version in the same transaction (and so are its files).
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
    let written: FormFields = {};
    const row = await unique(
      () => written,
      () =>
        uploads.commit(db, newFile ? [newFile] : [], async (trx) => {
          const rows = anyTable(trx);
          const current = await lock(db, rows, id);
          if (!current) throw notFound(messages.notFound);
          const currentFile = file ? (current[file.column] as string | null) : null;
          const changes: FormFields = { ...changesFrom(current), updatedAt: timestamp() };
          written = { ...current, ...changes };
          if (resource.history) {
            const replacedRow = { resource: resource.history, recordId: id, row: current, savedAt: current.updatedAt };
            await keepVersion(trx, { ...replacedRow, files: filesOf(current) }, by);
          } else if (file && changes[file.column] !== undefined && changes[file.column] !== currentFile) {
            replaced = currentFile;
          }
          await rows
            .updateTable(table)
            .set(changes as Columns)
            .where('_id', '=', id)
            .execute();
          await bumpChangeCounter(trx, listName);
          return written as Row;
        }),
    );
    await uploads.remove([replaced]);
    return row;
  };

  const findBy = (db: Db, column: keyof Row & string, value: string | number): Promise<Row | undefined> => {
    const query = rowsOf(anyTable(db.kysely)).where(column as string, '=', value);
    return query.executeTakeFirst() as Promise<unknown> as Promise<Row | undefined>;
  };

  return {
    /** The change counter of the public list (db/changes.ts). */
    listName,

    /**
     * In the list's order (newest or oldest first, or its own); the id (which starts with the creation
     * second) breaks ties. With `where`, only the records whose column holds that value.
     */
    list(db: Db, where?: { column: keyof Row & string; value: string | number }): Promise<Row[]> {
      const { column, direction } = orderOf(resource);
      let query = rowsOf(anyTable(db.kysely));
      if (where) query = query.where(where.column as string, '=', where.value);
      return query.orderBy(column, direction).orderBy('_id', direction).execute() as Promise<unknown[]> as Promise<
        Row[]
      >;
    },

    find: (db: Db, id: string) => findBy(db, '_id', id),

    /** The first record whose column holds this value. */
    findBy,

    /** Stores the record and moves its file (if any) into place, both or neither. */
    async add(db: Db, uploads: UploadStorage, input: FormFields, received?: ReceivedFile): Promise<Row> {
      const now = new Date();
      const row = {
        _id: newId(now),
        ...(only ? { [only.column]: only.value } : {}),
        ...emptyOptionals,
        ...inputOf(defined(input), 'add'),
        ...fileColumns(received),
        [addedAt]: timestamp(now),
        updatedAt: timestamp(now),
      };
      await unique(
        () => row,
        () =>
          uploads.commit(db, received ? [received] : [], async (trx) => {
            await anyTable(trx).insertInto(table).values(row).execute();
            await bumpChangeCounter(trx, listName);
          }),
      );
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
      // Checked first: a field refused is answered whether or not the record is there.
      const columns = inputOf(defined(input), 'edit');
      return edit(db, uploads, id, newFile, by, (current) => {
        const currentFile = file ? (current[file.column] as string | null) : null;
        if (file && typeof sent === 'string') {
          const name = uploadNameFromUrl(sent);
          if (!name || name !== currentFile) throw badRequest(file.foreign);
        }
        return {
          ...(resource.leftOutOnEdit === 'empty' ? emptyOptionals : {}),
          ...columns,
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
        inputOf(
          Object.fromEntries(columns.filter((column) => column in kept).map((column) => [column, kept[column]])),
          'restore',
        ),
      );
    },

    /**
     * Moves the record, its file and what `shows` puts with it to the trash (trash/store.ts), in one
     * transaction: the trash entry's id; undefined for an unknown id.
     */
    async remove(db: Db, id: string, by: Deleter): Promise<string | undefined> {
      return db.kysely.transaction().execute(async (trx) => {
        const row = await lock(db, anyTable(trx), id);
        if (!row) return undefined;
        await anyTable(trx).deleteFrom(table).where('_id', '=', id).execute();
        await bumpChangeCounter(trx, listName);
        // After the delete: what no record shows any more goes with it.
        const withIt = (await resource.shows?.trashedWith(trx, row)) ?? { rows: [], files: [] };
        return putInTrash(trx, by, {
          kind: resource.activity.kind,
          title: String(row[resource.activity.nameColumn] ?? ''),
          records: 1,
          rows: [{ table, row: { ...row } }, ...withIt.rows],
          files: [...(file ? [row[file.column] as string | null] : []), ...withIt.files],
          lists: [listName],
          permission: resource.permission === 'finance' ? 'finance' : 'content',
        });
      });
    },
  };
}

/** The fields that were sent: one left out keeps its stored value (or its default on add). */
function defined(input: FormFields): FormFields {
  return Object.fromEntries(Object.entries(input).filter(([, value]) => value !== undefined));
}
