import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import type { Db } from './database';
import { openSqliteConnection } from './sqlite';

// Several server instances may share one PostgreSQL database; SQLite is one instance's.

/** Advisory-lock keys (PostgreSQL), one per job that must not run twice at once across instances. */
export const LOCKS = { start: 4_201_001, chores: 4_201_002, releases: 4_201_003 } as const;

/**
 * Runs `job` while holding the advisory lock `key` on PostgreSQL: `wait` waits for it (the start's
 * migrations and first administrator), otherwise the job is skipped (undefined) when another
 * instance holds it (the hourly chores: once across instances is enough). On SQLite the job runs.
 */
export async function exclusively<T>(
  db: Db,
  key: number,
  wait: boolean,
  job: () => Promise<T>,
): Promise<T | undefined> {
  if (db.engine !== 'postgres') return job();
  // Session-level locks belong to one connection: take, use and release it on the same one.
  return db.kysely.connection().execute(async (connection) => {
    if (wait) await sql`select pg_advisory_lock(${key})`.execute(connection);
    else {
      const { rows } = await sql<{ locked: boolean }>`select pg_try_advisory_lock(${key}) as locked`.execute(
        connection,
      );
      if (!rows[0]?.locked) return undefined;
    }
    try {
      return await job();
    } finally {
      await sql`select pg_advisory_unlock(${key})`.execute(connection);
    }
  });
}

/**
 * Whether a periodic chore is due: on PostgreSQL, true for the first instance to ask in each interval
 * (each instance's timer fires on its own schedule; the chore should run once an interval, not once an
 * instance). A tenth of the interval is slack, so that a timer firing a little early still runs. On
 * SQLite, always (one instance).
 */
export async function dueOnce(db: Db, chore: string, intervalMs: number, now = new Date()): Promise<boolean> {
  if (db.engine !== 'postgres') return true;
  const ranAt = now.toISOString();
  const lastRunBefore = new Date(now.getTime() - intervalMs * 0.9).toISOString();
  const claimed = await db.kysely
    .insertInto('choreRuns')
    .values({ name: chore, ranAt })
    .onConflict((oc) => oc.column('name').doUpdateSet({ ranAt }).where('choreRuns.ranAt', '<=', lastRunBefore))
    .returning('name')
    .executeTakeFirst();
  return !!claimed;
}

/**
 * SQLite's database and uploads belong to one server process: a second server on the same DATA_DIR
 * is refused at start with a message (deploy and admin commands do not take this lock).
 *
 * The lock is the operating system's: the server opens `DATA_DIR/server-lock.db`, a small SQLite file
 * of its own, and holds an exclusive transaction on it for its whole life. The system releases it when
 * the process ends, however it ends (kill -9, power loss), so no stale lock outlives its server, a
 * reused process id cannot keep one alive, and of two servers starting at once only one gets it (a
 * second asks without waiting and is refused). `server.pid` beside it names the holder, for the message
 * only; `server.lock`, the PID file of earlier versions, means nothing now and is removed.
 *
 * The returned function releases the lock (at close). Nothing else may open the lock file in the
 * server's process (POSIX drops a process's locks on a file when any of its descriptors of it closes),
 * and nothing may delete it.
 */
export function holdDataDirLock(dataDir: string): () => void {
  fs.mkdirSync(dataDir, { recursive: true });
  const pidFile = path.join(dataDir, 'server.pid');
  const release = holdFileLock(path.join(dataDir, 'server-lock.db'));
  if (!release) {
    const holder = readPid(pidFile);
    throw new Error(
      `Another server${holder ? ` (process ${holder})` : ''} is already running on ${dataDir}. SQLite serves one ` +
        'instance; stop it, use another DATA_DIR, or use PostgreSQL (DATABASE_URL) to run several.',
    );
  }
  try {
    fs.writeFileSync(pidFile, String(process.pid));
    fs.rmSync(path.join(dataDir, 'server.lock'), { force: true });
  } catch (error) {
    release();
    throw error;
  }
  return () => {
    // While the lock is still ours: once it is released, the file may be the next server's.
    fs.rmSync(pidFile, { force: true });
    release();
  };
}

/**
 * Takes the operating system's lock on `file` (an exclusive transaction on a small SQLite file of its
 * own) without waiting, for as long as the process lives or until released. Undefined when a live
 * process holds it: a lock outlives no process, however it ended, and no reused process id keeps one.
 */
export function holdFileLock(file: string): (() => void) | undefined {
  const lock = openSqliteConnection(file);
  try {
    // Without waiting: a lock held by a live process is not going to be freed in a moment.
    lock.exec('PRAGMA busy_timeout = 0');
    // No journal file beside it: nothing is ever written, the transaction only holds the lock.
    lock.exec('PRAGMA journal_mode = MEMORY');
    lock.exec('BEGIN EXCLUSIVE');
  } catch (error) {
    lock.close();
    if (isBusy(error)) return undefined;
    throw error;
  }
  // Referenced here until released: a connection left to the garbage collector is closed by it, and
  // the lock would go with it (a caller that drops the returned function must not lose the lock).
  heldLocks.add(lock);
  return () => {
    if (heldLocks.delete(lock)) lock.close();
  };
}

/** True when a live process holds the lock on `file` (holdFileLock); false when none does. */
export function isFileLockHeld(file: string): boolean {
  const release = holdFileLock(file);
  release?.();
  return !release;
}

/** The lock connections this process holds (see holdDataDirLock). */
const heldLocks = new Set<ReturnType<typeof openSqliteConnection>>();

/** SQLITE_BUSY, by name from better-sqlite3 or by (extended) number from node:sqlite. */
function isBusy(error: unknown): boolean {
  const { code, errcode } = (error ?? {}) as { code?: unknown; errcode?: unknown };
  return code === 'SQLITE_BUSY' || (typeof errcode === 'number' && (errcode & 0xff) === 5);
}

function readPid(file: string): number | undefined {
  try {
    const pid = Number(fs.readFileSync(file, 'utf8').trim());
    return Number.isInteger(pid) && pid > 0 ? pid : undefined;
  } catch {
    return undefined;
  }
}
