import fs from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Db } from '../db/database';
import type { Database } from '../db/schema';
import { WriteScope } from '../db/write-scope';

/** A file received with a form, waiting in the temp folder until its record is written. */
export interface ReceivedFile {
  /** The form field it came in. */
  field: string;
  /** Its generated name in the uploads folder (random hex + extension of the detected type). */
  name: string;
  tempPath: string;
  size: number;
  /** sha-256 of its content, as received. */
  contentDigest?: string;
  mimeType: string;
  isImage: boolean;
  /** The name the client gave; only informative, never trusted. */
  originalName: string;
  /** Set once its record committed: from then on the file is the store's, never discarded with the form. */
  committed?: boolean;
}

/** Generated names only: anything else found in a record or a URL is not one of our files. */
const NAME = /^[0-9a-f]{32}\.[a-z0-9]{1,10}$/;

export const UPLOADS_PATH = '/uploads/';

/** The folder (inside the uploads folder, hidden from serving) where files wait for their record. */
const TEMP_FOLDER = '.tmp';

/**
 * Where uploaded files are kept, as the records see them: by name. Two implementations: the local
 * folder below (SQLite, one instance) and PostgreSQL itself (database-store.ts), which every instance
 * on the database shares; storage.ts picks one.
 */
export interface UploadStorage {
  /** This instance's folder where received files wait for their record (never served). */
  readonly tempDir: string;
  /** Creates the folders; call once at start. */
  prepare(): void;
  /** Lets go of what prepare() holds; call at close. */
  close(): void;
  /** Runs `write` in a transaction; the files become visible only once it committed (crash-clean). */
  commit<T>(db: Db, files: ReceivedFile[], write: (trx: Kysely<Database>) => Promise<T>): Promise<T>;
  /** Deletes stored files, after the write that dropped them committed. */
  remove(names: (string | null | undefined)[]): Promise<void>;
  /**
   * This machine's temp folder: finishes what a crash interrupted after its record committed, and
   * discards received files older than `abandonedBefore`. Every instance runs it for its own machine.
   */
  sweepTemp(
    isReferenced: (names: string[]) => Promise<Set<string>>,
    abandonedBefore: Date,
  ): Promise<Pick<SweepOutcome, 'published' | 'discarded'>>;
  /** Deletes stored files no record names, older than `orphanedBefore`: once across instances. */
  sweepOrphans(isReferenced: (names: string[]) => Promise<Set<string>>, orphanedBefore: Date): Promise<number>;
}

/** Both sweeps, as one instance alone (SQLite, or a start) runs them. */
export async function sweepUploads(
  store: UploadStorage,
  isReferenced: (names: string[]) => Promise<Set<string>>,
  { abandonedBefore, orphanedBefore }: SweepOptions,
): Promise<SweepOutcome> {
  const temp = await store.sweepTemp(isReferenced, abandonedBefore);
  return { ...temp, orphans: await store.sweepOrphans(isReferenced, orphanedBefore) };
}

export interface SweepOptions {
  /** Temp files older than this are abandoned (no request lives that long). */
  abandonedBefore: Date;
  /** Stored files no record names are deleted once older than this. */
  orphanedBefore: Date;
}

export interface SweepOutcome {
  /** Files whose record committed before a crash, put in place now. */
  published: number;
  /** Abandoned temp files deleted. */
  discarded: number;
  /** Stored files no record named, deleted. */
  orphans: number;
}

/**
 * The uploads folder (DATA_DIR/uploads, served at /uploads/). Records store file names. A write
 * goes in three steps, so that a crash at any point leaves nothing half done:
 *   1. the received file is staged in `.tmp/` under its final name (never served);
 *   2. the transaction writing the record commits;
 *   3. the staged file is renamed into place (an atomic step on one file system).
 * A crash before 2 leaves a staged file no record names: discarded by the sweep. A crash between 2
 * and 3 leaves a record whose file is staged: the sweep finishes step 3. Files a write replaced or a
 * delete dropped are removed after the commit; a crash before that leaves an orphan the sweep deletes.
 */
export class UploadStore implements UploadStorage {
  readonly tempDir: string;

  constructor(
    readonly dir: string,
    private readonly log?: FastifyBaseLogger,
  ) {
    this.tempDir = path.join(dir, TEMP_FOLDER);
  }

  close(): void {
    // Nothing held: on SQLite the server's DATA_DIR lock already makes this process the only one here.
  }

  prepare(): void {
    fs.mkdirSync(this.tempDir, { recursive: true });
  }

  static newName(extension: string): string {
    return `${randomBytes(16).toString('hex')}.${extension}`;
  }

  static isName(value: unknown): value is string {
    return typeof value === 'string' && NAME.test(value);
  }

  pathOf(name: string): string {
    if (!UploadStore.isName(name)) throw new Error(`Not an upload name: ${name}`);
    return path.join(this.dir, name);
  }

  private stagedPathOf(name: string): string {
    if (!UploadStore.isName(name)) throw new Error(`Not an upload name: ${name}`);
    return path.join(this.tempDir, name);
  }

