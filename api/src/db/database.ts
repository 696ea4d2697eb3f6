import fs from 'node:fs';
import path from 'node:path';
import { Kysely, Migrator, PostgresDialect, SqliteDialect, sql } from 'kysely';
import { Pool } from 'pg';
import type { AppConfig } from '../config';
import { DbCasePlugin } from './case';
import { ChangeFeed } from './changes';
import { migrationProvider } from './migrations/index';
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
  close(): Promise<void>;
}

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
    });
    const kysely = new Kysely<Database>({
      dialect: withWriteScopes(new PostgresDialect({ pool })),
      plugins: [new DbCasePlugin()],
    });
    const changes = new ChangeFeed(config.databaseUrl, schema);
    return {
      kysely,
      engine: 'postgres',
      schema,
      changes,
      close: async () => {
        await changes.close();
        await kysely.destroy();
      },
    };
  }

  fs.mkdirSync(config.dataDir, { recursive: true });
  const { database, driver } = openSqliteFile(path.join(config.dataDir, 'app.db'));
  const kysely = new Kysely<Database>({
    dialect: withWriteScopes(new SqliteDialect({ database })),
    plugins: [new DbCasePlugin()],
  });
  return { kysely, engine: 'sqlite', driver, close: () => kysely.destroy() };
}

// Kysely's migrator looks for its tables by introspecting every schema of the database, and that query
// fails if any schema is dropped while it runs. Migrations hold this advisory lock shared; dropping a
// schema takes it alone (dropSchema), so neither meets the other half done.
const SCHEMA_DROP_LOCK = 0x5c4e3a;

export async function migrateToLatest(db: Db): Promise<void> {
  if (db.engine !== 'postgres') return migrate(db);
  await db.kysely.connection().execute(async (connection) => {
    await sql`select pg_advisory_lock_shared(${SCHEMA_DROP_LOCK})`.execute(connection);
    try {
      await migrate(db);
    } finally {
      await sql`select pg_advisory_unlock_shared(${SCHEMA_DROP_LOCK})`.execute(connection);
    }
  });
}

/** PostgreSQL: drops the database's schema and all it holds, never in the middle of a migration. */
export async function dropSchema(db: Db): Promise<void> {
  await db.kysely.transaction().execute(async (trx) => {
    await sql`select pg_advisory_xact_lock(${SCHEMA_DROP_LOCK})`.execute(trx);
    await sql`drop schema if exists ${sql.id(db.schema!)} cascade`.execute(trx);
  });
}

async function migrate(db: Db): Promise<void> {
  const migrator = new Migrator({
    // The migrations are frozen: they name the tables as stored, and read raw rows by those names.
    db: db.kysely.withoutPlugins(),
    provider: migrationProvider(db.engine),
    // Kysely looks for its bookkeeping tables in every schema unless told which one is ours.
    migrationTableSchema: db.schema,
  });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    throw new Error(`Database migration ${failed?.migrationName ?? ''} failed: ${String(error)}`);
  }
}
