import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';

const root = path.resolve(__dirname, '..', '..');

/** 200 MB of uploads, as 200 photos of 1 MB: random bytes, which compress no better than a JPEG. */
export const UPLOAD_FILES = 200;
const UPLOAD_FILE_BYTES = 1024 * 1024;

/** The mobile app's reads while the backup runs: a steady rate, as a parish's phones send them. */
const READS_PER_SECOND = 200;

/** The public list's p99 at a steady rate, until `until` settles (or for `seconds`). */
function publicReads(url: string, seconds: number, until?: Promise<unknown>) {
  return new Promise<{ p99: number; requests: number; failed: number }>((resolve, reject) => {
    const instance = autocannon(
      {
        url,
        connections: 10,
        overallRate: READS_PER_SECOND,
        duration: seconds,
        headers: { 'accept-encoding': 'gzip' },
      },
      (error, result) =>
        error
          ? reject(error)
          : resolve({
              p99: result.latency.p99,
              requests: result.requests.total,
              failed: result.non2xx + result.errors,
            }),
    );
    void until?.finally(() => instance.stop());
  });
}

/**
 * `npm run backup` (the production command, a process of its own) on a server holding 10,000 prayer
 * requests and 200 MB of uploads, while the public reads go on: the backup's time beside its 30 s, and
 * the reads' p99 meanwhile beside 50 ms (and alone, before, for comparison).
 */
export async function backupFigures(options: {
  base: string;
  dataDir: string;
  report: (what: string, figure: string, budget: string) => void;
}): Promise<void> {
  const { base, dataDir, report } = options;
  console.log('\n# 17. npm run backup: 10,000 prayer requests and 200 MB of uploads, the public reads running');
  const uploads = path.join(dataDir, 'uploads');
  mkdirSync(uploads, { recursive: true });
  for (let n = 0; n < UPLOAD_FILES; n++) {
    writeFileSync(path.join(uploads, `${randomBytes(16).toString('hex')}.jpg`), randomBytes(UPLOAD_FILE_BYTES));
  }
  const url = `${base}/api/v1/all/books/`;
  // Warmed first (the list's cache, the JIT), so that "alone" is the steady figure to compare with.
  await publicReads(url, 2);
  const alone = await publicReads(url, 5);

  const to = mkdtempSync(path.join(tmpdir(), 'bench-backups-'));
  try {
    const started = performance.now();
    let output = '';
    const backup = new Promise<number>((resolve, reject) => {
      const child = spawn(process.execPath, [path.join(root, 'api/dist/backups/cli.js'), 'backup', '--to', to], {
        env: { ...process.env, DATA_DIR: dataDir },
        stdio: ['ignore', 'pipe', 'inherit'],
      });
      child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
      child.on('error', reject);
      child.on('exit', (code) => resolve(code ?? 1));
    });
    const during = await publicReads(url, 600, backup);
    const code = await backup;
    const seconds = (performance.now() - started) / 1000;
    if (code !== 0) throw new Error(`npm run backup failed (exit ${code}):\n${output}`);
    const written = output.split('\n').filter((line) => /^Backup written|^\d|rows and/.test(line));
    for (const line of written) console.log(`  ${line}`);
    report('backup: 10,000 prayer requests + 200 MB uploads', `${seconds.toFixed(1)} s`, '≤ 30 s');
    report(
      `public reads' p99 during the backup (${READS_PER_SECOND}/s)`,
      `${during.p99} ms (${during.failed} failed)`,
      '≤ 50 ms',
    );
    report(`public reads' p99 alone, before (${READS_PER_SECOND}/s)`, `${alone.p99} ms`, 'for comparison');
  } finally {
    rmSync(to, { recursive: true, force: true });
  }
}
