/**
 * True when a write failed on a UNIQUE constraint (SQLite `SQLITE_CONSTRAINT_UNIQUE`, PostgreSQL
 * 23505), so that a route can answer 409 instead of 500 when two writes race past its own check.
 * (No instanceof: better-sqlite3's errors may come from another realm, as under jest.)
 */
export function isUniqueViolation(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY' || code === '23505';
}
