import fs from 'node:fs';
import path from 'node:path';
import { createHash } from 'node:crypto';
import type { AppConfig } from '../config';
import type { Engine } from '../db/database';
import { lastGoodFile } from '../releases/releases';
import { KEY_FILE } from '../two-factor/totp';

/**
 * A backup is one `.tar.gz` archive (docs/backups.md). Its members, named below its root:
 *
 *   manifest.json              what follows, with a SHA-256 and a size for each member
 *   database/app.db            SQLite: the database, as SQLite's online backup wrote it
 *   database/<table>.ndjson    PostgreSQL: each table's rows, one JSON object a line
 *   uploads/<name>             every uploaded file (from the folder, or from PostgreSQL)
 *   releases/…                 RELEASES_DIR: the shell's and the remotes' releases
 *   remotes.json               the live map
 *   remotes.last-good.json     the last live map that was sound (releases/live-map.ts)
 *   two-factor.key             the key the two-factor secrets are sealed with
 */
export const MANIFEST = 'manifest.json';
export const ARCHIVE_FORMAT = 1;
export const PRODUCT = 'faith-backoffice';

/** The top-level names an archive may hold besides its manifest, each restored to its place in DATA_DIR. */
export const PARTS = ['database', 'uploads', 'releases', 'remotes.json', 'remotes.last-good.json', KEY_FILE] as const;

export interface ManifestMember {
  path: string;
  size: number;
  sha256: string;
}

export interface BackupManifest {
  format: typeof ARCHIVE_FORMAT;
  product: typeof PRODUCT;
  /** The version of the server that made it. */
  productVersion: string;
  /** The last migration the database had run: what a restore rebuilds, and the next start migrates on from. */
  schemaVersion: string;
  engine: Engine;
  createdAt: string;
  /** Who or what made it: `npm run backup`, the start before an upgrade, … */
  madeBy: string;
  /** Rows of each of the parish's tables at the backup's moment. */
  tables: Record<string, number>;
  members: ManifestMember[];
}

/** What a backup and a restore are told of the server's settings. */
export type BackupConfig = Pick<
  AppConfig,
  | 'dataDir'
  | 'uploadsDir'
  | 'releasesDir'
  | 'remotesMapFile'
  | 'backupDir'
  | 'backupMaxFiles'
  | 'backupMaxBytes'
  | 'backupMaxFileBytes'
  | 'databaseUrl'
  | 'databaseSchema'
>;

/** Where each part lives on this server. */
export function partPlaces(config: BackupConfig): Record<(typeof PARTS)[number], string> {
  return {
    database: path.join(config.dataDir, 'app.db'),
    uploads: config.uploadsDir,
    releases: config.releasesDir,
    'remotes.json': config.remotesMapFile,
    'remotes.last-good.json': lastGoodFile(config.remotesMapFile),
    [KEY_FILE]: path.join(config.dataDir, KEY_FILE),
  };
}

/** What a backup reports as it goes (a route's progress bar, the command's lines). */
export interface BackupProgress {
  step: 'database' | 'files' | 'archive' | 'checking' | 'restoring';
  /** Bytes (or rows) done of `total` in this step; total 0 when not known. */
  done: number;
  total: number;
}
export type OnProgress = (progress: BackupProgress) => void;

/** The server's version, as GET /version tells it: api/package.json, one level above src and dist. */
export function productVersion(): string {
  const file = path.join(__dirname, '..', '..', 'package.json');
  return (JSON.parse(fs.readFileSync(file, 'utf8')) as { version: string }).version;
}

/** backup-2026-12-07T043000Z-v1.4.0.tar.gz: sorts by time, says which version made it. */
export function archiveName(at: Date, version: string): string {
  const stamp = at
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d+Z$/, 'Z');
  const readable = `${stamp.slice(0, 4)}-${stamp.slice(4, 6)}-${stamp.slice(6)}`;
  return `backup-${readable}-v${version.replace(/[^0-9A-Za-z.+-]/g, '_')}.tar.gz`;
}

export async function sha256Of(file: string, onBytes?: (bytes: number) => void): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of fs.createReadStream(file, { highWaterMark: 1024 * 1024 }) as AsyncIterable<Buffer>) {
    hash.update(chunk);
    onBytes?.(chunk.length);
  }
  return hash.digest('hex');
}

/** Every file below `root`, as paths relative to it with `/` separators, sorted. */
export function filesBelow(root: string): string[] {
  const found: string[] = [];
  const walk = (dir: string, prefix: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const relative = prefix ? `${prefix}/${entry.name}` : entry.name;
      if (entry.isDirectory()) walk(path.join(dir, entry.name), relative);
      else found.push(relative);
    }
  };
  if (fs.existsSync(root)) walk(root, '');
  return found.sort();
}

/**
 * Moves `from` to `to` (a file or a folder): a rename on one disk, a copy then a removal across two
 * (RELEASES_DIR or BACKUP_DIR may be elsewhere).
 */
export function move(from: string, to: string): void {
  fs.mkdirSync(path.dirname(to), { recursive: true });
  try {
    fs.renameSync(from, to);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EXDEV') throw error;
    fs.cpSync(from, to, { recursive: true, errorOnExist: true, force: false });
    fs.rmSync(from, { recursive: true, force: true });
  }
}

/** A hard link (an uploaded file never changes: the link is its content at this moment), or a copy. */
export function linkOrCopy(from: string, to: string): void {
  fs.mkdirSync(path.dirname(to), { recursive: true });
  try {
    fs.linkSync(from, to);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'EEXIST') throw error;
    fs.copyFileSync(from, to);
  }
}

/**
 * Removes what a backup or a restore killed half-way left in `dir` (names starting with `prefix`), once
 * older than `before`: a gathering folder beside the data, a `.partial` archive. A newer one may be a
 * backup running now.
 */
export function removeLeftovers(dir: string, prefix: string, before: Date): void {
  if (!fs.existsSync(dir)) return;
  for (const name of fs.readdirSync(dir).filter((entry) => entry.startsWith(prefix))) {
    const at = path.join(dir, name);
    const stat = fs.statSync(at, { throwIfNoEntry: false });
    if (stat && stat.mtime < before) fs.rmSync(at, { recursive: true, force: true });
  }
}
