import fs from 'node:fs';
import path from 'node:path';
import { once } from 'node:events';
import { Parser, type ReadEntry } from 'tar';
import { sql } from 'kysely';
import type { FastifyInstance } from 'fastify';
import { requestDeadlineMs } from '../config';
import { migrateToLatest } from '../db/database';
import { forgetKey } from '../two-factor/totp';
import { HttpError } from '../http/errors';
import { advanceChangeCounters, bumpChangeCounter, readChangeCounters } from '../db/changes';
import { MANIFEST, PARTS, removeLeftovers, type BackupManifest, type BackupProgress } from './archive';
import { createBackup, type BackupResult } from './create';
import { restorePostgres, restoreRunning, withRestoreLock } from './database';
import { backupArchiveLimits, FOLDER_PARTS, placeParts, RestoreRefused, unpackAndCheck } from './restore';
import type { Backup } from './schemas';

/** backup-2026-12-07T043000Z-v1.0.0.tar.gz (archive.ts archiveName), and a second one of the same second. */
const ARCHIVE_NAME = /^backup-\d{4}-\d{2}-\d{2}T\d{6}Z-v[0-9A-Za-z.+_-]{1,60}\.tar\.gz$/;

/** A name the client sent names one of our archives, never a path (no `/`, no `..`). */
export const isArchiveName = (name: string) => ARCHIVE_NAME.test(name) && !name.includes('..');

/** The change counter a restore from Settings bumps: the other instances of the database hear of it. */
const RESTORE_CHANGES = 'backup-restore';

export const BACKUP_MESSAGES = {
  restoring: 'The server is restoring a backup. Please try again in a minute: everyone signs in again afterwards.',
  busy: 'A backup is being made or restored already: wait for it to finish, then try again.',
  notFound: 'No backup of that name',
} as const;

/** One backup of the list, as the screen shows it. */
export type BackupEntry = Backup;

/** The backup being made now: its share done, 0 to 100. */
export interface BackupMaking {
  startedAt: string;
  madeBy: string;
  percent: number;
}

/** The share of a backup done, by its steps: the files and the database first, then hashing, then packing. */
function percentOf({ step, done, total }: BackupProgress): number {
  const share = total ? Math.min(done / total, 1) : 0;
  if (step === 'checking') return Math.round(10 + share * 40);
  if (step === 'archive') return Math.round(50 + share * 49);
  return step === 'database' ? 5 : 2;
}

/** The manifest at an archive's head (create.ts packs it first), read without unpacking the rest. */
async function headManifest(file: string): Promise<BackupManifest | undefined> {
  const input = fs.createReadStream(file);
  let found: BackupManifest | undefined;
  const parser = new Parser({
    onReadEntry: (entry: ReadEntry) => {
      if (entry.path !== MANIFEST) {
        input.destroy();
        return;
      }
      const chunks: Buffer[] = [];
      entry.on('data', (chunk: Buffer) => chunks.push(chunk));
      entry.on('end', () => {
        try {
          found = JSON.parse(Buffer.concat(chunks).toString('utf8')) as BackupManifest;
        } catch {
          found = undefined;
        }
        input.destroy();
      });
    },
  });
  input.on('error', () => undefined);
  parser.on('error', () => input.destroy());
  input.pipe(parser);
  await Promise.race([once(input, 'close'), once(parser, 'end')]).catch(() => undefined);
  return found;
}

/**
 * The server's backups (Settings → Backups, the daily schedule): the list of BACKUP_DIR, one backup
 * made at a time with its progress, and a restore inside the running server, during which every other
 * call answers 503 (registerRestoreGate).
 */
export class BackupService {
  private making?: BackupMaking;
  private writing?: Promise<unknown>;
  private restoring = false;
  /** Another instance restores into our database now (PostgreSQL), and the watch that follows it. */
  private elsewhere = false;
  private watching?: Promise<void>;
  /** Set as the server closes: a wait for another instance's restore ends. */
  closing = false;
  /** Requests past the gate and not yet answered (a restore waits for them). */
  inFlight = 0;
  private readonly manifests = new Map<string, { mtimeMs: number; manifest?: BackupManifest }>();

  constructor(private readonly app: FastifyInstance) {}

  get isRestoring(): boolean {
    return this.restoring;
  }

  get now(): BackupMaking | undefined {
    return this.making && { ...this.making };
  }

  /** Where the archive of that name is, or a 404 in words: a name from a client is never a path. */
  fileOf(name: string): string {
    const file = path.join(this.app.config.backupDir, name);
    if (!isArchiveName(name) || path.dirname(file) !== path.resolve(this.app.config.backupDir)) {
      throw new HttpError(404, BACKUP_MESSAGES.notFound);
    }
    if (!fs.existsSync(file) || !fs.statSync(file).isFile()) throw new HttpError(404, BACKUP_MESSAGES.notFound);
    return file;
  }

