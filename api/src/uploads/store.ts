import fs from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { Db } from '../db/database';
import type { Database } from '../db/schema';
import { badRequest } from '../http/errors';

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

const HOST = /^(?:[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.?|\[[0-9A-Fa-f:.]+\])(?::\d{1,5})?$/;

/**
 * The origin put in front of upload paths in answers: PUBLIC_URL when set, else the request's own
 * protocol and host (through a trusted proxy: X-Forwarded-Proto and -Host).
 */
export function publicOrigin(request: FastifyRequest): string {
  const configured = request.server.config.publicUrl;
  if (configured) return configured;
  const host = request.host;
  if (!HOST.test(host)) throw badRequest('The Host header of the request is not valid');
  return `${request.protocol}://${host}`;
}
