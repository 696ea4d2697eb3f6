import fs from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Db } from '../db/database';
import type { Database } from '../db/schema';

/** A file received with a form, waiting in the temp folder until its record is written. */
export interface ReceivedFile {
  /** The form field it came in. */
  field: string;
  /** Its generated name in the uploads folder (random hex + extension of the detected type). */
  name: string;
  tempPath: string;
  size: number;
  mimeType: string;
  isImage: boolean;
  /** The name the client gave; only informative, never trusted. */
  originalName: string;
}

/** Generated names only: anything else found in a record or a URL is not one of our files. */
const NAME = /^[0-9a-f]{32}\.[a-z0-9]{1,10}$/;

export const UPLOADS_PATH = '/uploads/';

/** The folder (inside the uploads folder, hidden from serving) where files wait for their record. */
const TEMP_FOLDER = '.tmp';

/**
 * The uploads folder (DATA_DIR/uploads, served at /uploads/). Records store file names; a file is
 * moved in only when its record's write commits, and removed once no record refers to it.
 */
export class UploadStore {
  readonly tempDir: string;

  constructor(
    readonly dir: string,
    private readonly log?: FastifyBaseLogger,
  ) {
    this.tempDir = path.join(dir, TEMP_FOLDER);
  }

  /** Creates the folders; call once at start. */
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

  /**
   * Runs `write` in a transaction and moves the files into place before it commits: a failed write
   * leaves no file behind (the temp files are the caller's to discard), and a failed move or commit
   * undoes both.
   */
  async commit<T>(db: Db, files: ReceivedFile[], write: (trx: Kysely<Database>) => Promise<T>): Promise<T> {
    const moved: string[] = [];
    try {
      return await db.kysely.transaction().execute(async (trx) => {
        const result = await write(trx);
        for (const file of files) {
          await fs.promises.rename(file.tempPath, this.pathOf(file.name));
          moved.push(file.name);
        }
        return result;
      });
    } catch (error) {
      await this.remove(moved);
      throw error;
    }
  }

  /** Deletes stored files (after the write that dropped them committed); a missing one is fine. */
  async remove(names: (string | null | undefined)[]): Promise<void> {
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
