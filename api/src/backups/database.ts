import fs from 'node:fs';
import path from 'node:path';
import { once } from 'node:events';
import { randomBytes } from 'node:crypto';
import { sql, type Kysely, type QueryExecutorProvider } from 'kysely';
import { lockSchemasAlone, migrateTo, openDatabase, type Db } from '../db/database';
import { backupSqliteFile, openSqliteConnection } from '../db/sqlite';
import { insertStoredFile } from '../uploads/database-store';
import type { BackupConfig, OnProgress } from './archive';

/**
 * The database's part of a backup, and of a restore.
 *
 * SQLite: SQLite's online backup of app.db (db/sqlite.ts backupSqliteFile), the file restored as it is.
 * PostgreSQL: one REPEATABLE READ, READ ONLY transaction reads every table, so the rows are the
 * database at one moment while the server goes on writing; each table is written as JSON lines, the
 * uploaded files as files. A restore builds the tables with our own migrations up to the backup's
 * schema, loads the rows, then puts the schema in place in one transaction. Why not pg_dump:
 * docs/backups.md.
 */

/** Kysely's own bookkeeping: rebuilt by the migrations, never copied. */
const MIGRATION_TABLES = ['kysely_migration', 'kysely_migration_lock'];
/** PostgreSQL keeps the uploads in these (migration 0009): they travel as files (uploads/…). */
const FILE_TABLES = ['stored_files', 'stored_file_chunks'];

export interface DatabaseSnapshot {
  schemaVersion: string;
  tables: Record<string, number>;
}

export async function snapshotDatabase(db: Db, config: BackupConfig, staging: string): Promise<DatabaseSnapshot> {
  fs.mkdirSync(path.join(staging, 'database'), { recursive: true });
  if (db.engine === 'postgres') return snapshotPostgres(db, staging);
  const file = path.join(staging, 'database', 'app.db');
  await backupSqliteFile(path.join(config.dataDir, 'app.db'), file, db.driver);
  return describeSqliteFile(file);
}

/** The schema version and row counts an SQLite file holds (the backup's copy, or a restore's). */
export function describeSqliteFile(file: string): DatabaseSnapshot & { integrity: string } {
  const database = openSqliteConnection(file);
  try {
    const rows = <T>(query: string) => database.prepare(query).all([]) as T[];
    const integrity = rows<{ integrity_check: string }>('PRAGMA integrity_check')
      .map((row) => row.integrity_check)
      .join('; ');
    const names = rows<{ name: string }>(
      "select name from sqlite_master where type = 'table' and name not like 'sqlite_%' order by name",
    )
      .map((row) => row.name)
      .filter((name) => !MIGRATION_TABLES.includes(name));
    const tables = Object.fromEntries(
      names.map((name) => [name, Number(rows<{ n: number }>(`select count(*) as n from "${name}"`)[0]!.n)]),
    );
    const migrated = rows("select name from sqlite_master where type = 'table' and name = 'kysely_migration'").length;
    const version = migrated
      ? rows<{ name: string }>('select name from kysely_migration order by name desc limit 1')[0]?.name
      : undefined;
    return { schemaVersion: version ?? '', tables, integrity };
  } finally {
    database.close();
  }
}

/** A Buffer survives JSON as {"$base64": "…"}: no column of ours holds an object otherwise. */
const toJson = (_key: string, value: unknown) =>
  value && typeof value === 'object' && (value as { type?: string }).type === 'Buffer' && 'data' in value
    ? { $base64: Buffer.from((value as { data: number[] }).data).toString('base64') }
    : value;
const fromJson = (_key: string, value: unknown) =>
  value && typeof value === 'object' && typeof (value as { $base64?: unknown }).$base64 === 'string'
    ? Buffer.from((value as { $base64: string }).$base64, 'base64')
    : value;

async function tablesOf(executor: QueryExecutorProvider, schema: string): Promise<string[]> {
  const { rows } = await sql<{ name: string }>`
    select table_name as name from information_schema.tables
    where table_schema = ${schema} and table_type = 'BASE TABLE' order by table_name`.execute(executor);
  return rows.map((row) => row.name);
}

async function write(out: fs.WriteStream, text: string | Buffer): Promise<void> {
  if (!out.write(text)) await once(out, 'drain');
}

