import path from 'node:path';
import { loadConfig, repoRoot } from '../config';
import { Releases, releasesConfig } from './releases';
import { migrateWithBackup } from '../backups/upgrade';
import { openDatabase } from '../db/database';
import { exclusively, LOCKS } from '../db/instances';
import { ClusterReleases } from './cluster-sync';
import { ReleaseError, SHELL } from './store';

/**
 * The remote teams' commands (docs/remote-teams.md). They change files under DATA_DIR (and, with
 * DATABASE_URL, the database: runShared): a running server picks the new map up at the next request,
 * with no restart.
 *
 *   publish  <remote> [build folder]        copy a build into its immutable release folder
 *   deploy   <remote> [release] [--entry URL]  make a release live (default: the newest)
 *   deploy   <remote> <release> --share N   roll a release out to N % of the browsers
 *   promote  <remote>                      make the release in rollout live for every browser
 *   rollback <remote>                      back to the release live before (during a rollout: end it)
 *   releases [remote]                      list releases, marking the live one
 *   move-path <path> <remote>              hand a screen's path to another remote
 */
const USAGE = `usage:
  npm run release -w remote-<name>                 build and publish a release, print its id
  npm run release -w shell                         the same for the shell
  npm run deploy -- <name> [release] [--entry URL] put a release live (default: the newest)
  npm run deploy -- <name> <release> --share <N>   serve it to N % of the browsers (0-100), the live one to the rest
  npm run promote -- <name>                        put the release in rollout live for every browser
  npm run rollback -- <name>                       back to the release live before (during a rollout: end it)
  npm run releases [-- <name>]                     list the releases, marking the live one
  npm run move-path -- <path> <name>               hand a screen's path to another remote`;

function take(args: string[], flag: string): string | undefined {
  const index = args.indexOf(flag);
  if (index < 0) return undefined;
  const [, value] = args.splice(index, 2);
  if (!value) throw new ReleaseError(`${flag} needs a value`);
  return value;
}

/** `--share N`: a whole number of percent, or undefined when not given. */
function shareArgument(args: string[]): number | undefined {
  const given = take(args, '--share');
  if (given === undefined) return undefined;
  if (!/^\d{1,3}$/.test(given) || Number(given) > 100) {
    throw new ReleaseError(`--share must be a whole number of percent from 0 to 100 (got "${given}")`);
  }
  return Number(given);
}

function remoteArgument(releases: Releases, name: string | undefined): string {
  if (!name) throw new ReleaseError(`name a remote.\n${USAGE}`);
  const known = releases.store.remotes();
  if (!known.includes(name)) {
    throw new ReleaseError(`"${name}" has no published release (known: ${known.join(', ') || 'none yet'})`);
  }
  return name;
}

function list(releases: Releases, only?: string): string[] {
  const lines: string[] = [];
  const current = releases.readMap();
  if (current.ok === false) {
    lines.push(`! ${releases.config.mapFile} is refused: ${current.problems.join('; ')}`);
    lines.push('! The server keeps serving the last good map until the file is fixed.');
  }
  const live =
    (current.ok === true ? current.map : current.ok === false ? releases.lastGoodMap() : undefined)?.remotes ?? {};
  for (const remote of only ? [only] : releases.store.remotes()) {
    const entry = live[remote];
    lines.push(`${remote}${entry?.entry ? ` (served from ${entry.entry})` : ''}`);
    for (const release of releases.store.list(remote)) {
      const mark =
        release.release === entry?.release
          ? `* live${entry.rollout ? ` ${100 - entry.rollout.share}%`.padEnd(5) : '    '}`
          : release.release === entry?.rollout?.release
            ? `> rollout ${entry.rollout.share}%`
            : release.release === entry?.previous?.[0]
              ? '  previous'
              : '          ';
      lines.push(`  ${mark} ${release.release}  built ${release.builtAt}  commit ${release.commit}`);
    }
  }
  return lines;
}

