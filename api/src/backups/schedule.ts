import type { FastifyInstance } from 'fastify';
import { addActivity, shorten } from '../activity/record';
import type { Db } from '../db/database';
import { timestamp } from '../db/ids';
import { exclusively, LOCKS } from '../db/instances';
import { localNow } from '../http/dates';
import { parishTimeZone } from '../parish/settings';
import { sizeInWords } from '../http/archives';
import type { Backup as BackupEntry } from './schemas';

/** Who the daily backups are made by, in the list and the manifest: only these are pruned. */
export const DAILY_MADE_BY = 'the daily backup';
/** The activity record names the server as who made it (activity/record.ts NOT_A_MEMBER). */
export const SERVER_MEMBER = { adminId: '000000000000000000000000', member: 'The server (daily backup)' };
/** The first of each of this many months (this one and those before) is kept beside the latest. */
const MONTHS_KEPT = 3;

/** How the activity record's line of a failed daily backup begins (the weekly digest looks for it). */
export const DAILY_BACKUP_FAILED = 'The daily backup failed';

export const SCHEDULE_DEFAULTS = { at: '02:30', keep: 7 } as const;

export interface BackupSchedule {
  /** HH:MM in the parish's time zone; null: off. */
  at: string | null;
  keep: number;
  /** The last scheduled backup that failed, until one succeeds. */
  failure: { at: string; message: string } | null;
}

export async function readSchedule(db: Db): Promise<BackupSchedule> {
  const row = await db.kysely.selectFrom('backupSchedule').selectAll().where('slot', '=', 1).executeTakeFirst();
  if (!row) return { ...SCHEDULE_DEFAULTS, failure: null };
  return {
    at: row.at,
    keep: row.keep,
    failure: row.failedAt ? { at: row.failedAt, message: row.failure ?? '' } : null,
  };
}

export async function saveSchedule(db: Db, schedule: { at: string | null; keep: number }): Promise<BackupSchedule> {
  await db.kysely
    .insertInto('backupSchedule')
    .values({ slot: 1, ...schedule, updatedAt: timestamp() })
    .onConflict((oc) => oc.column('slot').doUpdateSet({ ...schedule, updatedAt: timestamp() }))
    .execute();
  return readSchedule(db);
}

/** A backup succeeded: the dashboard's notice of the last failure goes. */
export async function clearFailure(db: Db): Promise<void> {
  await db.kysely.updateTable('backupSchedule').set({ failedAt: null, failure: null }).where('slot', '=', 1).execute();
}

async function recordFailure(db: Db, at: Date, message: string): Promise<void> {
  await db.kysely
    .updateTable('backupSchedule')
    .set({ failedAt: at.toISOString(), failure: shorten(message, 400) })
    .where('slot', '=', 1)
    .execute();
}

/**
 * The daily backups to delete: of those the schedule made, all but the latest `keep` and the first of
 * each of the last three months (this one included) in the parish's time zone. Others (an Admin's, the
 * one before an upgrade, `npm run backup`'s) are never pruned: whoever made them deletes them.
 */
export function toPrune(entries: readonly BackupEntry[], keep: number, timeZone: string, now: Date): BackupEntry[] {
  const daily = entries
    .filter((entry) => entry.madeBy === DAILY_MADE_BY)
    .sort((a, b) => b.createdAt.localeCompare(a.createdAt));
  const kept = new Set(daily.slice(0, keep).map((entry) => entry.name));
  const month = (at: Date) => localNow(at, timeZone).date.slice(0, 7);
  const months = new Set<string>();
  const [year, number] = month(now).split('-').map(Number) as [number, number];
  for (let back = 0; back < MONTHS_KEPT; back++) {
    const date = new Date(Date.UTC(year, number - 1 - back, 1));
    months.add(date.toISOString().slice(0, 7));
  }
  const firsts = new Map<string, BackupEntry>();
  for (const entry of [...daily].reverse()) {
    const of = month(new Date(entry.createdAt));
    if (months.has(of) && !firsts.has(of)) firsts.set(of, entry);
  }
  for (const entry of firsts.values()) kept.add(entry.name);
  return daily.filter((entry) => !kept.has(entry.name));
}

/**
 * Claims today's backup (the parish's day) for this instance: true for the first to ask once its time
 * has come, false for every later ask that day, on this instance or another (one update of one row).
 */
async function claimDay(db: Db, day: string): Promise<boolean> {
  const result = await db.kysely
    .updateTable('backupSchedule')
    .set({ lastDay: day })
    .where('slot', '=', 1)
    .where((eb) => eb.or([eb('lastDay', 'is', null), eb('lastDay', '<', day)]))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/**
 * The daily backup, asked every minute (server.ts, through chores.ts): once the schedule's time of the
 * parish's day has come and no instance made today's, one (under the chores' lock) makes it, then
 * prunes the daily backups it no longer keeps. A failure is kept for the Admins' dashboard until a
 * backup succeeds, and goes in the activity record. Answers what it did, for the log and the tests.
 */
export async function runScheduledBackup(
  app: FastifyInstance,
  now: Date = new Date(),
): Promise<'off' | 'not yet' | 'made' | 'failed' | 'elsewhere'> {
  const { db } = app;
  const schedule = await readSchedule(db);
  if (!schedule.at) return 'off';
  const timeZone = await parishTimeZone(db);
  const local = localNow(now, timeZone);
  if (local.time < schedule.at) return 'not yet';
  // One being made or restored now: asked again in a minute.
  if (app.backups.isRestoring || app.backups.now) return 'not yet';
  const outcome = await exclusively(db, LOCKS.chores, false, async () => {
    if (!(await claimDay(db, local.date))) return 'elsewhere' as const;
    try {
      const { bytes } = await app.backups.start(DAILY_MADE_BY, now).done;
      await addActivity(db, {
        ...SERVER_MEMBER,
        kind: 'backup',
        summary: `Made the daily backup (${sizeInWords(bytes)})`,
      });
    } catch (error) {
      const message = (error as Error).message;
      await recordFailure(db, now, message);
      await addActivity(db, { ...SERVER_MEMBER, kind: 'backup', summary: `${DAILY_BACKUP_FAILED}: ${message}` });
      return 'failed' as const;
    }
    for (const entry of toPrune(await app.backups.list(), schedule.keep, timeZone, now)) {
      app.backups.remove(entry.name);
      app.log.info({ backup: entry.name }, 'daily backup no longer kept: deleted');
    }
    return 'made' as const;
  });
  return outcome ?? 'elsewhere';
}
