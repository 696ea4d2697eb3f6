import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import ts from 'typescript';
import { sql } from 'kysely';
import { closeTestDatabase, databaseFor, engines, openTestDatabase } from '../testing/harness';
import { storedName } from './case';
import type { Db } from './database';

// The query layer's tables are declared in TypeScript (db/schema.ts, and each resource's own by module
// augmentation); the database has what the migrations made. A column declared without its migration
// typechecks, so this compares the two: every declared table and column must exist once migrated.

/** Declared in db/schema.ts but made by PostgreSQL's migrations only (files and releases kept in the database). */
const POSTGRES_ONLY = ['storedFiles', 'storedFileChunks', 'releaseFiles', 'remotesMap', 'choreRuns'];

/** The files that add a table to `Database` (a resource declares its own beside its row). */
function augmentingFiles(folder: string): string[] {
  return fs.readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(folder, entry.name);
    if (entry.isDirectory()) return augmentingFiles(file);
    return /\.ts$/.test(entry.name) && /declare module '[./]+\/db\/schema'/.test(fs.readFileSync(file, 'utf8'))
      ? [file]
      : [];
  });
}

/** Every table of the `Database` interface with its columns, as the type checker sees it (augmentations included). */
function declaredTables(): Map<string, string[]> {
  const configFile = path.join(__dirname, '..', '..', 'tsconfig.json');
  const { config } = ts.readConfigFile(configFile, (file) => ts.sys.readFile(file));
  const { options } = ts.parseJsonConfigFileContent(config, ts.sys, path.dirname(configFile));
  const rootNames = [path.join(__dirname, 'schema.ts'), ...augmentingFiles(path.join(__dirname, '..'))];
  const program = ts.createProgram({ rootNames, options: { ...options, noEmit: true } });
  const checker = program.getTypeChecker();
  const source = program.getSourceFile(path.join(__dirname, 'schema.ts'))!;
  const database = checker.getExportsOfModule(checker.getSymbolAtLocation(source)!).find((s) => s.name === 'Database')!;
  const tables = new Map<string, string[]>();
  for (const table of checker.getDeclaredTypeOfSymbol(database).getProperties()) {
    const columns = checker.getTypeOfSymbolAtLocation(table, source).getProperties();
    tables.set(
      table.name,
      columns.map((column) => column.name),
    );
  }
  return tables;
}

/** The tables and columns of the migrated database, by their stored names. */
async function storedTables(db: Db): Promise<Map<string, Set<string>>> {
  if (db.engine === 'postgres') {
    // This suite's schema alone: Kysely's introspection reads every schema of the database by name, and
    // fails when another suite drops its own meanwhile.
    const { rows } = await sql<{ table: string; column: string }>`
      select table_name as "table", column_name as "column" from information_schema.columns
      where table_schema = ${db.schema!}`.execute(db.kysely.withoutPlugins());
    const tables = new Map<string, Set<string>>();
    for (const { table, column } of rows) tables.set(table, (tables.get(table) ?? new Set()).add(column));
    return tables;
  }
  const tables = await db.kysely.introspection.getTables();
  return new Map(tables.map((table) => [table.name, new Set(table.columns.map((column) => column.name))]));
}

/** 'table.column' for each declared one the database lacks (`table` alone when the whole table is missing). */
function missingFrom(declared: Map<string, string[]>, stored: Map<string, Set<string>>): string[] {
  return [...declared].flatMap(([table, columns]) => {
    const columnsStored = stored.get(storedName(table));
    if (!columnsStored) return [table];
    return columns.filter((column) => !columnsStored.has(storedName(column))).map((column) => `${table}.${column}`);
  });
}

const declared = declaredTables();

describe('the declared tables', () => {
  it('are read from the Database interface, the resources’ own with them', () => {
    expect(declared.get('books')).toEqual(expect.arrayContaining(['_id', 'bookName', 'bookImage', 'updatedAt']));
    expect(declared.get('massIntentions')).toEqual(expect.arrayContaining(['massId', 'stateChangedAt']));
    expect(declared.size).toBeGreaterThan(30);
  });

  it('name a column the database lacks by table and column', () => {
    const stored = new Map([['books', new Set(['_id', 'book_name'])]]);
    const scratch = new Map([
      ['books', ['_id', 'bookName', 'subtitle']],
      ['bookSeries', ['_id']],
    ]);
    expect(missingFrom(scratch, stored)).toEqual(['books.subtitle', 'bookSeries']);
  });
});

describe.each(engines())('the migrated database on %s', (_name, engine) => {
  let dir: string;
  let db: Db;
  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'schema-'));
    db = await openTestDatabase({ dataDir: dir, ...databaseFor(engine) });
  });
  afterAll(async () => {
    await closeTestDatabase(db);
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('has every table and column the query layer declares (a column declared without its migration fails here)', async () => {
    const stored = await storedTables(db);
    const expected = new Map(
      [...declared].filter(([table]) => db.engine === 'postgres' || !POSTGRES_ONLY.includes(table)),
    );
    expect(missingFrom(expected, stored)).toEqual([]);
    // The PostgreSQL-only tables are so: SQLite keeps those files on disk.
    const onSqlite = POSTGRES_ONLY.filter((table) => stored.has(storedName(table)));
    expect(onSqlite).toEqual(db.engine === 'postgres' ? POSTGRES_ONLY : []);
  });
});