async function closed(out: fs.WriteStream): Promise<void> {
  out.end();
  await once(out, 'close');
}

async function snapshotPostgres(db: Db, staging: string): Promise<DatabaseSnapshot> {
  const raw = db.kysely.withoutPlugins() as Kysely<unknown>;
  return raw
    .transaction()
    .setIsolationLevel('repeatable read')
    .setAccessMode('read only')
    .execute(async (trx) => {
      const all = await tablesOf(trx, db.schema!);
      const ran = all.includes('kysely_migration')
        ? (await sql<{ name: string }>`select name from kysely_migration order by name desc limit 1`.execute(trx)).rows
        : [];
      // Never migrated: no table to read (the caller says there is nothing to back up).
      if (!ran.length) return { schemaVersion: '', tables: {} };
      const tables: Record<string, number> = {};
      for (const table of all.filter((name) => !MIGRATION_TABLES.includes(name) && !FILE_TABLES.includes(name))) {
        const out = fs.createWriteStream(path.join(staging, 'database', `${table}.ndjson`));
        let count = 0;
        await sql`declare backup_rows no scroll cursor for select * from ${sql.id(table)}`.execute(trx);
        for (;;) {
          const { rows } = await sql<Record<string, unknown>>`fetch 500 from backup_rows`.execute(trx);
          if (rows.length === 0) break;
          count += rows.length;
          await write(out, rows.map((row) => JSON.stringify(row, toJson)).join('\n') + '\n');
        }
        await sql`close backup_rows`.execute(trx);
        await closed(out);
        tables[table] = count;
      }
      await snapshotStoredFiles(trx, path.join(staging, 'uploads'));
      return { schemaVersion: ran[0]?.name ?? '', tables };
    });
}

/** Every stored file's content, chunk by chunk in order, as a file of its name. */
async function snapshotStoredFiles(trx: QueryExecutorProvider, dir: string): Promise<void> {
  fs.mkdirSync(dir, { recursive: true });
  await sql`declare backup_chunks no scroll cursor for
    select name, data from stored_file_chunks order by name, seq`.execute(trx);
  let current: { name: string; out: fs.WriteStream } | undefined;
  for (;;) {
    // At most 16 chunks of 256 KB in memory at once.
    const { rows } = await sql<{ name: string; data: Buffer }>`fetch 16 from backup_chunks`.execute(trx);
    if (rows.length === 0) break;
    for (const { name, data } of rows) {
      if (current?.name !== name) {
        if (current) await closed(current.out);
        current = { name, out: fs.createWriteStream(path.join(dir, name), { flags: 'wx' }) };
      }
      await write(current.out, data);
    }
  }
  if (current) await closed(current.out);
  await sql`close backup_chunks`.execute(trx);
  // An empty file has no chunk.
  const { rows } = await sql<{ name: string }>`select name from stored_files where size = 0`.execute(trx);
  for (const { name } of rows) fs.writeFileSync(path.join(dir, name), '');
}

/** Row counts in the NDJSON files of a PostgreSQL backup. */
export function describeNdjson(dir: string): Record<string, number> {
  const tables: Record<string, number> = {};
  for (const name of fs.readdirSync(dir).filter((file) => file.endsWith('.ndjson'))) {
    const text = fs.readFileSync(path.join(dir, name), 'utf8');
    tables[name.slice(0, -'.ndjson'.length)] = text ? text.split('\n').length - 1 : 0;
  }
  return tables;
}

/** PostgreSQL: the parish's rows in `schema`; 0 for an empty database (no table, or only empty ones). */
export async function rowsInSchema(executor: QueryExecutorProvider, schema: string): Promise<number> {
  let total = 0;
  for (const table of (await tablesOf(executor, schema)).filter((name) => !MIGRATION_TABLES.includes(name))) {
    const { rows } = await sql<{ n: string }>`select count(*) as n from ${sql.id(schema, table)}`.execute(executor);
    total += Number(rows[0]!.n);
  }
  return total;
}

/** The schema a PostgreSQL restore builds its tables in before it takes `target`'s place. */
const buildingPrefix = (target: string) => `${target.slice(0, 40)}_restore_`;

/** Two-key advisory locks are a space apart from the one-key ones of db/instances.ts LOCKS. */
const RESTORE_LOCK = 4_201_004;

