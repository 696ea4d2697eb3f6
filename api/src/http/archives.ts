import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { finished } from 'node:stream/promises';
import type { Readable } from 'node:stream';
import { Parser, type ReadEntry } from 'tar';

/**
 * Unpacking a `.tar.gz` archive someone else made (a release uploaded over HTTPS, a backup uploaded in
 * Settings or given to `npm run restore`), within limits. What it may hold: plain files and folders,
 * named below its root, each name once. Anything else is refused in words before it is written: a
 * name with `..` or an absolute one, a link (symbolic or hard), a device or a pipe, a name twice, and
 * more files or bytes than the caller allows, counted on the archive as it arrives and on what it
 * unpacks to as it streams (a small archive may unpack to gigabytes; a header's size is not trusted).
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

/** How the refusals name what the archive is, and the settings its limits come from. */
export interface ArchiveWords {
  /** "a release": "a release holds at most 5000 files". */
  one: string;
  /** "the release": "x climbs out of the release (../)". */
  the: string;
  /** Said of a body that does not unpack: "The body is not a .tar.gz archive of a build". */
  notAnArchive: string;
  maxFilesSetting: string;
  maxBytesSetting: string;
  maxFileBytesSetting?: string;
}

export interface ArchiveLimits {
  /** Files, and folders, each. */
  maxFiles: number;
  /** Bytes received, and bytes unpacked (the tar stream, padding and all). */
  maxBytes: number;
  /** Bytes of one file. */
  maxFileBytes?: number;
  /** The files' mode: a backup's hold secrets (0o600). */
  fileMode?: number;
  words: ArchiveWords;
}

/** "200 MB", "512 KB", "300 bytes", as a refusal says a limit. */
export function sizeInWords(bytes: number): string {
  const round = (value: number) => String(Math.round(value * 10) / 10);
  if (bytes >= 1024 * 1024 * 1024) return `${round(bytes / (1024 * 1024 * 1024))} GB`;
  if (bytes >= 1024 * 1024) return `${round(bytes / (1024 * 1024))} MB`;
  if (bytes >= 1024) return `${round(bytes / 1024)} KB`;
  return `${bytes} bytes`;
}

const KINDS: Partial<Record<ReadEntry['type'], string>> = {
  SymbolicLink: 'is a link',
  Link: 'is a hard link',
  CharacterDevice: 'is a device',
  BlockDevice: 'is a device',
  FIFO: 'is a pipe',
};

// Builds and backups are a few folders deep; file systems keep names of at most 255 bytes. Past these
// an archive is an attack on the unpacking (and on removing what it left), not one of ours.
const MAX_DEPTH = 32;
const MAX_NAME_BYTES = 255;

/** The entry's name as a path below the archive's root; refused in words when it climbs out or is absolute. */
export function entryPath(name: string, words: ArchiveWords): string | undefined {
  const below = `${words.one}'s files are named below its root`;
  if (name.startsWith('/') || /^[A-Za-z]:/.test(name) || name.includes('\\')) {
    throw new ArchiveRefused(`${name} is an absolute path: ${below}`);
  }
  const segments = name.split('/').filter((segment) => segment !== '' && segment !== '.');
  if (segments.includes('..')) throw new ArchiveRefused(`${name} climbs out of ${words.the} (../): ${below}`);
  const shown = name.length > 80 ? `${name.slice(0, 60)}…` : name;
  if (segments.length > MAX_DEPTH) {
    throw new ArchiveRefused(
      `${shown} is ${segments.length} folders deep: ${words.one}'s files are at most ${MAX_DEPTH}`,
    );
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
 * Unpacks the archive `body` brings into the folder `dir` (made here), refusing what `limits` do not
 * allow. On a refusal the rest of the body is not read (an HTTP caller closes the connection after its
 * answer) and what was written stays in `dir` for the caller to remove.
 *
 * A gzip body is decompressed by Node's zlib stream, on the thread pool, never on the event loop; every
 * byte it produces counts against the limit, the zeros after the archive's end included, and past the
 * end of the archive nothing more reaches the tar parser (which would buffer it, at a cost that grows
 * faster than its length). Each file's bytes are counted as they are written, not taken from its header.
 */
export async function unpackArchive(body: Readable, dir: string, limits: ArchiveLimits): Promise<void> {
  const { words } = limits;
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
    const notAnArchive = (error: Error) => new ArchiveRefused(`${words.notAnArchive} (${error.message})`);
    const tooLarge = () =>
      new ArchiveRefused(`${words.one} holds at most ${sizeInWords(limits.maxBytes)} (${words.maxBytesSetting})`, 413);
    const fileTooLarge = (name: string, max: number) =>
      new ArchiveRefused(
        `${name} is larger than ${sizeInWords(max)}: ${words.one}'s files are at most that${words.maxFileBytesSetting ? ` (${words.maxFileBytesSetting})` : ''}`,
        413,
      );

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
        const relative = entryPath(entry.path, words);
        const kind = KINDS[entry.type];
        if (kind) throw new ArchiveRefused(`${entry.path} ${kind}: ${words.one} holds plain files and folders only`);
        if (relative === undefined || entry.type === 'Directory') {
          folders += 1;
          if (folders > limits.maxFiles)
            throw new ArchiveRefused(`${words.one} holds at most ${limits.maxFiles} folders`);
          if (relative !== undefined) fs.mkdirSync(path.join(dir, relative), { recursive: true });
          return entry.resume();
        }
        if (entry.type !== 'File' && entry.type !== 'OldFile') {
          throw new ArchiveRefused(
            `${entry.path} is not a plain file or folder: ${words.one} holds plain files and folders only`,
          );
        }
        files += 1;
        // The headers' sizes refuse early; the bytes produced are counted anyway (onTarBytes).
        unpacked += entry.size;
        if (files > limits.maxFiles) {
          throw new ArchiveRefused(`${words.one} holds at most ${limits.maxFiles} files (${words.maxFilesSetting})`);
        }
        if (unpacked > limits.maxBytes) throw tooLarge();
        const maxFileBytes = limits.maxFileBytes;
        if (maxFileBytes !== undefined && entry.size > maxFileBytes) throw fileTooLarge(relative, maxFileBytes);
        const target = path.join(dir, relative);
        fs.mkdirSync(path.dirname(target), { recursive: true });
        // `wx`: a name the archive holds twice is refused, never overwritten.
        const out = fs.createWriteStream(target, { flags: 'wx', mode: limits.fileMode ?? 0o644 });
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
        // Piped by hand, so that each chunk is counted before it is written, whatever its header said.
        let written = 0;
        entry.on('data', (chunk: Buffer) => {
          if (failed) return;
          written += chunk.length;
          if (maxFileBytes !== undefined && written > maxFileBytes) return fail(fileTooLarge(relative, maxFileBytes));
          if (!out.write(chunk)) entry.pause();
        });
        out.on('drain', () => entry.resume());
        entry.on('end', () => {
          if (!failed) out.end();
        });
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
