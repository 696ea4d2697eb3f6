import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { randomBytes } from 'node:crypto';
import { finished } from 'node:stream/promises';
import type { Readable } from 'node:stream';
import { Parser, type ReadEntry } from 'tar';
import { sizeInWords, type ReleaseLimits } from './limits';
import { tooManyFiles } from './store';

/**
 * A release uploaded over HTTPS: one archive of a build (`.tar.gz`), read as it arrives and written
 * under a folder of the server's choosing. What the archive may hold is the rule of a release (store.ts
 * copyPlainTree): plain files and folders, named below its root. Anything else is refused in words
 * before it is written: a name with `..` or an absolute one, a link (symbolic or hard), a device or a
 * pipe, and more files or bytes than a release may hold, counted on the archive as it arrives and on
 * what it unpacks to (a small archive may unpack to gigabytes).
 */
export class ArchiveRefused extends Error {
  override name = 'ArchiveRefused';
  constructor(
    message: string,
    /** 413 when the archive is too large, 400 otherwise. */
    readonly statusCode = 400,
  ) {
    super(message);
  }
}

const KINDS: Partial<Record<ReadEntry['type'], string>> = {
  SymbolicLink: 'is a link',
  Link: 'is a hard link',
  CharacterDevice: 'is a device',
  BlockDevice: 'is a device',
  FIFO: 'is a pipe',
};

// A build is a few folders deep; file systems keep names of at most 255 bytes. Past these an archive
// is an attack on the unpacking (and on removing what it left), not a build.
const MAX_DEPTH = 32;
const MAX_NAME_BYTES = 255;

/** The entry's name as a path below the archive's root; refused in words when it climbs out or is absolute. */
export function entryPath(name: string): string | undefined {
  if (name.startsWith('/') || /^[A-Za-z]:/.test(name) || name.includes('\\')) {
    throw new ArchiveRefused(`${name} is an absolute path: a release's files are named below its root`);
  }
  const segments = name.split('/').filter((segment) => segment !== '' && segment !== '.');
  if (segments.includes('..')) {
    throw new ArchiveRefused(`${name} climbs out of the release (../): a release's files are named below its root`);
  }
  const shown = name.length > 80 ? `${name.slice(0, 60)}…` : name;
  if (segments.length > MAX_DEPTH) {
    throw new ArchiveRefused(`${shown} is ${segments.length} folders deep: a release's files are at most ${MAX_DEPTH}`);
  }
  if (segments.some((segment) => Buffer.byteLength(segment) > MAX_NAME_BYTES)) {
    throw new ArchiveRefused(`${shown} has a name longer than ${MAX_NAME_BYTES} bytes, which no file system keeps`);
  }
  return segments.length ? segments.join('/') : undefined;
}

/** The first bytes of a body, put back so that whoever reads it next reads them too; empty at its end. */
async function peek(body: Readable): Promise<Buffer> {
  for (;;) {
    const chunk = body.read() as Buffer | null;
    if (chunk !== null) {
      body.unshift(chunk);
      return chunk;
    }
    if (body.readableEnded || body.destroyed) return Buffer.alloc(0);
    await new Promise<void>((resolve) => {
      const done = () => {
        body.off('readable', done);
        body.off('end', done);
        body.off('error', done);
        resolve();
      };
      body.on('readable', done);
      body.on('end', done);
      body.on('error', done);
    });
  }
}

const isGzip = (bytes: Buffer) => bytes.length >= 2 && bytes[0] === 0x1f && bytes[1] === 0x8b;

/**
 * Unpacks the archive `body` brings into the empty folder `dir` (made here), refusing what a release may
 * not hold. On a refusal the rest of the body is not read (the caller closes the connection after its
 * answer) and what was written stays in `dir` for the caller to remove.
 *
 * A gzip body is decompressed by Node's zlib stream, on the thread pool, never on the event loop; every
 * byte it produces counts against the limit, the zeros after the archive's end included, and past the
 * end of the archive nothing more reaches the tar parser (which would buffer it, at a cost that grows
 * faster than its length).
 */
