import fs from 'node:fs';
import path from 'node:path';
import { openDatabase } from '../db/database';
import { ArchiveRefused, unpackArchive, type ArchiveLimits, type ArchiveWords } from '../http/archives';
import { holdFileLock, isFileLockHeld } from '../db/instances';
import { migrations } from '../db/migrations/index';
import { OWNER_LOCK } from '../uploads/database-store';
import {
  ARCHIVE_FORMAT,
  filesBelow,
  MANIFEST,
  move,
  PARTS,
  partPlaces,
  PRODUCT,
  removeLeftovers,
  sha256Of,
  type BackupConfig,
  type BackupManifest,
  type OnProgress,
} from './archive';
import { describeNdjson, describeSqliteFile, restorePostgres, RestoreBusy, rowsInSchema } from './database';

/** A restore refused before it changed anything; the message says why in words. */
export class RestoreRefused extends Error {
  override name = 'RestoreRefused';
}

export interface RestoreOptions {
  /** Where to restore: DATA_DIR (and RELEASES_DIR), and DATABASE_URL's database on PostgreSQL. */
  config: BackupConfig;
  archive: string;
  /** Replace the parish's data there: without it, a restore goes only into an empty place. */
  replace?: boolean;
  progress?: OnProgress;
}

/** The file a running server holds its lock on (db/instances.ts holdDataDirLock). */
const SERVER_LOCK = 'server-lock.db';

/**
 * Restores a backup archive (archive.ts). First, with nothing changed: the server must not run on the
 * folder, the archive must be whole (its manifest, and every member's size and SHA-256, nothing more
 * and nothing less), made on this engine, of a schema this version knows, and the place empty unless
 * `replace`. Then the parts are put in place: SQLite's by renames in DATA_DIR, PostgreSQL's in one
 * transaction (database.ts). A backup of an older schema is migrated forward at the next start.
 * While it runs it holds the server's lock, so that no server starts on the half-restored folder.
 */
export async function restoreBackup(options: RestoreOptions): Promise<BackupManifest> {
  const { config, replace = false, progress } = options;
  const archive = path.resolve(options.archive);
  if (!fs.existsSync(archive) || !fs.statSync(archive).isFile()) {
    throw new RestoreRefused(`No backup archive at ${archive}.`);
  }
  const running = new RestoreRefused(
    `A server is running on ${config.dataDir}: stop it first (a restore replaces what it serves), then restore again. Nothing was changed.`,
  );
  if (runningInstance(config)) throw running;
  const madeDataDir = !fs.existsSync(config.dataDir);
  fs.mkdirSync(config.dataDir, { recursive: true });
  const lockFile = path.join(config.dataDir, SERVER_LOCK);
  const madeLock = !fs.existsSync(lockFile);
  // Held to the end: no server starts on the folder while it is restored.
  const release = holdFileLock(lockFile);
  if (!release) throw running;
  let staging: string | undefined;
  let restored = false;
  try {
    await refuseData(config, replace);
    // Holding the lock, this is the folder's only restore: any other one's folder was left by a kill.
    removeLeftovers(config.dataDir, '.restore-', new Date());
    staging = fs.mkdtempSync(path.join(config.dataDir, '.restore-'));
    const unpacked = path.join(staging, 'archive');
    const manifest = await unpackAndCheck(archive, unpacked, backupArchiveLimits(config), progress);
    if (manifest.engine !== (config.databaseUrl ? 'postgres' : 'sqlite')) {
      throw new RestoreRefused(
        manifest.engine === 'postgres'
          ? 'This backup was made on PostgreSQL: restore it with DATABASE_URL set to the database to restore into. Nothing was changed.'
          : 'This backup was made on SQLite: restore it without DATABASE_URL, into a DATA_DIR. Nothing was changed.',
      );
    }

    if (manifest.engine === 'postgres') {
      progress?.({ step: 'restoring', done: 0, total: 0 });
      const target = openDatabase(config);
      try {
        await restorePostgres(config, target, unpacked, manifest.schemaVersion, replace, progress);
      } catch (error) {
        if (error instanceof RestoreBusy) throw new RestoreRefused(error.message);
        throw error;
      } finally {
        await target.close();
      }
    }
    placeParts(config, unpacked, path.join(staging, 'replaced'), manifest.engine === 'sqlite' ? PARTS : FOLDER_PARTS);
    progress?.({ step: 'restoring', done: 1, total: 1 });
    restored = true;
    return manifest;
  } finally {
    if (staging) fs.rmSync(staging, { recursive: true, force: true });
    release();
    // A refused restore leaves the place as it found it.
    if (!restored && madeLock) fs.rmSync(lockFile, { force: true });
    if (!restored && madeDataDir) fs.rmSync(config.dataDir, { recursive: true, force: true });
  }
}