  /** The archives in BACKUP_DIR, newest first. */
  async list(): Promise<BackupEntry[]> {
    const dir = this.app.config.backupDir;
    if (!fs.existsSync(dir)) return [];
    const entries: BackupEntry[] = [];
    for (const name of fs.readdirSync(dir).filter(isArchiveName)) {
      const file = path.join(dir, name);
      let stat: fs.Stats;
      try {
        stat = fs.statSync(file);
      } catch {
        continue; // Deleted since listed.
      }
      let known = this.manifests.get(name);
      if (!known || known.mtimeMs !== stat.mtimeMs) {
        known = { mtimeMs: stat.mtimeMs, manifest: await headManifest(file) };
        this.manifests.set(name, known);
      }
      const { manifest } = known;
      entries.push({
        name,
        createdAt: manifest?.createdAt ?? stat.mtime.toISOString(),
        bytes: stat.size,
        productVersion: manifest?.productVersion ?? /-v(.+)\.tar\.gz$/.exec(name)![1]!,
        madeBy: manifest?.madeBy ?? 'unknown (no manifest could be read)',
      });
    }
    return entries.sort((a, b) => b.createdAt.localeCompare(a.createdAt) || b.name.localeCompare(a.name));
  }

  /**
   * Starts a backup and answers at once; `done` settles when it is written. One at a time: a second
   * while one is made (or restored) is refused in words (409).
   */
  start(madeBy: string, now?: Date): { making: BackupMaking; done: Promise<BackupResult> } {
    if (this.making || this.restoring) throw new HttpError(409, BACKUP_MESSAGES.busy);
    const making: BackupMaking = { startedAt: (now ?? new Date()).toISOString(), madeBy, percent: 0 };
    this.making = making;
    const { app } = this;
    const done = createBackup({
      config: app.config,
      db: app.db,
      madeBy,
      now,
      progress: (progress) => {
        making.percent = Math.max(making.percent, percentOf(progress));
      },
      onClearFailed: (error) => app.log.error(error, 'the backup failure could not be cleared'),
    }).then(
      (result) => {
        this.making = undefined;
        app.log.info({ file: result.file, bytes: result.bytes }, 'backup written');
        return result;
      },
      (error: unknown) => {
        this.making = undefined;
        app.log.error(error, 'the backup failed');
        throw error;
      },
    );
    this.writing = done.catch(() => undefined);
    return { making: { ...making }, done };
  }

  /** Settles when no backup is being written (the server closes after it, not under it). */
  async idle(): Promise<void> {
    await Promise.all([this.writing, this.watching]);
  }

  remove(name: string): void {
    fs.rmSync(this.fileOf(name));
    this.manifests.delete(name);
  }

  /**
   * Restores the archive into the running server. The archive is checked whole first and nothing
   * changes on a bad one. Meanwhile every other call answers 503 (on PostgreSQL, on every instance of
   * the database: registerBackups); the requests under way are let finish first. SQLite: the database
   * is replaced in one transaction of the server's own connection, then the files by renames
   * (restore.ts placeParts). PostgreSQL: the backup's schema is built beside ours and put in its place in
   * one transaction (database.ts restorePostgres). Then the database is migrated forward if the backup
   * is older, every cache is told (the change counters move on), and every session ends, the restored
   * ones too: they were valid at the backup's moment, and whoever held them may since have been signed
   * out or removed.
   */
  async restore(archive: string): Promise<BackupManifest> {
    const { app } = this;
    const { config, db } = app;
    if (this.making || this.restoring) throw new HttpError(409, BACKUP_MESSAGES.busy);
    this.restoring = true;
    removeLeftovers(config.dataDir, '.restore-', new Date(Date.now() - 24 * 60 * 60 * 1000));
    const staging = fs.mkdtempSync(path.join(config.dataDir, '.restore-'));
    try {
      const unpacked = path.join(staging, 'archive');
      let manifest: BackupManifest;
      try {
        manifest = await unpackAndCheck(archive, unpacked, backupArchiveLimits(config));
      } catch (error) {
        if (error instanceof RestoreRefused) throw new HttpError(400, error.message);
        throw error;
      }
      if (manifest.engine !== db.engine) {
        throw new HttpError(
          400,
          `This backup was made on ${manifest.engine === 'postgres' ? 'PostgreSQL' : 'SQLite'}: it restores on a server with ${manifest.engine === 'postgres' ? 'PostgreSQL' : 'SQLite'} (npm run restore). Nothing was changed.`,
        );
      }
      const restored = await withRestoreLock(db, false, async () => {
        // The other instances hear of it and answer 503 until the lock is let go.
        if (db.engine === 'postgres') await bumpChangeCounter(db.kysely, RESTORE_CHANGES);
        await this.settled();
        const counters = await readChangeCounters(db.kysely);
        const replaced = path.join(staging, 'replaced');
        if (db.engine === 'postgres') {
          await restorePostgres(config, db, unpacked, manifest.schemaVersion, true, undefined, true);
          placeParts(config, unpacked, replaced, FOLDER_PARTS);
        } else {
          await replaceDatabase(app, path.join(unpacked, 'database', 'app.db'));
          placeParts(
            config,
            unpacked,
            replaced,
            PARTS.filter((part) => part !== 'database'),
          );
        }
        // The backup's two-factor key, not the one read before: its secrets are sealed with it.
        forgetKey(config.dataDir);
        await migrateToLatest(db);
        await db.kysely.deleteFrom('tokens').execute();
        await advanceChangeCounters(db.kysely, counters);
        return true;
      });
      if (!restored) throw new HttpError(409, BACKUP_MESSAGES.busy);
      this.manifests.clear();
      app.log.info({ createdAt: manifest.createdAt }, 'backup restored; every session ended');
      return manifest;
    } finally {
      fs.rmSync(staging, { recursive: true, force: true });
      this.restoring = false;
    }
  }