/**
 * PostgreSQL: runs `job` holding the lock of a restore into `schema` (every restore holds it, from the
 * command line or from Settings, on any machine): one restore of a schema at a time, and what a killed
 * one left is safe to drop by whoever holds it. `wait` false: undefined when another holds it. On
 * SQLite the job runs.
 */
export async function withRestoreLock<T>(db: Db, wait: boolean, job: () => Promise<T>): Promise<T | undefined> {
  if (db.engine !== 'postgres') return job();
  const schema = db.schema!;
  // Session-level: taken, held and released on one connection.
  return db.kysely.connection().execute(async (connection) => {
    if (wait) await sql`select pg_advisory_lock(${RESTORE_LOCK}, hashtext(${schema}))`.execute(connection);
    else {
      const { rows } = await sql<{ locked: boolean }>`
        select pg_try_advisory_lock(${RESTORE_LOCK}, hashtext(${schema})) as locked`.execute(connection);
      if (!rows[0]?.locked) return undefined;
    }
    try {
      return await job();
    } finally {
      await sql`select pg_advisory_unlock(${RESTORE_LOCK}, hashtext(${schema}))`.execute(connection);
    }
  });
}

/** Whether a restore into the database's schema runs now, here or on another machine. */
export async function restoreRunning(db: Db): Promise<boolean> {
  return (await withRestoreLock(db, false, async () => false)) ?? true;
}

/**
 * PostgreSQL: drops the schemas a restore into `db`'s schema killed half-way left (a copy of a parish's
 * data nobody would otherwise remove), unless a restore runs now. Answers the schemas dropped.
 */
export async function dropRestoreLeftovers(db: Db): Promise<string[]> {
  if (db.engine !== 'postgres') return [];
  return (await withRestoreLock(db, false, () => dropLeftoversHeld(db))) ?? [];
}

/** dropRestoreLeftovers, its caller holding the restore's lock. */
async function dropLeftoversHeld(db: Db): Promise<string[]> {
  const prefix = buildingPrefix(db.schema!);
  const { rows } = await sql<{ name: string }>`
    select schema_name as name from information_schema.schemata`.execute(db.kysely);
  const left = rows
    .map((row) => row.name)
    .filter((name) => /^[0-9a-f]{8}$/.test(name.slice(prefix.length)) && name.startsWith(prefix));
  for (const name of left) await dropSchemaNamed(db, name);
  return left;
}

async function dropSchemaNamed(db: Db, name: string): Promise<void> {
  await (db.kysely.withoutPlugins() as Kysely<unknown>).transaction().execute(async (trx) => {
    await lockSchemasAlone(trx);
    await sql`drop schema if exists ${sql.id(name)} cascade`.execute(trx);
  });
}

/**
 * PostgreSQL: builds the backup's tables in a new schema of the database, loads its rows and its files,
 * then puts that schema in the place of `config.databaseSchema` in one transaction: a restore that
 * stops half-way leaves the database as it was, and a schema the next restore (or start) drops. Holds
 * the restore's lock throughout, taken on `target`, an open database of that schema: refused in words
 * (RestoreBusy) while another restore of it runs, unless `lockHeld`. `allowData`: the schema may hold data (`--replace`).
 */
export async function restorePostgres(
  config: BackupConfig,
  target: Db,
  extracted: string,
  schemaVersion: string,
  allowData: boolean,
  progress?: OnProgress,
  /** The caller holds the restore's lock already (withRestoreLock). */
  lockHeld = false,
): Promise<void> {
  const restore = async () => {
    await dropLeftoversHeld(target);
    await buildAndSwap(config, target.schema!, extracted, schemaVersion, allowData, progress);
    return true;
  };
  if (lockHeld) await restore();
  else if (!(await withRestoreLock(target, false, restore))) throw new RestoreBusy();
}

/** Another restore of the same schema runs now (its lock is held). */
export class RestoreBusy extends Error {
  override name = 'RestoreBusy';
  constructor() {
    super('Another restore into this database runs now: wait for it to finish. Nothing was changed.');
  }
}