  async commit<T>(db: Db, files: ReceivedFile[], write: (trx: Kysely<Database>) => Promise<T>): Promise<T> {
    for (const file of files) {
      const staged = this.stagedPathOf(file.name);
      await fs.promises.rename(file.tempPath, staged);
      // Still the caller's to discard (withForm) should the write fail.
      file.tempPath = staged;
    }
    const result = await db.kysely.transaction().execute(write);
    // From here the staged file is the sweep's, should the record not land (a write scope rolled back).
    for (const file of files) file.committed = true;
    // In place once the record is committed: inside a write scope (db/write-scope.ts), when it commits;
    // if the scope rolls back, the record never was, and neither is its file.
    await WriteScope.afterCommit(
      async () => {
        for (const file of files) {
          try {
            await fs.promises.rename(file.tempPath, this.pathOf(file.name));
          } catch (error) {
            // The record is written: the sweep puts the staged file in place (at start and hourly).
            this.log?.error({ err: error, file: file.name }, 'a committed upload could not be put in place yet');
          }
        }
      },
      async () => {
        for (const file of files) await fs.promises.rm(file.tempPath, { force: true });
      },
    );
    return result;
  }

  async sweepTemp(
    isReferenced: (names: string[]) => Promise<Set<string>>,
    abandonedBefore: Date,
  ): Promise<Pick<SweepOutcome, 'published' | 'discarded'>> {
    const outcome = { published: 0, discarded: 0 };
    const temp = await fs.promises.readdir(this.tempDir);
    const staged = temp.filter((name) => UploadStore.isName(name));
    const committed = await isReferenced(staged);
    for (const name of temp) {
      const file = path.join(this.tempDir, name);
      if (committed.has(name)) {
        await fs.promises.rename(file, this.pathOf(name));
        outcome.published++;
      } else if (await olderThan(file, abandonedBefore)) {
        await fs.promises.rm(file, { force: true, recursive: true });
        outcome.discarded++;
      }
    }
    return outcome;
  }

  async sweepOrphans(isReferenced: (names: string[]) => Promise<Set<string>>, orphanedBefore: Date): Promise<number> {
    let orphans = 0;
    const stored = (await fs.promises.readdir(this.dir)).filter((name) => UploadStore.isName(name));
    const named = await isReferenced(stored);
    for (const name of stored) {
      if (named.has(name) || !(await olderThan(this.pathOf(name), orphanedBefore))) continue;
      await fs.promises.rm(this.pathOf(name), { force: true });
      orphans++;
    }
    return orphans;
  }

  /** Deletes stored files (after the write that dropped them committed); a missing one is fine. */
  async remove(names: (string | null | undefined)[]): Promise<void> {
    // Inside a write scope the write may still be undone: the files go once it is committed.
    await WriteScope.afterCommit(() => this.removeNow(names));
  }

  private async removeNow(names: (string | null | undefined)[]): Promise<void> {
    await Promise.all(
      names.filter(UploadStore.isName).map(async (name) => {
        try {
          await fs.promises.rm(this.pathOf(name), { force: true });
        } catch (error) {
          // The record is gone already; an undeletable file is worth a log line, not a failed call.
          this.log?.error({ err: error, file: name }, 'could not delete an uploaded file');
        }
      }),
    );
  }
}

async function olderThan(file: string, date: Date): Promise<boolean> {
  try {
    return (await fs.promises.stat(file)).mtime < date;
  } catch {
    return false;
  }
}

const IMG_SRC = /(<img\b[^>]*?\bsrc=")([^"]*)"/gi;

/**
 * Rich text as stored: an image of ours is written as its path, `/uploads/<name>`, whatever origin
 * the editor showed it from, so that no Host or old address is ever kept in a record.
 */
export function storedHtml(html: string): string {
  return html.replace(IMG_SRC, (whole, start: string, src: string) => {
    const name = uploadNameFromUrl(src);
    return name ? `${start}${UPLOADS_PATH}${name}"` : whole;
  });
}

/** Rich text as answered: the paths of our images made absolute from the public origin. */
export function servedHtml(html: string, origin: string): string {
  return html.replace(IMG_SRC, (whole, start: string, src: string) =>
    src.startsWith(UPLOADS_PATH) ? `${start}${origin}${src}"` : whole,
  );
}

/** The absolute URL of a stored file. */
export function uploadUrl(origin: string, name: string): string {
  return `${origin}${UPLOADS_PATH}${name}`;
}

/**
 * The stored file a URL (any host) or path refers to: the name after `/uploads/`, when it is one of
 * our generated names.
 */
export function uploadNameFromUrl(value: string): string | undefined {
  let pathname: string;
  try {
    pathname = new URL(value, 'http://localhost').pathname;
  } catch {
    return undefined;
  }
  const at = pathname.lastIndexOf(UPLOADS_PATH);
  if (at < 0) return undefined;
  const name = pathname.slice(at + UPLOADS_PATH.length);
  return UploadStore.isName(name) ? name : undefined;
}

/**
 * The origin put in front of upload paths in answers (the mobile app needs absolute URLs): PUBLIC_URL,
 * else the address the server listens on (start warns that it is unset). Never the request's Host:
 * that is the client's to write, and answers are cached for everyone.
 */
export function publicOrigin(app: FastifyInstance): string {
  if (app.config.publicUrl) return app.config.publicUrl;
  const address = app.server.address();
  if (!address || typeof address === 'string') return 'http://localhost';
  const wildcard = address.address === '0.0.0.0' || address.address === '::';
  const host = wildcard ? 'localhost' : address.family === 'IPv6' ? `[${address.address}]` : address.address;
  return `http://${host}:${address.port}`;
}