export function run(
  argv: string[],
  env: NodeJS.ProcessEnv = process.env,
  releases = new Releases(releasesConfig(loadConfig(env))),
): string[] {
  const args = [...argv];
  const command = args.shift();
  switch (command) {
    case 'publish': {
      const name = args[0];
      if (!name) throw new ReleaseError(`name a remote.\n${USAGE}`);
      const workspace = name === SHELL ? SHELL : `remote-${name}`;
      const buildDir = path.resolve(args[1] ?? path.join(repoRoot, workspace, 'dist'));
      const { info, created, pruned } = releases.publish(buildDir);
      if (info.name !== name) throw new ReleaseError(`${buildDir} is a build of ${info.name}, not ${name}`);
      return [
        created ? `Published ${name} ${info.release}.` : `${name} ${info.release} was already published.`,
        ...(pruned.length ? [`Pruned old releases: ${pruned.join(', ')}`] : []),
        `Put it live with: npm run deploy -- ${name} ${info.release}`,
        info.release,
      ];
    }
    case 'deploy': {
      const entry = take(args, '--entry');
      const share = shareArgument(args);
      const name = remoteArgument(releases, args[0]);
      if (share !== undefined && !args[1]) throw new ReleaseError(`name the release to roll out.\n${USAGE}`);
      const { from, to } = releases.deploy(name, args[1], entry, share);
      if (share !== undefined) {
        return [
          `${name} ${to} is served to ${share} % of the browsers; ${from} to the rest.`,
          `Make it whole with: npm run promote -- ${name}`,
        ];
      }
      return [
        from === to
          ? `${name} ${to} is live (it already was).`
          : `${name} ${to} is live${from ? ` (was ${from})` : ''}.`,
      ];
    }
    case 'promote': {
      const name = remoteArgument(releases, args[0]);
      const { from, to } = releases.promote(name);
      return [`${name} ${to} is live for every browser (was ${from}).`];
    }
    case 'rollback': {
      const name = remoteArgument(releases, args[0]);
      const { from, to, endedRollout } = releases.rollback(name);
      if (endedRollout) return [`${name} rollout of ${from} ended: every browser gets ${to} again.`];
      return [`${name} rolled back to ${to} (was ${from}).`];
    }
    case 'releases':
      return list(releases, args[0] ? remoteArgument(releases, args[0]) : undefined);
    case 'move-path': {
      const [pattern, name] = args;
      if (!pattern || !name) throw new ReleaseError(`name a path and a remote.\n${USAGE}`);
      const { from } = releases.movePath(pattern, name);
      return [
        `${pattern} now belongs to ${name}${from && from !== name ? ` (was ${from})` : ''}: ` +
          `its releases may declare it; other remotes' may not.`,
      ];
    }
    default:
      throw new ReleaseError(USAGE);
  }
}

/**
 * The command as an operator runs it. With DATABASE_URL the releases and the live map are the
 * database's (releases/cluster-sync.ts): the command runs on this machine's copy brought up to date, and what
 * it changed reaches every instance.
 */
export async function runShared(
  argv: string[],
  env: NodeJS.ProcessEnv = process.env,
  /** Said as it happens: the backup made before migrating an older database. */
  say: (line: string) => void = console.log,
): Promise<string[]> {
  const config = loadConfig(env);
  if (!config.databaseUrl) return run(argv, env);
  const db = openDatabase(config);
  try {
    await exclusively(db, LOCKS.start, true, () => migrateWithBackup(config, db, say));
    const releases = new Releases(releasesConfig(config));
    return await new ClusterReleases(db, releases).change(() => run(argv, env, releases));
  } finally {
    await db.close();
  }
}

if (require.main === module) {
  runShared(process.argv.slice(2)).then(
    (lines) => {
      for (const line of lines) console.log(line);
    },
    (error: unknown) => {
      if (!(error instanceof ReleaseError)) throw error;
      console.error(error.message);
      process.exit(1);
    },
  );
}
