import fs from 'node:fs';
import path from 'node:path';
import {
  Kysely,
  Migrator,
  PostgresDialect,
  SqliteDialect,
  sql,
  type LogEvent,
  type QueryExecutorProvider,
} from 'kysely';
import { Pool } from 'pg';
import type { AppConfig } from '../config';
import { DbCasePlugin } from './case';
import { ChangeFeed } from './changes';
import { migrationProvider, migrations } from './migrations/index';
import { openSqliteFile, type SqliteDriver } from './sqlite';
import { withWriteScopes } from './write-scope';
import type { Database } from './schema';

export type Engine = 'sqlite' | 'postgres';

export interface Db {
  kysely: Kysely<Database>;
  engine: Engine;
  /** PostgreSQL schema holding the tables (undefined on SQLite). */
  schema?: string;
  /** On SQLite, the driver in use (db/sqlite.ts). */
  driver?: SqliteDriver;
  /** On PostgreSQL, the lists changed by any server sharing the database, told at once (db/changes.ts). */
  changes?: ChangeFeed;
  /** On PostgreSQL, the connection pool (its counts are the metrics' pool figures). */
  pool?: Pool;
  /** Calls `observer` after every query, done or failed (the metrics' durations); returns the stop. */
  observeQueries(observer: (event: LogEvent) => void): () => void;
  close(): Promise<void>;
}

/** The query observers of one database, called from Kysely's log hook. */
function queryObservers() {
  const observers = new Set<(event: LogEvent) => void>();
  return {
    log: (event: LogEvent) => {
      for (const observer of observers) observer(event);
    },
    observeQueries: (observer: (event: LogEvent) => void) => {
      observers.add(observer);
      return () => void observers.delete(observer);
    },
  };
}

/** A connection that cannot be made within this time is a database away: the call answers 503, never hangs. */
const CONNECT_TIMEOUT_MS = 5000;

type DbConfig = Pick<AppConfig, 'dataDir' | 'databaseUrl' | 'databaseSchema'>;

/** One Kysely query layer over SQLite (default, file DATA_DIR/app.db) or PostgreSQL (DATABASE_URL). */
export function openDatabase(config: DbConfig): Db {
  if (config.databaseUrl) {
    const schema = config.databaseSchema ?? 'public';
    if (!/^[a-z_][a-z0-9_]*$/.test(schema)) throw new Error(`Invalid PostgreSQL schema name "${schema}"`);
    const pool = new Pool({
      connectionString: config.databaseUrl,
      // Unqualified table names resolve in this schema, so the same queries serve any schema.
      options: `-c search_path=${schema}`,
      max: 10,
      connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    });
    // An idle client whose server went away (PostgreSQL restarted or stopped) emits an error: without a
    // listener it would end the process. The pool has already dropped that client; the next call opens
    // a new connection, or answers 503 while the database is away (isDatabaseUnavailable).
    pool.on('error', () => undefined);
    const observers = queryObservers();
    const kysely = new Kysely<Database>({
      dialect: withWriteScopes(new PostgresDialect({ pool })),
      plugins: [new DbCasePlugin()],
      log: observers.log,
    });
    const changes = new ChangeFeed(config.databaseUrl, schema);
    return {
      kysely,
      engine: 'postgres',
      schema,
      changes,
      pool,
      observeQueries: observers.observeQueries,
      close: async () => {
        await changes.close();
        await kysely.destroy();
      },
    };
  }

  fs.mkdirSync(config.dataDir, { recursive: true });
  const { database, driver } = openSqliteFile(path.join(config.dataDir, 'app.db'));
  const observers = queryObservers();
  const kysely = new Kysely<Database>({
    dialect: withWriteScopes(new SqliteDialect({ database })),
    plugins: [new DbCasePlugin()],
    log: observers.log,
  });
  return {
    kysely,
    engine: 'sqlite',
    driver,
    observeQueries: observers.observeQueries,
    close: () => kysely.destroy(),
  };
}

// Kysely's migrator looks for its tables by introspecting every schema of the database, and that query
// fails if any schema is dropped while it runs. Migrations hold this advisory lock shared; dropping a
// schema takes it alone (dropSchema), so neither meets the other half done.
const SCHEMA_DROP_LOCK = 0x5c4e3a;

export async function migrateToLatest(db: Db): Promise<void> {
  await underSchemaLock(db, () => migrate(db));
}

/**
 * Migrates to `target` and no further (a restore rebuilds the tables a backup was made with, then loads
 * its rows; the next start migrates them forward). Only up: a database past `target` is refused.
 */
export async function migrateTo(db: Db, target: string): Promise<void> {
  if (!(target in migrations)) throw new Error(`No migration is named ${target}`);
  await underSchemaLock(db, () => migrate(db, target));
}

async function underSchemaLock(db: Db, job: () => Promise<void>): Promise<void> {
  if (db.engine !== 'postgres') return job();
  await db.kysely.connection().execute(async (connection) => {
    await sql`select pg_advisory_lock_shared(${SCHEMA_DROP_LOCK})`.execute(connection);
    try {
      await job();
    } finally {
      await sql`select pg_advisory_unlock_shared(${SCHEMA_DROP_LOCK})`.execute(connection);
    }
  });
}

/** PostgreSQL: takes, until `trx` ends, the lock no migration runs under (a schema is dropped or renamed). */
export async function lockSchemasAlone(trx: QueryExecutorProvider): Promise<void> {
  await sql`select pg_advisory_xact_lock(${SCHEMA_DROP_LOCK})`.execute(trx);
}

/** PostgreSQL: drops the database's schema and all it holds, never in the middle of a migration. */
export async function dropSchema(db: Db): Promise<void> {
  await db.kysely.transaction().execute(async (trx) => {
    await lockSchemasAlone(trx);
    await sql`drop schema if exists ${sql.id(db.schema!)} cascade`.execute(trx);
  });
}

function migratorOf(db: Db): Migrator {
  return new Migrator({
    // The migrations are frozen: they name the tables as stored, and read raw rows by those names.
    db: db.kysely.withoutPlugins(),
    provider: migrationProvider(db.engine),
    // Kysely looks for its bookkeeping tables in every schema unless told which one is ours.
    migrationTableSchema: db.schema,
  });
}

/** The migrations this version knows that the database has not had yet (none once the start migrated). */
export async function pendingMigrations(db: Db): Promise<string[]> {
  const migrations = await migratorOf(db).getMigrations();
  return migrations.filter((migration) => !migration.executedAt).map((migration) => migration.name);
}

async function migrate(db: Db, target?: string): Promise<void> {
  const migrator = migratorOf(db);
  if (target !== undefined) {
    const ran = (await migrator.getMigrations()).filter((migration) => migration.executedAt).at(-1);
    if (ran && ran.name > target) throw new Error(`The database is past ${target} already (at ${ran.name})`);
  }
  const { error, results } = await (target === undefined ? migrator.migrateToLatest() : migrator.migrateTo(target));
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    throw new Error(`Database migration ${failed?.migrationName ?? ''} failed: ${String(error)}`);
  }
}