export async function receiveArchive(body: Readable, dir: string, limits: ReleaseLimits): Promise<void> {
  fs.mkdirSync(dir, { recursive: true });
  const head = await peek(body);
  // 64 KB pieces: a quarter of the default's callbacks on the event loop, for the same bytes.
  const gunzip = isGzip(head) ? zlib.createGunzip({ chunkSize: 64 * 1024 }) : undefined;
  // zstd: false, as brotli is by default: the parser decompresses those itself, synchronously.
  const parser = new Parser({ strict: true, zstd: false });
  const tarBytes: Readable = gunzip ?? body;
  let received = 0;
  let produced = 0;
  let archiveEnded = false;
  let unpacked = 0;
  let files = 0;
  let folders = 0;
  const writes: Promise<unknown>[] = [];
  const open: fs.WriteStream[] = [];

  await new Promise<void>((resolve, reject) => {
    let failed = false;
    // A refusal stops the reading and the writing under way and answers once every file is closed: the
    // caller then removes the folder, with nothing still writing into it.
    const fail = (error: unknown) => {
      if (failed) return;
      failed = true;
      tarBytes.off('data', onTarBytes);
      if (gunzip) {
        body.unpipe(gunzip);
        gunzip.destroy();
      } else body.pause();
      parser.abort(new Error('refused'));
      for (const out of open) out.destroy();
      void Promise.allSettled(writes).then(() => reject(error));
    };
    const notAnArchive = (error: Error) =>
      new ArchiveRefused(`The body is not a .tar.gz archive of a build (${error.message})`);
    const tooLarge = () =>
      new ArchiveRefused(`a release holds at most ${sizeInWords(limits.maxBytes)} (RELEASE_MAX_BYTES)`, 413);

    body.on('data', (chunk: Buffer) => {
      received += chunk.length;
      if (received > limits.maxBytes) fail(tooLarge());
    });
    body.on('error', fail);
    gunzip?.on('error', (error) => fail(notAnArchive(error)));

    function onTarBytes(chunk: Buffer) {
      if (produced === 0 && isGzip(chunk)) return fail(notAnArchive(new Error('an archive inside the archive')));
      produced += chunk.length;
      if (produced > limits.maxBytes) return fail(tooLarge());
      if (archiveEnded) return;
      if (!parser.write(chunk)) tarBytes.pause();
    }
    tarBytes.on('data', onTarBytes);
    tarBytes.on('end', () => {
      if (!failed) parser.end();
    });
    parser.on('drain', () => {
      if (!failed) tarBytes.resume();
    });
    parser.on('eof', () => (archiveEnded = true));
    parser.on('error', (error: Error) => fail(error instanceof ArchiveRefused ? error : notAnArchive(error)));
    parser.on('entry', (entry: ReadEntry) => {
      if (failed) return entry.resume();
      try {
        const relative = entryPath(entry.path);
        const kind = KINDS[entry.type];
        if (kind) throw new ArchiveRefused(`${entry.path} ${kind}: a release holds plain files and folders only`);
        if (relative === undefined || entry.type === 'Directory') {
          folders += 1;
          if (folders > limits.maxFiles) throw new ArchiveRefused(`a release holds at most ${limits.maxFiles} folders`);
          if (relative !== undefined) fs.mkdirSync(path.join(dir, relative), { recursive: true });
          return entry.resume();
        }
        if (entry.type !== 'File' && entry.type !== 'OldFile') {
          throw new ArchiveRefused(
            `${entry.path} is not a plain file or folder: a release holds plain files and folders only`,
          );
        }
        files += 1;
        unpacked += entry.size;
        if (files > limits.maxFiles) throw new ArchiveRefused(`${tooManyFiles(limits)} (RELEASE_MAX_FILES)`);
        if (unpacked > limits.maxBytes) throw tooLarge();
        const target = path.join(dir, relative);
        fs.mkdirSync(path.dirname(target), { recursive: true });
        // `wx`: a name the archive holds twice is refused, never overwritten.
        const out = fs.createWriteStream(target, { flags: 'wx', mode: 0o644 });
        open.push(out);
        writes.push(
          finished(out).catch((error: NodeJS.ErrnoException) =>
            fail(
              error.code === 'EEXIST'
                ? new ArchiveRefused(`${relative} is in the archive twice`)
                : new ArchiveRefused(`${relative} could not be written (${error.code ?? error.message})`),
            ),
          ),
        );
        entry.pipe(out);
      } catch (error) {
        entry.resume();
        fail(
          error instanceof ArchiveRefused
            ? error
            : new ArchiveRefused(`${entry.path} could not be unpacked (${(error as NodeJS.ErrnoException).code})`),
        );
      }
    });
    parser.on('end', () => {
      if (failed) return;
      void Promise.all(writes).then(() => (failed ? undefined : resolve()));
    });
    if (gunzip) body.pipe(gunzip);
  });
}

/**
 * The folder an upload is received into, under `RELEASES_DIR/.uploads/` (the releases' file system, so
 * the publish's rename is atomic), named after this process: the instances of one machine share it.
 */
export function uploadFolder(releasesDir: string): string {
  return path.join(releasesDir, '.uploads', `${process.pid}-${randomBytes(8).toString('hex')}`);
}

/**
 * Removes what uploads left behind when their process died: at a start, every folder of this process
 * id (a restarted server may get its old one) and of a process that no longer runs.
 */
export function removeStaleUploads(releasesDir: string): void {
  const uploads = path.join(releasesDir, '.uploads');
  let names: string[];
  try {
    names = fs.readdirSync(uploads);
  } catch {
    return;
  }
  for (const name of names) {
    const pid = Number(/^(\d+)-/.exec(name)?.[1]);
    if (pid && pid !== process.pid && processRuns(pid)) continue;
    fs.rmSync(path.join(uploads, name), { recursive: true, force: true, maxRetries: 2 });
  }
}

function processRuns(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it runs, as another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
