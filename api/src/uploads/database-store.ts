import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely, Transaction } from 'kysely';
import type { Db } from '../db/database';
import { timestamp } from '../db/ids';
import { holdFileLock, isFileLockHeld } from '../db/instances';
import type { Database } from '../db/schema';
import { UploadStore, type ReceivedFile, type SweepOutcome, type UploadStorage } from './store';

/** Rows of at most this many bytes: small enough for the driver, few enough for a 20 MB file (80). */
const CHUNK_BYTES = 256 * 1024;

/** Names asked or deleted at once, within the engines' parameter limits. */
const BATCH = 500;

/** A stored file as served: its size, and its content read chunk by chunk as it is sent. */
export interface StoredFile {
  size: number;
  content(): Readable;
}

/**
 * Uploads kept in PostgreSQL (migration 0009), so that every instance on the database serves the same
 * files: a `stored_files` row and the content in `stored_file_chunks`. A received file is written in
 * the same transaction as its record, so a crash leaves either both or neither; nothing is staged.
 * Files a write replaced or a delete dropped are deleted after the commit; a crash before that leaves
 * an orphan the sweep deletes. Received files wait in this instance's temp folder meanwhile.
 */
/** Stores the file at `source` under `name`, in the caller's transaction (a form's upload, a restore). */
export async function insertStoredFile(trx: Transaction<Database>, name: string, source: string): Promise<void> {
  const { size } = await fs.promises.stat(source);
  await trx.insertInto('storedFiles').values({ name, size, createdAt: timestamp() }).execute();
  let seq = 0;
  for await (const data of fs.createReadStream(source, { highWaterMark: CHUNK_BYTES }) as AsyncIterable<Buffer>)
    await trx.insertInto('storedFileChunks').values({ name, seq: seq++, data }).execute();
}

/** The file in an instance's receiving folder whose lock it holds while it runs. */
export const OWNER_LOCK = '.owner.lock';

export class DatabaseUploadStore implements UploadStorage {
  readonly tempDir: string;

  constructor(
    private readonly db: Db,
    /** The local uploads folder: only its temp folder is used (and, once, its files are adopted). */
    private readonly localDir: string,
    private readonly log?: FastifyBaseLogger,
  ) {
    // Instances may share DATA_DIR: each receives into a folder of its own, which it holds a lock in
    // for its life, so that the sweep can tell a dead instance's leftovers on this machine from a
    // living one's requests. A process id alone cannot: a restarted container often has the same one.
    this.tempRoot = path.join(localDir, '.tmp');
    this.tempDir = path.join(this.tempRoot, `${os.hostname()}-${process.pid}-${randomBytes(4).toString('hex')}`);
  }

  private readonly tempRoot: string;
  private releaseOwnerLock?: () => void;

  prepare(): void {
    fs.mkdirSync(this.tempDir, { recursive: true });
    this.releaseOwnerLock = holdFileLock(path.join(this.tempDir, OWNER_LOCK));
  }

  close(): void {
    this.releaseOwnerLock?.();
    this.releaseOwnerLock = undefined;
  }

  async commit<T>(db: Db, files: ReceivedFile[], write: (trx: Kysely<Database>) => Promise<T>): Promise<T> {
    const result = await db.kysely.transaction().execute(async (trx) => {
      for (const file of files) await this.insert(trx, file.name, file.tempPath);
      return await write(trx);
    });
    for (const file of files) {
      file.committed = true;
      await fs.promises.rm(file.tempPath, { force: true });
    }
    return result;
  }

  private insert(trx: Transaction<Database>, name: string, source: string): Promise<void> {
    return insertStoredFile(trx, name, source);
  }

  /** The stored file of that name, or undefined. */
  async read(name: string): Promise<StoredFile | undefined> {
    if (!UploadStore.isName(name)) return undefined;
    const row = await this.db.kysely
      .selectFrom('storedFiles')
      .select('size')
      .where('name', '=', name)
      .executeTakeFirst();
    if (!row) return undefined;
    const kysely = this.db.kysely;
    return {
      size: Number(row.size),
      content: () =>
        // One chunk in memory at a time, read when the client is ready for it.
        Readable.from(
          (async function* () {
            for (let seq = 0; ; seq++) {
              const chunk = await kysely
                .selectFrom('storedFileChunks')
                .select('data')
                .where('name', '=', name)
                .where('seq', '=', seq)
                .executeTakeFirst();
              if (!chunk) return;
              yield chunk.data;
            }
          })(),
          { objectMode: false },
        ),
    };
  }

  async remove(names: (string | null | undefined)[]): Promise<void> {
    const stored = names.filter(UploadStore.isName);
    for (let at = 0; at < stored.length; at += BATCH) {
      try {
        await this.db.kysely
          .deleteFrom('storedFiles')
          .where('name', 'in', stored.slice(at, at + BATCH))
          .execute();
      } catch (error) {
        // The record is gone already; the sweep deletes the file later. Worth a log line, not a failed call.
        this.log?.error({ err: error, files: stored.slice(at, at + BATCH) }, 'could not delete uploaded files');
      }
    }
  }