async function buildAndSwap(
  config: BackupConfig,
  target: string,
  extracted: string,
  schemaVersion: string,
  allowData: boolean,
  progress?: OnProgress,
): Promise<void> {
  const building = `${buildingPrefix(target)}${randomBytes(4).toString('hex')}`;
  const db = openDatabase({ ...config, databaseSchema: building });
  try {
    try {
      await migrateTo(db, schemaVersion);
      const raw = db.kysely.withoutPlugins() as Kysely<unknown>;
      const order = await loadingOrder(raw, building);
      const dir = path.join(extracted, 'database');
      const total = Object.values(describeNdjson(dir)).reduce((sum, count) => sum + count, 0);
      let done = 0;
      await raw.transaction().execute(async (trx) => {
        // What the migrations wrote (a first row of settings) gives way to the backup's rows.
        for (const table of [...order].reverse()) await sql`delete from ${sql.id(table)}`.execute(trx);
        for (const table of order) {
          const file = path.join(dir, `${table}.ndjson`);
          if (!fs.existsSync(file)) continue;
          const rows = fs
            .readFileSync(file, 'utf8')
            .split('\n')
            .filter(Boolean)
            .map((line) => JSON.parse(line, fromJson) as Record<string, unknown>);
          if (!rows.length) continue;
          const columns = Object.keys(rows[0]!);
          // PostgreSQL takes at most 65,535 parameters a statement.
          const batch = Math.max(1, Math.floor(30_000 / columns.length));
          for (let at = 0; at < rows.length; at += batch) {
            const values = rows
              .slice(at, at + batch)
              .map((row) => sql`(${sql.join(columns.map((column) => row[column]))})`);
            await sql`insert into ${sql.id(table)} (${sql.join(columns.map((column) => sql.id(column)))})
              values ${sql.join(values)}`.execute(trx);
            done += Math.min(batch, rows.length - at);
            progress?.({ step: 'restoring', done, total });
          }
        }
      });
      const uploads = path.join(extracted, 'uploads');
      await db.kysely.transaction().execute(async (trx) => {
        for (const name of fs.existsSync(uploads) ? fs.readdirSync(uploads) : [])
          await insertStoredFile(trx, name, path.join(uploads, name));
      });
      await raw.transaction().execute(async (trx) => {
        await lockSchemasAlone(trx);
        const { rows } = await sql<{ n: string }>`
          select count(*) as n from information_schema.schemata where schema_name = ${target}`.execute(trx);
        if (Number(rows[0]!.n) > 0) {
          const displaced = `${target.slice(0, 40)}_replaced_${randomBytes(4).toString('hex')}`;
          // Checked again here: data may have arrived since the first look.
          if (!allowData && (await rowsInSchema(trx, target)) > 0) {
            throw new Error(`The schema ${target} holds data now: nothing was changed`);
          }
          await sql`alter schema ${sql.id(target)} rename to ${sql.id(displaced)}`.execute(trx);
          await sql`alter schema ${sql.id(building)} rename to ${sql.id(target)}`.execute(trx);
          await sql`drop schema ${sql.id(displaced)} cascade`.execute(trx);
        } else {
          await sql`alter schema ${sql.id(building)} rename to ${sql.id(target)}`.execute(trx);
        }
      });
    } catch (error) {
      await dropSchemaNamed(db, building);
      throw error;
    }
  } finally {
    await db.close();
  }
}

/** The tables, each after the tables its foreign keys name. */
async function loadingOrder(raw: Kysely<unknown>, schema: string): Promise<string[]> {
  const tables = (await tablesOf(raw, schema)).filter(
    (name) => !MIGRATION_TABLES.includes(name) && !FILE_TABLES.includes(name),
  );
  const { rows } = await sql<{ child: string; parent: string }>`
    select child.relname as child, parent.relname as parent
    from pg_constraint c
    join pg_class child on child.oid = c.conrelid
    join pg_class parent on parent.oid = c.confrelid
    join pg_namespace n on n.oid = child.relnamespace
    where c.contype = 'f' and n.nspname = ${schema}`.execute(raw);
  const order: string[] = [];
  const placed = new Set<string>();
  while (order.length < tables.length) {
    const next = tables.filter(
      (table) =>
        !placed.has(table) &&
        rows.every((row) => row.child !== table || row.parent === table || placed.has(row.parent)),
    );
    if (!next.length) throw new Error('The tables refer to each other in a circle: no order to load them in');
    for (const table of next) {
      placed.add(table);
      order.push(table);
    }
  }
  return order;
}
