import { LISTEN_BACKLOG } from './http/connections';
import fs from 'node:fs';
import path from 'node:path';
import { buildApp } from './app';
import { migrateWithBackup } from './backups/upgrade';
import { BACKUP_CHECK_INTERVAL_MS, choresOf, CHORES_INTERVAL_MS, scheduledBackupOf } from './chores';
import { adminAnnouncement, bootstrapAdmin } from './auth/admins';
import { buildDirs, loadConfig } from './config';
import { openDatabase } from './db/database';
import { exclusively, holdDataDirLock, LOCKS } from './db/instances';
import { DatabaseUploadStore } from './uploads/database-store';
import { removeHalfReceived } from './uploads/form';
import { MailSender } from './mail/worker';
import { DIGEST_CHECK_INTERVAL_MS, weeklyDigestOf } from './digest/digest';
import { publicOrigin } from './uploads/store';

/**
 * Each build present (the shell's and the remotes') becomes a release; the first start also makes it
 * live. Later builds are put live with `npm run deploy`, never by a restart (that would undo a rollback).
 */
async function adoptBuilds(app: Awaited<ReturnType<typeof buildApp>>): Promise<void> {
  const builds = buildDirs(app.config.staticRoots).filter((dir) => fs.existsSync(path.join(dir, 'release.json')));
  try {
    // On PostgreSQL with every instance's view, and what it changes shared with them (releases/cluster-sync.ts).
    const adopt = () => app.releases.adoptBuilds(builds);
    const { published, deployed, notLive } = app.clusterReleases ? await app.clusterReleases.change(adopt) : adopt();
    // Said on the console, like the administrator's line: the person starting the server reads them.
    for (const info of published) console.log(`Published ${info.name} ${info.release} from its build.`);
    for (const info of deployed) console.log(`${info.name} ${info.release} is live (its first release).`);
    for (const info of notLive) {
      console.log(
        `${info.name}: the build ${info.release} is published but not live; put it live with: npm run deploy -- ${info.name} ${info.release}`,
      );
    }
  } catch (error) {
    console.error(`The builds could not be published: ${(error as Error).message}`);
  }
  app.liveMap.current();
}

async function main(): Promise<void> {
  const config = loadConfig();
  const releaseDataDir = config.databaseUrl ? undefined : holdDataDirLock(config.dataDir);
  const db = openDatabase(config);
  // Instances starting together take turns: one migrates and creates the first administrator.
  const admin = await exclusively(db, LOCKS.start, true, async () => {
    // A failed backup stops the start: an upgrade is not run without its way back.
    await migrateWithBackup(config, db, console.log);
    return bootstrapAdmin(db, config);
  });
  const announcement = admin && adminAnnouncement(admin);
  if (announcement) console.log(announcement);

  const app = await buildApp(config, { db });
  app.addHook('onClose', async () => {
    await db.close();
    releaseDataDir?.();
  });
  if (app.uploads instanceof DatabaseUploadStore) {
    // A deployment that ran with the uploads folder before: its files move into the database once.
    const adopted = await exclusively(db, LOCKS.start, true, () =>
      (app.uploads as DatabaseUploadStore).adoptLocalFiles(),
    );
    if (adopted) app.log.info(`${adopted} uploaded file(s) moved from ${config.uploadsDir} into the database`);
  }
  await adoptBuilds(app);

  const chores = choresOf(app);
  const failed = (error: unknown) => app.log.error(error, 'the chores failed');
  // Before listening, so that the start's sweep does not meet a request's own temp files.
  await chores(true).catch(failed);
  const sweeper = setInterval(() => void chores(false).catch(failed), CHORES_INTERVAL_MS);
  sweeper.unref();
  app.addHook('onClose', async () => clearInterval(sweeper));
  // The outbox's messages go out from every instance; each is claimed by one (mail/outbox.ts).
  const mail = new MailSender(db, config.mail, app.log).start();
  app.addHook('onClose', () => mail.stop());
  const backup = scheduledBackupOf(app);
  const backups = setInterval(() => void backup().catch(failed), BACKUP_CHECK_INTERVAL_MS);
  backups.unref();
  app.addHook('onClose', async () => clearInterval(backups));
  // Like the backup, asked every minute (not at start): a start after its time makes the week's.
  const digest = weeklyDigestOf(app);
  const digests = setInterval(() => void digest().catch(failed), DIGEST_CHECK_INTERVAL_MS);
  digests.unref();
  app.addHook('onClose', async () => clearInterval(digests));

  // Close cleanly (finish requests, release the database) on Ctrl-C or a container stop. A repeat
  // within a second is the same Ctrl-C relayed by scripts/start.mjs; a later one forces the exit.
  let stoppingSince = 0;
  const stop = () => {
    if (stoppingSince) {
      if (Date.now() - stoppingSince > 1000) process.exit(1);
      return;
    }
    stoppingSince = Date.now();
    // New connections are refused at once; requests in progress get the grace to finish. What is left
    // then (a slow upload may run for many minutes) is cut: its handler removes the half-received file.
    setTimeout(() => app.server.closeAllConnections(), config.shutdownGraceMs).unref();
    app
      .close()
      .then(() => removeHalfReceived(app.uploads.tempDir))
      .then(
        () => process.exit(0),
        () => process.exit(1),
      );
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);

  await app.listen({ port: config.port, host: config.host, backlog: LISTEN_BACKLOG });
  const { port } = app.server.address() as { port: number };
  const shown = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host;
  console.log(
    `Back-office running at http://${shown}:${port}/ (API at /api/v1, database: ${db.driver ? `${db.engine} via ${db.driver}` : db.engine})`,
  );
  if (config.trustProxy) {
    console.log(
      `TRUST_PROXY: the client address is read from X-Forwarded-For only on connections from ${config.trustProxy.join(', ')}.`,
    );
  }
  if (!config.publicUrl) {
    // Uploads are answered as absolute URLs (the mobile app needs them), never built from a request's Host.
    console.warn(
      `PUBLIC_URL is not set: uploaded files are linked as ${publicOrigin(app)}/uploads/…, which only this machine reaches. ` +
        'Set PUBLIC_URL to the address the mobile app and the browsers use (e.g. https://office.example.org).',
    );
  }
}

main().catch((error: unknown) => {
  console.error('The server could not start:', error instanceof Error ? error.message : error);
  process.exit(1);
});
