import type { FastifyInstance } from 'fastify';
import { forgetOldActivity } from './activity/record';
import { requestDeadlineMs } from './config';
import { dueOnce, exclusively, LOCKS } from './db/instances';
import { forgetOldIdempotencyKeys } from './http/idempotency';
import { forgetEndedWindows } from './http/rate-limit';
import { pruneVersions } from './history/versions';
import { forgetOldMail } from './mail/outbox';
import { sweepEditorImages } from './reflections/repository';
import { pruneTrash } from './trash/store';
import { forgetEndedRollouts } from './releases/client-reports';
import { runScheduledBackup } from './backups/schedule';

/** A stored file no record names is deleted once this old (a write's own file is named before it lands). */
const ORPHAN_GRACE_MS = 3_600_000;
/** The chores run at start and then once an hour. */
export const CHORES_INTERVAL_MS = 3_600_000;

/**
 * The chores, run at start and every hour: editor images of abandoned reflection forms, the uploads
 * (what a crash or a kill left half done: uploads/store.ts), ended rate-limit windows, day-old idempotency keys,
 * old activity, old trash, the versions of records older than HISTORY_KEEP_DAYS, the browsers of
 * rollouts that ended and old sent or failed mail.
 * What the instances share runs once across them (the first to ask each hour, under an advisory lock
 * on PostgreSQL); this machine's temp folder is swept by every instance, since only it can.
 */
export function choresOf(app: FastifyInstance): (atStart: boolean) => Promise<void> {
  const { db, config, log } = app;
  const isReferenced = app.referencedUploads;

  const machineChores = async (atStart: boolean) => {
    const now = Date.now();
    // At start no request of ours is under way, so every temp file is abandoned (on PostgreSQL other
    // instances may share DATA_DIR, and their requests may be). Later, no request outlives its deadline.
    const abandonedBefore = new Date(atStart && !config.databaseUrl ? now : now - requestDeadlineMs(config));
    const swept = await app.uploads.sweepTemp(isReferenced, abandonedBefore);
    if (swept.published || swept.discarded) log.info(swept, 'temp uploads folder swept');
  };

  const sharedChores = async (atStart: boolean) => {
    const now = Date.now();
    // Versions first: the editor images and files only they showed go in the sweeps below.
    const pruned = await pruneVersions(db, new Date(now - config.historyKeepDays * 86_400_000));
    if (pruned) log.info(`${pruned} record version(s) older than HISTORY_KEEP_DAYS deleted`);
    const removed = await sweepEditorImages(db, app.uploads, new Date(now - config.editorImageGraceHours * 3_600_000));
    if (removed) log.info(`${removed} unused editor image(s) deleted`);
    // A file is put in place only after its record commits, so a stored file no record names is an
    // orphan (a replaced or deleted record's, left by a crash). The grace is only a margin.
    const orphans = await app.uploads.sweepOrphans(isReferenced, new Date(atStart ? now : now - ORPHAN_GRACE_MS));
    if (orphans) log.info({ orphans }, 'uploads no record names deleted');
    await forgetEndedWindows(db);
    await forgetOldIdempotencyKeys(db);
    const forgotten = await forgetOldActivity(app);
    if (forgotten) log.info(`${forgotten} activity record(s) older than ACTIVITY_KEEP_DAYS deleted`);
    const emptied = await pruneTrash(db, app.uploads, isReferenced, new Date(now - config.trashKeepDays * 86_400_000));
    if (emptied) log.info(`${emptied} trash entr${emptied === 1 ? 'y' : 'ies'} older than TRASH_KEEP_DAYS deleted`);
    await forgetEndedRollouts(app);
    const mailForgotten = await forgetOldMail(db.kysely);
    if (mailForgotten) log.info(`${mailForgotten} old sent or failed mail message(s) deleted from the outbox`);
  };

  return async (atStart) => {
    // A restore replaces what they would sweep: the next hour's run sweeps the restored parish.
    if (app.backups.isRestoring) return;
    await machineChores(atStart);
    if (atStart || (await dueOnce(db, 'hourly chores', CHORES_INTERVAL_MS))) {
      await exclusively(db, LOCKS.chores, false, () => sharedChores(atStart));
    }
  };
}

/** The daily backup is asked for every minute: its time is a minute of the parish's day. */
export const BACKUP_CHECK_INTERVAL_MS = 60_000;

/** The daily backup's chore (backups/schedule.ts): made once across the instances, under the chores' lock. */
export function scheduledBackupOf(app: FastifyInstance): () => Promise<void> {
  return async () => {
    const outcome = await runScheduledBackup(app);
    if (outcome === 'failed') app.log.error('the daily backup failed: see Settings → Backups');
  };
}
