import fs from 'node:fs';
import path from 'node:path';
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

/** The entry's name as a path below the archive's root; refused in words when it climbs out or is absolute. */
export function entryPath(name: string): string | undefined {
  if (name.startsWith('/') || /^[A-Za-z]:/.test(name) || name.includes('\\')) {
    throw new ArchiveRefused(`${name} is an absolute path: a release's files are named below its root`);
  }
  const segments = name.split('/').filter((segment) => segment !== '' && segment !== '.');
  if (segments.includes('..')) {
    throw new ArchiveRefused(`${name} climbs out of the release (../): a release's files are named below its root`);
  }
  return segments.length ? segments.join('/') : undefined;
}

/**
 * Unpacks the archive `body` brings into the empty folder `dir` (made here), refusing what a release may
 * not hold. On a refusal the rest of the body is not read (the caller closes the connection after its
 * answer) and what was written stays in `dir` for the caller to remove.
 */
export async function receiveArchive(body: Readable, dir: string, limits: ReleaseLimits): Promise<void> {
  fs.mkdirSync(dir, { recursive: true });
  const parser = new Parser({ strict: true });
  let received = 0;
  let unpacked = 0;
  let files = 0;
  let folders = 0;
  const writes: Promise<unknown>[] = [];
  const open: fs.WriteStream[] = [];

  await new Promise<void>((resolve, reject) => {
    let failed = false;
    // A refusal stops the writing under way and answers once every file is closed: the caller then
    // removes the folder, with nothing still writing into it.
    const fail = (error: unknown) => {
      if (failed) return;
      failed = true;
      body.unpipe(parser);
      for (const out of open) out.destroy();
      void Promise.allSettled(writes).then(() => reject(error));
    };
    const tooLarge = () =>
      new ArchiveRefused(`a release holds at most ${sizeInWords(limits.maxBytes)} (RELEASE_MAX_BYTES)`, 413);

    body.on('data', (chunk: Buffer) => {
      received += chunk.length;
      if (received > limits.maxBytes) fail(tooLarge());
    });
    body.on('error', fail);
    parser.on('error', (error: Error) =>
      fail(
        error instanceof ArchiveRefused
          ? error
          : new ArchiveRefused(`The body is not a .tar.gz archive of a build (${error.message})`),
      ),
    );
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
    body.pipe(parser);
  });
}