  /**
   * Another instance restores into our database (PostgreSQL; told by the change feed): every call here
   * answers 503 too, until its lock is let go (a restore killed midway lets it go with its connection).
   */
  followRestoreElsewhere(): void {
    if (this.restoring || this.watching) return;
    const { db } = this.app;
    this.watching = (async () => {
      try {
        // Told of it, not yet 503: the lock says whether it runs (the restore's own last word is told too).
        while (!this.closing && (await restoreRunning(db))) {
          this.elsewhere = true;
          await new Promise((resolve) => setTimeout(resolve, 200));
        }
      } catch (error) {
        this.app.log.error(error, 'whether a restore runs elsewhere could not be read');
      } finally {
        this.elsewhere = false;
        this.watching = undefined;
      }
    })();
  }

  get restoringElsewhere(): boolean {
    return this.elsewhere;
  }

  /** Waits for the requests under way besides the restore's own (at most a request's deadline). */
  private async settled(): Promise<void> {
    const until = Date.now() + requestDeadlineMs(this.app.config);
    while (this.inFlight > 1 && Date.now() < until) await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/**
 * Replaces every table of the server's SQLite database with the backup's, in one transaction on its own
 * connection: a failure leaves the database as it was. The backup's file is attached, its tables,
 * indexes and triggers made as its schema says, and its rows copied.
 */
async function replaceDatabase(app: FastifyInstance, file: string): Promise<void> {
  await app.db.kysely.connection().execute(async (connection) => {
    const run = (query: string) => sql.raw(query).execute(connection);
    const quote = (name: string) => `"${name.replace(/"/g, '""')}"`;
    await run('PRAGMA foreign_keys = OFF');
    await sql`ATTACH DATABASE ${file} AS restored`.execute(connection);
    try {
      await run('BEGIN IMMEDIATE');
      try {
        const { rows: ours } = await sql<{ name: string; type: string }>`
          select name, type from main.sqlite_master
          where type in ('table', 'view') and name not like 'sqlite_%'`.execute(connection);
        for (const { name, type } of ours) await run(`DROP ${type === 'view' ? 'VIEW' : 'TABLE'} main.${quote(name)}`);
        const { rows: theirs } = await sql<{ name: string; type: string; sql: string }>`
          select name, type, sql from restored.sqlite_master
          where sql is not null and name not like 'sqlite_%'
          order by case type when 'table' then 0 when 'index' then 1 when 'view' then 2 else 3 end`.execute(connection);
        for (const object of theirs) {
          await run(object.sql);
          if (object.type === 'table') {
            await run(`INSERT INTO main.${quote(object.name)} SELECT * FROM restored.${quote(object.name)}`);
          }
        }
        await run('COMMIT');
      } catch (error) {
        await run('ROLLBACK');
        throw error;
      }
    } finally {
      await run('DETACH DATABASE restored');
      await run('PRAGMA foreign_keys = ON');
    }
  });
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Settings → Backups and the daily backup (backups/service.ts). */
    backups: BackupService;
  }
  interface FastifyRequest {
    /** Counted among the backups' calls in progress (a restore waits for them). */
    inFlight: boolean;
  }
}

/**
 * Decorates the server with its backups, and answers every call 503 in words while a backup is
 * restored, here or (PostgreSQL) by another instance of the database (the restore's own call is under
 * way already), the probes excepted: /healthz answers, /readyz says a restore is why it is not ready,
 * /metrics is served. Registered first, at the root.
 */
export function registerBackups(app: FastifyInstance): void {
  const backups = new BackupService(app);
  app.decorate('backups', backups);
  app.addHook('onClose', async () => {
    backups.closing = true;
    await backups.idle();
  });
  app.db.changes?.subscribe(RESTORE_CHANGES, () => backups.followRestoreElsewhere());
  app.decorateRequest('inFlight', false);
  // Callback hooks and a flag on the request: every request passes them, and an async hook costs
  // each a promise, a WeakSet an entry its garbage collection must clear.
  app.addHook('onRequest', (request, reply, done) => {
    if (backups.isRestoring || backups.restoringElsewhere) {
      // The probes pass, and the restore does not wait for them: /healthz answers, /readyz says why not.
      if (request.routeOptions.config.probe) return done();
      reply.code(503).header('Retry-After', '30').send({ message: BACKUP_MESSAGES.restoring });
      return;
    }
    request.inFlight = true;
    backups.inFlight++;
    done();
  });
  app.addHook('onResponse', (request, _reply, done) => {
    if (request.inFlight) {
      request.inFlight = false;
      backups.inFlight--;
    }
    done();
  });
}
