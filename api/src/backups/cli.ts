import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadConfig } from '../config';
import { openDatabase } from '../db/database';
import { sizeInWords } from '../http/archives';
import type { BackupProgress } from './archive';
import { createBackup } from './create';
import { restoreBackup, RestoreRefused } from './restore';

/**
 * The operator's backup commands (docs/backups.md):
 *
 *   npm run backup [-- --to <folder>]                          one archive, in BACKUP_DIR by default
 *   npm run restore -- <archive> [--data-dir <dir>] [--replace] into DATA_DIR (and DATABASE_URL)
 */
const USAGE = `usage:
  npm run backup [-- --to <folder>]                              write a backup archive (default BACKUP_DIR)
  npm run restore -- <archive> [--data-dir <folder>] [--replace]  restore one into DATA_DIR (or DATABASE_URL)`;

export class BackupCommandError extends Error {
  override name = 'BackupCommandError';
}

function options(args: string[], known: string[], flags: string[]): { named: Map<string, string>; rest: string[] } {
  const named = new Map<string, string>();
  const rest: string[] = [];
  for (let at = 0; at < args.length; at++) {
    const arg = args[at]!;
    if (flags.includes(arg)) named.set(arg, 'yes');
    else if (known.includes(arg)) {
      const value = args[++at];
      if (!value) throw new BackupCommandError(`${arg} needs a folder.\n${USAGE}`);
      named.set(arg, value);
    } else if (arg.startsWith('--')) throw new BackupCommandError(`Unknown option ${arg}.\n${USAGE}`);
    else rest.push(arg);
  }
  return { named, rest };
}

/** A line now and then: a step begun, and every tenth of a long one. */
function reporter(say: (line: string) => void): (progress: BackupProgress) => void {
  const words = {
    database: 'Copying the database',
    files: 'Gathering the files',
    checking: 'Checking',
    archive: 'Compressing',
    restoring: 'Restoring',
  };
  let step = '';
  let tenth = 0;
  return ({ step: now, done, total }) => {
    if (now !== step) {
      step = now;
      tenth = 0;
      say(`${words[now]}…`);
    }
    const reached = total ? Math.floor((done / total) * 10) : 0;
    if (reached > tenth && reached < 10) {
      tenth = reached;
      say(`  ${reached * 10} %`);
    }
  };
}

export async function run(
  argv: string[],
  env: NodeJS.ProcessEnv = process.env,
  say: (line: string) => void = console.log,
): Promise<string[]> {
  const [command, ...args] = argv;
  if (command === 'backup') {
    const { named, rest } = options(args, ['--to'], []);
    if (rest.length) throw new BackupCommandError(`Unexpected ${rest.join(' ')}.\n${USAGE}`);
    const config = loadConfig(env);
    // Opening a database that is not there would make an empty one.
    if (!config.databaseUrl && !fs.existsSync(path.join(config.dataDir, 'app.db'))) {
      throw new BackupCommandError(`No database in ${config.dataDir} (no app.db): is DATA_DIR right?`);
    }
    const db = openDatabase(config);
    try {
      const started = performance.now();
      const { file, bytes, manifest } = await createBackup({
        config,
        db,
        to: named.get('--to'),
        madeBy: 'npm run backup',
        progress: reporter(say),
        onClearFailed: (error) =>
          say(`The dashboard's notice of a failed daily backup could not be cleared: ${(error as Error).message}`),
      });
      const rows = Object.values(manifest.tables).reduce((sum, n) => sum + n, 0);
      return [
        `Backup written: ${file}`,
        `${sizeInWords(bytes)}, ${rows} rows and ${manifest.members.length} files, in ${((performance.now() - started) / 1000).toFixed(1)} s (version ${manifest.productVersion}, schema ${manifest.schemaVersion}).`,
      ];
    } finally {
      await db.close();
    }
  }
  if (command === 'restore') {
    const { named, rest } = options(args, ['--data-dir'], ['--replace']);
    if (rest.length !== 1) throw new BackupCommandError(`Name one archive to restore.\n${USAGE}`);
    const dataDir = named.get('--data-dir');
    const config = loadConfig(dataDir ? { ...env, DATA_DIR: dataDir } : env);
    try {
      const manifest = await restoreBackup({
        config,
        archive: rest[0]!,
        replace: named.has('--replace'),
        progress: reporter(say),
      });
      return [
        `Restored the backup of ${manifest.createdAt} (version ${manifest.productVersion}) into ${config.databaseUrl ? `the database's schema ${config.databaseSchema ?? 'public'} and ` : ''}${config.dataDir}.`,
        'Start the server (npm start): it migrates the database forward if the backup is of an older version.',
      ];
    } catch (error) {
      if (error instanceof RestoreRefused) throw new BackupCommandError(error.message);
      throw error;
    }
  }
  throw new BackupCommandError(USAGE);
}

if (require.main === module) {
  // Beside a running server, the server's requests come first: the backup takes what CPU is left.
  try {
    os.setPriority(os.constants.priority.PRIORITY_LOW);
  } catch {
    // Not allowed here (some containers): it runs at the usual priority.
  }
  run(process.argv.slice(2)).then(
    (lines) => {
      for (const line of lines) console.log(line);
    },
    (error: unknown) => {
      // Said to the operator in words; what went wrong is in the message (a full disk, a refused folder).
      console.error(error instanceof Error ? error.message : error);
      process.exit(1);
    },
  );
}