/** The parts besides the database's: what a PostgreSQL restore, or a restore inside the server, moves. */
export const FOLDER_PARTS = PARTS.filter((part) => part !== 'database' && part !== 'uploads');

/**
 * Puts the unpacked archive's `parts` in their places. What is there now is set aside in `replaced`
 * (removed with it by the caller) once the backup's parts are all in place; if a move fails (a full
 * disk, a folder not ours), what was there is put back: the place as it was, not half of each.
 */
export function placeParts(
  config: BackupConfig,
  unpacked: string,
  replaced: string,
  parts: readonly (typeof PARTS)[number][],
): void {
  const places = partPlaces(config);
  const moves = parts.map((part) => {
    const from = part === 'database' ? path.join(unpacked, 'database', 'app.db') : path.join(unpacked, part);
    return [part, from, places[part]] as const;
  });
  const setAside: [place: string, aside: string][] = [];
  const placed: string[] = [];
  try {
    for (const [part, , place] of moves) {
      const extras = part === 'database' ? ['', '-wal', '-shm'] : [''];
      for (const extra of extras) {
        if (!fs.existsSync(place + extra)) continue;
        const aside = path.join(replaced, part + extra);
        move(place + extra, aside);
        setAside.push([place + extra, aside]);
      }
    }
    for (const [, from, place] of moves) {
      if (!fs.existsSync(from)) continue;
      move(from, place);
      placed.push(place);
    }
  } catch (error) {
    for (const place of placed) fs.rmSync(place, { recursive: true, force: true });
    for (const [place, aside] of setAside.reverse()) move(aside, place);
    throw error;
  }
}

/** A server on PostgreSQL holds no DATA_DIR lock, but each instance holds one on its receiving folder. */
function runningInstance(config: BackupConfig): boolean {
  const receiving = path.join(config.uploadsDir, '.tmp');
  if (!fs.existsSync(receiving)) return false;
  return fs
    .readdirSync(receiving, { withFileTypes: true })
    .some((entry) => entry.isDirectory() && isFileLockHeld(path.join(receiving, entry.name, OWNER_LOCK)));
}

async function refuseData(config: BackupConfig, replace: boolean): Promise<void> {
  if (replace) return;
  let rows = 0;
  if (config.databaseUrl) {
    const db = openDatabase(config);
    try {
      rows = await rowsInSchema(db.kysely, db.schema!);
    } finally {
      await db.close();
    }
  } else {
    const file = path.join(config.dataDir, 'app.db');
    if (fs.existsSync(file)) rows = Object.values(describeSqliteFile(file).tables).reduce((sum, n) => sum + n, 0);
  }
  if (rows > 0) {
    const where = config.databaseUrl ? `the database's schema ${config.databaseSchema ?? 'public'}` : config.dataDir;
    throw new RestoreRefused(
      `${where} holds a parish's data already (${rows} rows): to replace it with the backup, restore again with --replace. Nothing was changed.`,
    );
  }
}

const damaged = (why: string) =>
  new RestoreRefused(`The archive is damaged or not a backup: ${why}. Nothing was changed.`);

/** What a backup's archive may unpack to (BACKUP_MAX_*): past it, a decompression bomb or no backup of ours. */
export function backupArchiveLimits(
  config: Pick<BackupConfig, 'backupMaxFiles' | 'backupMaxBytes' | 'backupMaxFileBytes'>,
): ArchiveLimits {
  return {
    maxFiles: config.backupMaxFiles,
    maxBytes: config.backupMaxBytes,
    maxFileBytes: config.backupMaxFileBytes,
    // The database, the password hashes, the two-factor key: its owner's only, as the archive is.
    fileMode: 0o600,
    words: BACKUP_WORDS,
  };
}

const BACKUP_WORDS: ArchiveWords = {
  one: 'a backup',
  the: 'the backup',
  notAnArchive: 'it cannot be read as a .tar.gz archive',
  maxFilesSetting: 'BACKUP_MAX_FILES',
  maxBytesSetting: 'BACKUP_MAX_BYTES',
  maxFileBytesSetting: 'BACKUP_MAX_FILE_BYTES',
};

