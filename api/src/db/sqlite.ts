import type { SqliteDatabase, SqliteStatement } from 'kysely';

/**
 * The embedded database, behind Kysely's one SQLite dialect, with the driver that is safe on the
 * running Node:
 *
 * - Node 22.13+ and 24: Node's own `node:sqlite` (no native addon to build). better-sqlite3 12 aborts
 *   on Node 24 (`RemoveEnvironmentCleanupHook` assertion when a statement is collected), and 13 needs
 *   Node 22 and crashes on 20, so no better-sqlite3 serves every Node.
 * - Node 20: better-sqlite3 12, an optional dependency that is never loaded on a Node that has
 *   `node:sqlite`.
 *
 * Both get the same pragmas, migrations and queries; CI runs every test on Node 20 and on Node 24,
 * so each driver runs the whole suite.
 */
export type SqliteDriver = 'node:sqlite' | 'better-sqlite3';

// The part of node:sqlite this file uses (@types/node 20 does not describe it).
interface NodeStatement {
  all(...parameters: unknown[]): unknown[];
  iterate(...parameters: unknown[]): IterableIterator<unknown>;
  run(...parameters: unknown[]): { changes: number | bigint; lastInsertRowid: number | bigint };
  columns?(): unknown[];
}
interface NodeDatabase {
  prepare(sql: string): NodeStatement;
  exec(sql: string): void;
  close(): void;
}
type NodeSqlite = {
  DatabaseSync: new (file: string) => NodeDatabase;
  /** Node 22.16+ and 23.8+: SQLite's online backup API. */
  backup?: (source: NodeDatabase, destination: string, options?: { rate?: number }) => Promise<number>;
};

// Statements that answer rows, for Nodes whose statements cannot say so themselves (22.13–22.15).
const RETURNS_ROWS = /^\s*(select|with|pragma|values|explain)\b|\breturning\b/i;

/** node:sqlite's synchronous database, shaped as Kysely's SqliteDialect expects (better-sqlite3's API). */
class NodeSqliteDatabase implements SqliteDatabase {
  constructor(private readonly database: NodeDatabase) {}

  close(): void {
    this.database.close();
  }

  prepare(sql: string): SqliteStatement {
    const statement = this.database.prepare(sql);
    const reader = statement.columns ? statement.columns().length > 0 : RETURNS_ROWS.test(sql);
    return {
      reader,
      all: (parameters) => statement.all(...(parameters as unknown[])),
      iterate: (parameters) => statement.iterate(...(parameters as unknown[])),
      run: (parameters) => {
        const { changes, lastInsertRowid } = statement.run(...(parameters as unknown[]));
        return { changes, lastInsertRowid };
      },
    };
  }

  exec(sql: string): void {
    this.database.exec(sql);
  }
}

function loadNodeSqlite(): NodeSqlite | undefined {
  try {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    return require('node:sqlite') as NodeSqlite;
  } catch {
    return undefined; // Node 20, or a Node 22 older than 22.13 (behind a flag there).
  }
}

/** The driver this Node uses unless SQLITE_DRIVER says otherwise. */
export function defaultSqliteDriver(): SqliteDriver {
  return loadNodeSqlite() ? 'node:sqlite' : 'better-sqlite3';
}

export interface EmbeddedDatabase {
  database: SqliteDatabase;
  driver: SqliteDriver;
}

/** A connection to `file` with the driver, as it opens: no pragma set (see openSqliteFile). */
export function openSqliteConnection(
  file: string,
  driver: SqliteDriver = defaultSqliteDriver(),
): SqliteDatabase & { exec(sql: string): unknown } {
  if (driver === 'node:sqlite') {
    const nodeSqlite = loadNodeSqlite();
    if (!nodeSqlite) throw new Error(`node:sqlite needs Node 22.13 or later (this is ${process.version})`);
    return new NodeSqliteDatabase(new nodeSqlite.DatabaseSync(file));
  }
  let BetterSqlite: new (file: string) => SqliteDatabase & { exec(sql: string): unknown };
  try {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    BetterSqlite = require('better-sqlite3') as typeof BetterSqlite;
  } catch (error) {
    throw new Error(
      `Node ${process.version} has no node:sqlite and better-sqlite3 is not installed: run npm install, or use Node 22.13+`,
      { cause: error },
    );
  }
  return new BetterSqlite(file);
}

/** Opens `file` with WAL, foreign keys and a busy timeout, whichever the driver. */
export function openSqliteFile(file: string, driver: SqliteDriver = defaultSqliteDriver()): EmbeddedDatabase {
  const database = openSqliteConnection(file, driver);
  // WAL lets readers proceed during a write; foreign keys are off by default in SQLite.
  database.exec('PRAGMA journal_mode = WAL');
  database.exec('PRAGMA foreign_keys = ON');
  database.exec('PRAGMA busy_timeout = 5000');
  return { database, driver };
}

/** Pages copied in one step of an online backup: the whole file, so that writers never restart it. */
const ALL_PAGES = 1 << 30;

/**
 * Copies the database `source` to the new file `destination` with SQLite's online backup API, while
 * other connections keep reading and writing it: the copy is the database as one moment saw it, never
 * a file copied under a writer. One step copies every page under one read transaction (WAL lets
 * writers go on meanwhile); steps of a few pages would start over at each write of another connection.
 * A Node whose node:sqlite has no backup (22.13–22.15) uses VACUUM INTO, as consistent.
 */
export async function backupSqliteFile(
  source: string,
  destination: string,
  driver: SqliteDriver = defaultSqliteDriver(),
): Promise<void> {
  if (driver === 'node:sqlite') {
    const nodeSqlite = loadNodeSqlite()!;
    const database = new nodeSqlite.DatabaseSync(source);
    try {
      database.exec('PRAGMA busy_timeout = 5000');
      if (nodeSqlite.backup) await nodeSqlite.backup(database, destination, { rate: ALL_PAGES });
      else database.prepare('VACUUM INTO ?').run(destination);
    } finally {
      database.close();
    }
    return;
  }
  const database = openSqliteConnection(source, driver) as SqliteDatabase & {
    exec(sql: string): unknown;
    backup(destination: string, options: { progress: () => number }): Promise<unknown>;
  };
  try {
    database.exec('PRAGMA busy_timeout = 5000');
    await database.backup(destination, { progress: () => ALL_PAGES });
  } finally {
    database.close();
  }
}
