import { buildDirs } from '../config';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { Header, Pax } from 'tar';
import type { TestServer } from './harness';

/** One entry of a test archive: a file (its data), a folder, or anything a release may not hold. */
export interface ArchiveEntry {
  path: string;
  type?: 'File' | 'Directory' | 'SymbolicLink' | 'Link' | 'CharacterDevice' | 'FIFO';
  data?: string | Buffer;
  linkpath?: string;
}

/**
 * A .tar.gz written entry by entry, exactly as given: the names and kinds an honest `tar` would never
 * write (`../`, an absolute path, a link) included. `after` is what follows the archive's end (the two
 * zero blocks): `tar` ignores it, and an attacker pads with it.
 */
export function tarGz(entries: ArchiveEntry[], after?: Buffer): Buffer {
  const blocks: Buffer[] = [];
  for (const entry of entries) {
    const data = entry.data === undefined ? Buffer.alloc(0) : Buffer.from(entry.data);
    const type = entry.type ?? 'File';
    const header = new Header({
      path: entry.path,
      type,
      size: type === 'File' ? data.length : 0,
      mode: type === 'Directory' ? 0o755 : 0o644,
      mtime: new Date('2026-11-20T10:00:00Z'),
      linkpath: entry.linkpath,
    });
    // A name too long for the header goes before it in an extended (pax) header, as `tar` writes it.
    if (header.encode()) blocks.push(new Pax({ path: entry.path, linkpath: entry.linkpath }).encode());
    blocks.push(header.block!);
    if (type === 'File' && data.length) {
      blocks.push(data, Buffer.alloc((512 - (data.length % 512)) % 512));
    }
  }
  blocks.push(Buffer.alloc(1024));
  if (after) blocks.push(after);
  return zlib.gzipSync(Buffer.concat(blocks));
}

/** The files of a build folder as archive entries, named below its root. */
export function entriesOf(dir: string): ArchiveEntry[] {
  return (fs.readdirSync(dir, { recursive: true, withFileTypes: true }) as fs.Dirent[])
    .filter((entry) => entry.isFile())
    .map((entry) => {
      const file = path.join(entry.parentPath, entry.name);
      return { path: path.relative(dir, file).split(path.sep).join('/'), data: fs.readFileSync(file) };
    });
}

/** A build folder as the archive `npm run release -- --to` uploads. */
export const archiveOf = (dir: string, extra: ArchiveEntry[] = [], after?: Buffer): Buffer =>
  tarGz([...entriesOf(dir), ...extra], after);

/** What the server's start does with the builds it serves: published, and live where nothing is (server.ts). */
export async function adoptBuilds(server: TestServer): Promise<void> {
  const { releases, clusterReleases } = server.app;
  const adopt = () => releases.adoptBuilds(buildDirs(server.config.staticRoots));
  await (clusterReleases ? clusterReleases.change(adopt) : adopt());
}