  async sweepTemp(
    _isReferenced: (names: string[]) => Promise<Set<string>>,
    abandonedBefore: Date,
  ): Promise<Pick<SweepOutcome, 'published' | 'discarded'>> {
    // Nothing to finish: a file goes into the database in its record's transaction.
    return { published: 0, discarded: await this.discardAbandoned(abandonedBefore) };
  }

  async sweepOrphans(isReferenced: (names: string[]) => Promise<Set<string>>, orphanedBefore: Date): Promise<number> {
    let orphanCount = 0;
    // Oldest first, a batch at a time, so that a large store never sits in memory.
    let after = '';
    for (;;) {
      const batch = (
        await this.db.kysely
          .selectFrom('storedFiles')
          .select('name')
          .where('createdAt', '<', timestamp(orphanedBefore))
          .where('name', '>', after)
          .orderBy('name')
          .limit(BATCH)
          .execute()
      ).map((row) => row.name);
      if (batch.length === 0) break;
      after = batch.at(-1)!;
      const named = await isReferenced(batch);
      const orphans = batch.filter((name) => !named.has(name));
      if (orphans.length) {
        await this.db.kysely.deleteFrom('storedFiles').where('name', 'in', orphans).execute();
        orphanCount += orphans.length;
      }
    }
    return orphanCount;
  }

  /**
   * Received files no request will finish: everything of an instance of this machine that is no longer
   * running, and anything older than `before` (other machines' instances, files left in the temp root).
   */
  private async discardAbandoned(before: Date): Promise<number> {
    let discarded = 0;
    const discard = async (file: string, always: boolean) => {
      const stat = await fs.promises.stat(file).catch(() => undefined);
      if (!stat || (!always && stat.mtime >= before)) return;
      await fs.promises.rm(file, { force: true, recursive: true });
      discarded++;
    };
    for (const entry of await fs.promises.readdir(this.tempRoot, { withFileTypes: true })) {
      const at = path.join(this.tempRoot, entry.name);
      if (!entry.isDirectory()) {
        await discard(at, false);
        continue;
      }
      const dead = at !== this.tempDir && this.isStoppedInstanceFolder(at, entry.name);
      for (const name of await fs.promises.readdir(at)) {
        if (name !== OWNER_LOCK) await discard(path.join(at, name), dead);
      }
      // Only a stopped instance's folder goes: a running one (here or on another machine) receives into
      // its own between two sweeps, empty or not.
      if (dead) await fs.promises.rm(at, { recursive: true, force: true });
    }
    return discarded;
  }

  /** True for the receiving folder of an instance of this machine that no longer runs. */
  private isStoppedInstanceFolder(folder: string, name: string): boolean {
    // host-pid, or host-pid-random (8 hex digits, which may all be decimal ones): the host is matched
    // whole, since a pattern would take '<host>-<pid>' for the host when the random part is all digits.
    const host = `${os.hostname()}-`;
    if (!name.startsWith(host)) return false;
    const [, pid] = /^(\d+)(?:-[0-9a-f]{8})?$/.exec(name.slice(host.length)) ?? [];
    if (pid === undefined) return false;
    const lock = path.join(folder, OWNER_LOCK);
    // Its owner's lock tells; a folder without one (an older version's, or removed and made again
    // under a running instance) is judged by its process id.
    return fs.existsSync(lock) ? !isFileLockHeld(lock) : !isRunning(Number(pid));
  }

  /**
   * Moves the files of the local uploads folder (a deployment that ran with them before) into the
   * database, each in its own transaction and deleted locally only after it committed. Files no record
   * names come along too; the sweep judges them. Answers how many moved.
   */
  async adoptLocalFiles(): Promise<number> {
    const candidates = [
      ...(await fs.promises.readdir(this.localDir)).map((name) => path.join(this.localDir, name)),
      // Staged by the local store, whose record may have committed before it stopped.
      ...(await fs.promises.readdir(this.tempRoot)).map((name) => path.join(this.tempRoot, name)),
    ].filter((file) => UploadStore.isName(path.basename(file)));
    let adopted = 0;
    for (const file of candidates) {
      const name = path.basename(file);
      const known = await this.db.kysely
        .selectFrom('storedFiles')
        .select('name')
        .where('name', '=', name)
        .executeTakeFirst();
      if (!known) {
        await this.db.kysely.transaction().execute((trx) => this.insert(trx, name, file));
        adopted++;
      }
      await fs.promises.rm(file, { force: true });
    }
    return adopted;
  }
}

function isRunning(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: running, as another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
