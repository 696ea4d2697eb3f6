import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Compiler, RspackPluginInstance } from '@rspack/core';
import type { Schemas } from '../api/contract';

/**
 * What every build says about itself in its `release.json` (read by the server and the Settings panel):
 * its schema is the contract's ReleaseInfo, which the server checks each release against.
 */
export type ReleaseInfo = Schemas['ReleaseInfo'];

export const RELEASE_FILE = 'release.json';
/** A remote's route table, kept beside its package.json and published with each release. */
export const ROUTES_FILE = 'routes.json';

// Derived files (precompressed twins) follow from what they compress; the metadata names the hash.
const NOT_HASHED = /(\.br|\.gz)$|^release\.json$/;

function git(dir: string, args: string[]): string | undefined {
  try {
    return execFileSync('git', args, { cwd: dir, stdio: ['ignore', 'pipe', 'ignore'] })
      .toString()
      .trim();
  } catch {
    return undefined;
  }
}

/** The commit, from CI (RELEASE_COMMIT) or git; 'unknown' outside a repository. */
export function buildCommit(dir: string, env: NodeJS.ProcessEnv = process.env): string {
  if (env.RELEASE_COMMIT?.trim()) return env.RELEASE_COMMIT.trim();
  const head = git(dir, ['rev-parse', '--short=12', 'HEAD']);
  if (!head) return 'unknown';
  const root = path.join(dir, '..');
  const changed = git(dir, ['status', '--porcelain', '--', dir, path.join(root, 'shared'), path.join(root, 'config')]);
  return changed ? `${head}-dirty` : head;
}

/** `1.4.0` + the hash of the emitted files → `1.4.0-3f2a9c1`. */
export function releaseId(version: string, files: { name: string; content: Buffer }[]): string {
  const hash = createHash('sha256');
  for (const { name, content } of [...files].sort((a, b) => (a.name < b.name ? -1 : 1))) {
    if (NOT_HASHED.test(name)) continue;
    hash.update(name).update('\0').update(content).update('\0');
  }
  return `${version}-${hash.digest('hex').slice(0, 7)}`;
}

/**
 * Emits `release.json` (and, for a remote, its `routes.json`) as the last step of a production build,
 * so that a release folder says what it is without anyone editing it.
 */
export class ReleaseInfoPlugin implements RspackPluginInstance {
  constructor(private readonly options: { dir: string; name: string }) {}

  apply(compiler: Compiler) {
    const { Compilation, sources } = compiler.webpack;
    const { dir, name } = this.options;
    compiler.hooks.thisCompilation.tap('ReleaseInfoPlugin', (compilation) => {
      compilation.hooks.processAssets.tap(
        { name: 'ReleaseInfoPlugin', stage: Compilation.PROCESS_ASSETS_STAGE_REPORT },
        () => {
          const routesFile = path.join(dir, ROUTES_FILE);
          if (existsSync(routesFile)) {
            compilation.emitAsset(ROUTES_FILE, new sources.RawSource(readFileSync(routesFile)));
          }
          const files = compilation.getAssets().map((asset) => ({
            name: asset.name,
            content: asset.source.buffer(),
          }));
          const packageVersion = (
            JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8')) as { version: string }
          ).version;
          const version = process.env.RELEASE_VERSION?.trim() || packageVersion;
          const info: ReleaseInfo = {
            name,
            version,
            release: releaseId(version, files),
            commit: buildCommit(dir),
            builtAt: new Date().toISOString(),
          };
          compilation.emitAsset(RELEASE_FILE, new sources.RawSource(`${JSON.stringify(info, null, 2)}\n`));
        },
      );
    });
  }
}
