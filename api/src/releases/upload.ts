import fs from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import type { Readable } from 'node:stream';
import { unpackArchive, type ArchiveWords } from '../http/archives';
import type { ReleaseLimits } from './limits';

export { ArchiveRefused } from '../http/archives';

/** What a release may hold, said as a refusal says it (http/archives.ts unpacks it). */
const RELEASE_WORDS: ArchiveWords = {
  one: 'a release',
  the: 'the release',
  notAnArchive: 'The body is not a .tar.gz archive of a build',
  maxFilesSetting: 'RELEASE_MAX_FILES',
  maxBytesSetting: 'RELEASE_MAX_BYTES',
};

/**
 * A release uploaded over HTTPS: one archive of a build (`.tar.gz`), read as it arrives and written
 * under a folder of the server's choosing, within the release's limits (store.ts copyPlainTree has the
 * same rule for a build folder). On a refusal what was written stays in `dir` for the caller to remove.
 */
export async function receiveArchive(body: Readable, dir: string, limits: ReleaseLimits): Promise<void> {
  await unpackArchive(body, dir, { ...limits, words: RELEASE_WORDS });
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
