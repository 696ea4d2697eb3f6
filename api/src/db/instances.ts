import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import type { Db } from './database';

// Several server instances may share one PostgreSQL database (issue 13); SQLite is one instance's.

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
    .insertInto('chore_runs')
    .values({ name: chore, ran_at: ranAt })
    .onConflict((oc) =>
      oc.column('name').doUpdateSet({ ran_at: ranAt }).where('chore_runs.ran_at', '<=', lastRunBefore),
    )
    .returning('name')
    .executeTakeFirst();
  return !!claimed;
}

/**
 * SQLite's database and uploads belong to one server process: a second server on the same DATA_DIR
 * is refused at start with a message (deploy and admin commands do not take this lock). The lock
 * is a file naming the holder's process; one left by a process that died (kill -9) is taken over.
 */
export function holdDataDirLock(dataDir: string): () => void {
  const file = path.join(dataDir, 'server.lock');
  fs.mkdirSync(dataDir, { recursive: true });
  for (;;) {
    try {
      fs.writeFileSync(file, String(process.pid), { flag: 'wx' });
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const holder = Number(fs.readFileSync(file, 'utf8'));
      if (Number.isInteger(holder) && holder > 0 && holder !== process.pid && isAlive(holder)) {
        throw new Error(
          `Another server (process ${holder}) is already running on ${dataDir}. SQLite serves one instance; ` +
            'stop it, use another DATA_DIR, or use PostgreSQL (DATABASE_URL) to run several.',
          { cause: error },
        );
      }
      fs.rmSync(file, { force: true });
    }
  }
  return () => {
    try {
      if (fs.readFileSync(file, 'utf8') === String(process.pid)) fs.rmSync(file, { force: true });
    } catch {
      // Already gone.
    }
  };
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists, owned by someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
