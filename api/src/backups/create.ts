import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { create as pack } from 'tar';
import type { Db } from '../db/database';
import { UploadStore } from '../uploads/store';
import { KEY_FILE } from '../two-factor/totp';
import {
  ARCHIVE_FORMAT,
  archiveName,
  filesBelow,
  linkOrCopy,
  MANIFEST,
  PARTS,
  partPlaces,
  PRODUCT,
  productVersion,
  removeLeftovers,
  sha256Of,
  type BackupConfig,
  type BackupManifest,
  type OnProgress,
} from './archive';
import { snapshotDatabase } from './database';
import { clearFailure } from './schedule';

/** The migration that made the table holding a failed daily backup's notice. */
const SCHEDULE_MIGRATION = '0028_backup_schedule';

export interface BackupOptions {
  config: BackupConfig;
  /** The server's database (or the command's own connection to it). */
  db: Db;
  /** The folder the archive goes to (default BACKUP_DIR). */
  to?: string;
  /** Who or what makes it, kept in the manifest. */
  madeBy: string;
  progress?: OnProgress;
  now?: Date;
  /** Told when the notice of a failed daily backup could not be cleared: the backup stands. */
  onClearFailed?: (error: unknown) => void;
}

export interface BackupResult {
  file: string;
  bytes: number;
  manifest: BackupManifest;
}

/**
 * Writes one backup archive of everything the parish has (archive.ts) while the server goes on serving
 * and writing. It is gathered in a folder beside the data (uploaded files and releases are hard links:
 * they never change once written), then packed and compressed off the event loop (zlib's stream runs on
 * the thread pool) under a hidden temporary name in the destination, renamed to its final name only
 * once complete: a half-written archive never has a backup's name.
 */
export async function createBackup(options: BackupOptions): Promise<BackupResult> {
  const { config, db, madeBy, progress } = options;
  const now = options.now ?? new Date();
  const destination = path.resolve(options.to ?? config.backupDir);
  fs.mkdirSync(destination, { recursive: true });
  fs.mkdirSync(config.dataDir, { recursive: true });
  // No backup runs a day: what is older was left by one killed half-way.
  const dayAgo = new Date(Date.now() - 24 * 60 * 60 * 1000);
  removeLeftovers(config.dataDir, '.backup-', dayAgo);
  removeLeftovers(destination, '.backup-', dayAgo);
  const staging = fs.mkdtempSync(path.join(config.dataDir, '.backup-'));
  const version = productVersion();
  let final = path.join(destination, archiveName(now, version));
  for (let n = 2; fs.existsSync(final); n++) final = path.join(destination, archiveName(now, `${version}-${n}`));
  const partial = path.join(destination, `.${path.basename(final)}.partial`);
  let written: fs.promises.FileHandle | undefined;
  try {
    const places = partPlaces(config);
    // The uploads folder is read before and after the database's snapshot: a file is published just
    // after its record commits and deleted just after the record that dropped it, so the two readings
    // together hold every file a record of the snapshot names (and perhaps a few orphans, swept later).
    const readUploads = () => {
      if (db.engine === 'postgres' || !fs.existsSync(places.uploads)) return;
      for (const name of fs.readdirSync(places.uploads).filter(UploadStore.isName)) {
        const to = path.join(staging, 'uploads', name);
        if (fs.existsSync(to)) continue;
        try {
          linkOrCopy(path.join(places.uploads, name), to);
        } catch (error) {
          // Deleted since the folder was listed: its record was gone before the snapshot.
          if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
        }
      }
    };
    progress?.({ step: 'files', done: 0, total: 0 });
    readUploads();
    progress?.({ step: 'database', done: 0, total: 0 });
    const snapshot = await snapshotDatabase(db, config, staging);
    if (!snapshot.schemaVersion) {
      throw new Error(
        'The database has no tables yet, so there is nothing to back up: start the server on it once first',
      );
    }
    progress?.({ step: 'files', done: 0, total: 0 });
    readUploads();
    // The live map before the releases: a release the map names is pruned only after the map moved on.
    for (const file of ['remotes.json', 'remotes.last-good.json', KEY_FILE] as const) {
      if (fs.existsSync(places[file])) fs.copyFileSync(places[file], path.join(staging, file));
    }
    for (const file of filesBelow(places.releases)) {
      linkOrCopy(path.join(places.releases, file), path.join(staging, 'releases', file));
    }

    const files = filesBelow(staging);
    const total = files.reduce((sum, file) => sum + fs.statSync(path.join(staging, file)).size, 0);
    let hashed = 0;
    const members = [];
    for (const file of files) {
      const at = path.join(staging, file);
      const sha256 = await sha256Of(at, (bytes) => {
        hashed += bytes;
        progress?.({ step: 'checking', done: hashed, total });
      });
      members.push({ path: file, size: fs.statSync(at).size, sha256 });
    }
    const manifest: BackupManifest = {
      format: ARCHIVE_FORMAT,
      product: PRODUCT,
      productVersion: version,
      schemaVersion: snapshot.schemaVersion,
      engine: db.engine,
      createdAt: now.toISOString(),
      madeBy,
      tables: snapshot.tables,
      members,
    };
    fs.writeFileSync(path.join(staging, MANIFEST), JSON.stringify(manifest, null, 2));

    let packed = 0;
    const counted = new Transform({
      transform(chunk: Buffer, _encoding, done) {
        packed += chunk.length;
        try {
          progress?.({ step: 'archive', done: Math.min(packed, total), total });
        } catch (error) {
          return done(error as Error);
        }
        done(null, chunk);
      },
    });
    const entries = [MANIFEST, ...PARTS.filter((part) => fs.existsSync(path.join(staging, part)))];
    // Opened before the pipeline runs: a stream that opened its file only after a failure had ended the
    // pipeline would leave the partial file behind the removal below.
    written = await fs.promises.open(partial, 'wx', 0o600);
    await pipeline(
      pack({ cwd: staging, portable: true }, entries),
      counted,
      // Level 6: the database and the releases shrink well; the photos do not, whatever the level.
      zlib.createGzip({ level: 6, chunkSize: 64 * 1024 }),
      // As secret as the data: it holds the password hashes and the two-factor key.
      written.createWriteStream(),
    );
    fs.renameSync(partial, final);
    // Any backup written, whoever made it, clears the notice of a failed daily one (older schemas have none).
    if (snapshot.schemaVersion >= SCHEDULE_MIGRATION) {
      await clearFailure(db).catch((error: unknown) => options.onClearFailed?.(error));
    }
    return { file: final, bytes: fs.statSync(final).size, manifest };
  } catch (error) {
    await written?.close().catch(() => undefined);
    fs.rmSync(partial, { force: true });
    throw error;
  } finally {
    fs.rmSync(staging, { recursive: true, force: true });
  }
}