/** An archive refused by the unpacking (http/archives.ts), in a restore's words. */
export function archiveRefusal(error: ArchiveRefused): RestoreRefused {
  return error.statusCode === 413
    ? new RestoreRefused(`The archive is too large to restore: ${error.message}. Nothing was changed.`)
    : damaged(error.message);
}

/**
 * Unpacks the archive into `dir` within `limits` (a hostile archive is refused as it streams: a link, a
 * name climbing out, a name twice, too many files or bytes) and checks it whole against its manifest;
 * answers the manifest. On a refusal what was unpacked stays in `dir` for the caller to remove.
 */
export async function unpackAndCheck(
  archive: string,
  dir: string,
  limits: ArchiveLimits,
  progress?: OnProgress,
): Promise<BackupManifest> {
  fs.mkdirSync(dir);
  const input = fs.createReadStream(archive, { highWaterMark: 1024 * 1024 });
  try {
    await unpackArchive(input, dir, limits);
  } catch (error) {
    if (error instanceof ArchiveRefused) throw archiveRefusal(error);
    throw damaged(`it cannot be read (${(error as Error).message})`);
  } finally {
    input.destroy();
  }
  let manifest: BackupManifest;
  try {
    manifest = JSON.parse(fs.readFileSync(path.join(dir, MANIFEST), 'utf8')) as BackupManifest;
  } catch {
    throw damaged(`it has no readable ${MANIFEST}`);
  }
  if (
    manifest?.product !== PRODUCT ||
    manifest.format !== ARCHIVE_FORMAT ||
    !Array.isArray(manifest.members) ||
    typeof manifest.schemaVersion !== 'string' ||
    typeof manifest.tables !== 'object'
  ) {
    throw damaged(`its ${MANIFEST} is not a backup's manifest of this product`);
  }
  if (!(manifest.schemaVersion in migrations)) {
    const known = Object.keys(migrations).at(-1);
    throw new RestoreRefused(
      `This backup was made by version ${manifest.productVersion}, whose database (schema ${manifest.schemaVersion}) is newer than this version knows (up to ${known}): restore it with version ${manifest.productVersion} or later. Nothing was changed.`,
    );
  }

  const listed = new Map(manifest.members.map((member) => [member.path, member]));
  const found = filesBelow(dir).filter((file) => file !== MANIFEST);
  for (const file of found) if (!listed.has(file)) throw damaged(`${file} is in it but not in its manifest`);
  const present = new Set(found);
  for (const member of manifest.members) {
    if (!present.has(member.path)) throw damaged(`${member.path} is missing from it`);
  }
  const total = manifest.members.reduce((sum, member) => sum + member.size, 0);
  let done = 0;
  for (const member of manifest.members) {
    const file = path.join(dir, member.path);
    const sha256 = await sha256Of(file, (bytes) => {
      done += bytes;
      progress?.({ step: 'checking', done, total });
    });
    if (sha256 !== member.sha256 || fs.statSync(file).size !== member.size) {
      throw damaged(`${member.path} does not match its checksum`);
    }
  }

  // The rows are what the manifest says, and SQLite's file is sound.
  const database = path.join(dir, 'database');
  let tables: Record<string, number>;
  if (manifest.engine === 'sqlite') {
    const file = path.join(database, 'app.db');
    if (!fs.existsSync(file)) throw damaged('database/app.db is missing from it');
    let described: ReturnType<typeof describeSqliteFile>;
    try {
      described = describeSqliteFile(file);
    } catch (error) {
      throw damaged(`its database cannot be read (${(error as Error).message})`);
    }
    if (described.integrity !== 'ok')
      throw damaged(`its database fails SQLite's integrity check (${described.integrity})`);
    if (described.schemaVersion !== manifest.schemaVersion) {
      throw damaged(
        `its database is at schema ${described.schemaVersion}, its manifest says ${manifest.schemaVersion}`,
      );
    }
    tables = described.tables;
  } else {
    tables = fs.existsSync(database) ? describeNdjson(database) : {};
  }
  for (const name of new Set([...Object.keys(tables), ...Object.keys(manifest.tables)])) {
    if (tables[name] !== manifest.tables[name]) {
      throw damaged(
        `the table ${name} holds ${tables[name] ?? 0} rows, its manifest says ${manifest.tables[name] ?? 0}`,
      );
    }
  }
  return manifest;
}
