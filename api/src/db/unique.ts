// SQLite's extended result codes, as node:sqlite gives them (`errcode`).
const SQLITE_CONSTRAINT_PRIMARYKEY = 1555;
const SQLITE_CONSTRAINT_UNIQUE = 2067;

/**
 * True when a write failed on a UNIQUE constraint (SQLite's CONSTRAINT_UNIQUE or _PRIMARYKEY, by name
 * from better-sqlite3 or by number from node:sqlite; PostgreSQL 23505), so that a route can answer 409
 * instead of 500 when two writes race past its own check.
 * (No instanceof: the drivers' errors may come from another realm, as under jest.)
 */
export function isUniqueViolation(error: unknown): boolean {
  const { code, errcode } = (error ?? {}) as { code?: unknown; errcode?: unknown };
  return (
    code === 'SQLITE_CONSTRAINT_UNIQUE' ||
    code === 'SQLITE_CONSTRAINT_PRIMARYKEY' ||
    code === '23505' ||
    errcode === SQLITE_CONSTRAINT_UNIQUE ||
    errcode === SQLITE_CONSTRAINT_PRIMARYKEY
  );
}
