import fs from 'node:fs';
import path from 'node:path';
import type { AppConfig } from '../config';
import {
  checkMap,
  deployRelease,
  emptyMap,
  promoteRollout,
  protectedReleases,
  rollBackRolloutAutomatically,
  rollbackRelease,
  writeMapAtomically,
  type MapCheck,
  type MapContext,
  type StoredMap,
} from './map';
import { claimProblems, pathKey, pathOwners, SHELL_PATHS } from './paths';
import {
  readReleaseInfo,
  readRouteTable,
  ReleaseError,
  ReleaseStore,
  REMOTE_NAME,
  SHELL,
  type ReleaseInfo,
  type ReleaseLimits,
  type RouteTable,
} from './store';

export interface ReleasesConfig {
  releasesDir: string;
  /** The live map (operator data); its last good version is kept beside it. */
  mapFile: string;
  /** Releases kept per remote beyond the protected ones. */
  releasesKeep: number;
  /** Origins a map entry may load a remote from (a CDN). */
  remoteOrigins: string[];
  /** A browser may stay open this long: releases live within it are never pruned. */
  tokenTtlHours: number;
  /** What one release may hold. */
  limits?: ReleaseLimits;
}

export const releasesConfig = (config: AppConfig): ReleasesConfig => ({
  releasesDir: config.releasesDir,
  mapFile: config.remotesMapFile,
  releasesKeep: config.releasesKeep,
  remoteOrigins: config.remoteOrigins,
  tokenTtlHours: config.tokenTtlHours,
  limits: { maxFiles: config.releaseMaxFiles, maxBytes: config.releaseMaxBytes },
});

/** Runs a change of the map, turning its refusal into a ReleaseError (said to the operator as it is). */
function refusedInWords<T>(change: () => T): T {
  try {
    return change();
  } catch (error) {
    throw new ReleaseError((error as Error).message);
  }
}

export const lastGoodFile = (mapFile: string) =>
  path.join(path.dirname(mapFile), `${path.basename(mapFile, '.json')}.last-good.json`);

/** Publishing, deploying, rolling back and pruning: what the commands and the server's start do. */
export class Releases {
  readonly store: ReleaseStore;

  constructor(readonly config: ReleasesConfig) {
    this.store = new ReleaseStore(config.releasesDir, config.limits);
  }

  context(): MapContext {
    return {
      knownRemotes: this.store.remotes(),
      releaseExists: (remote, release) => this.store.exists(remote, release),
      allowedOrigins: this.config.remoteOrigins,
    };
  }

  /** The map on disk, checked. `missing` when no map was ever written. */
  readMap(): MapCheck | { ok: 'missing' } {
    let text: string;
    try {
      text = fs.readFileSync(this.config.mapFile, 'utf8');
    } catch {
      return { ok: 'missing' };
    }
    return checkMap(text, this.context());
  }

  /** The map the server falls back to while the one on disk is refused. */
  lastGoodMap(): StoredMap | undefined {
    try {
      const check = checkMap(fs.readFileSync(lastGoodFile(this.config.mapFile), 'utf8'), this.context());
      return check.ok ? check.map : undefined;
    } catch {
      return undefined;
    }
  }

  /** The map a command may change: refuses to build on a hand edit that does not hold. */
  private editableMap(): StoredMap {
    const current = this.readMap();
    if (current.ok === 'missing') return emptyMap();
    if (!current.ok) {
      throw new ReleaseError(
        `${this.config.mapFile} is refused: ${current.problems.join('; ')}. Fix or remove the edit first ` +
          '(the server keeps serving the last good map meanwhile).',
      );
    }
    return current.map;
  }

  private save(map: StoredMap): void {
    const check = checkMap(map, this.context());
    if (!check.ok) throw new ReleaseError(check.problems.join('; '));
    writeMapAtomically(this.config.mapFile, check.map);
  }

  /** The route table of a published release; undefined when it cannot be read. */
  routeTable(remote: string, release: string): RouteTable | undefined {
    try {
      return readRouteTable(this.store.dirOf(remote, release));
    } catch {
      return undefined;
    }
  }

  /** Refuses, in words, a table claiming a path another remote (or the shell) owns under the map. */
  private checkClaims(remote: string, table: RouteTable, map: StoredMap): void {
    const problems = claimProblems(
      remote,
      table,
      pathOwners(map, (name, release) => this.routeTable(name, release)),
    );
    if (problems.length) throw new ReleaseError(`${remote}'s route table is refused: ${problems.join('; ')}`);
  }

  /** The map as it stands for a check; a refused hand edit checks against the last good map. */
  private currentMap(): StoredMap {
    const current = this.readMap();
    if (current.ok === true) return current.map;
    return (current.ok === false && this.lastGoodMap()) || emptyMap();
  }

  private publishChecked(buildDir: string): { info: ReleaseInfo; created: boolean } {
    const info = readReleaseInfo(buildDir);
    if (info.name !== SHELL) this.checkClaims(info.name, readRouteTable(buildDir), this.currentMap());
    return this.store.publish(buildDir);
  }

  /**
   * Publishes a build and prunes its remote's oldest releases, never the one just published nor those
   * named in `inUse` (previewed in a browser, which only the database knows).
   */
  publish(buildDir: string, inUse: Iterable<string> = []): { info: ReleaseInfo; created: boolean; pruned: string[] } {
    const result = this.publishChecked(buildDir);
    return { ...result, pruned: this.prune(result.info.name, [result.info.release, ...inUse]) };
  }

  /**
   * Hands a path to a remote: the operator's explicit step for moving a screen between remotes. From
   * then on only that remote's releases may declare it; the old owner's live release stops serving it.
   */
  movePath(pattern: string, remote: string): { from?: string } {
    if (!pattern.startsWith('/')) throw new ReleaseError(`${pattern}: a path starts with /`);
    if (SHELL_PATHS.includes(pathKey(pattern))) throw new ReleaseError(`${pattern} is the shell's own page`);
    if (!REMOTE_NAME.test(remote) || remote === SHELL) throw new ReleaseError(`"${remote}" is not a remote name`);
    const map = this.editableMap();
    const from = pathOwners(map, (name, release) => this.routeTable(name, release)).get(pathKey(pattern));
    const kept = Object.entries(map.pathOwners ?? {}).filter(([path]) => pathKey(path) !== pathKey(pattern));
    this.save({ ...map, pathOwners: Object.fromEntries([...kept, [pattern, remote]]) });
    return { from };
  }

  /**
   * Makes a release live (default: the newest published). Returns the release it replaced. With
   * `share` (a whole number of percent), the release is rolled out to that share of the browsers
   * instead, and the live release stays for the rest (`from` is then the live release).
   */
  deploy(remote: string, release?: string, entry?: string, share?: number): { from?: string; to: string } {
    if (share !== undefined && entry !== undefined) {
      throw new ReleaseError('a rollout is served from this server: --entry and --share do not go together');
    }
    const map = this.editableMap();
    const target = release ?? this.store.list(remote)[0]?.release;
    if (!target) {
      const how = `npm run release -w ${remote === SHELL ? SHELL : `remote-${remote}`}`;
      throw new ReleaseError(`${remote} has no published release: ${how}`);
    }
    if (!this.store.exists(remote, target)) {
      throw new ReleaseError(`${remote} has no release "${target}" (npm run releases -- ${remote} lists them)`);
    }
    const table = this.routeTable(remote, target);
    if (table) this.checkClaims(remote, table, map);
    const from = map.remotes[remote]?.release;
    this.save(refusedInWords(() => deployRelease(map, remote, target, { entry, share })));
    return { from, to: target };
  }

  /** Makes the release in rollout live for every browser. */
  promote(remote: string): { from: string; to: string } {
    const result = refusedInWords(() => promoteRollout(this.editableMap(), remote));
    this.save(result.map);
    return { from: result.from, to: result.to };
  }

  /** Back to the release live before; during a rollout, ends the rollout (its release back to 0 %). */
  rollback(remote: string): { from: string; to: string; endedRollout?: true } {
    const map = this.editableMap();
    const result = refusedInWords(() => rollbackRelease(map, remote, (release) => this.store.exists(remote, release)));
    this.save(result.map);
    return { from: result.from, to: result.to, ...(result.endedRollout ? { endedRollout: true as const } : {}) };
  }

  /**
   * Takes a rollout back to 0 % because too many of its browsers failed. False when that rollout is no
   * longer under way (another report, or another instance, took it back first).
   */
  rollBackAutomatically(
    remote: string,
    rollout: { release: string; since: string },
    figures: { seen: number; failed: number },
  ): boolean {
    const map = rollBackRolloutAutomatically(this.editableMap(), remote, rollout, figures);
    if (!map) return false;
    this.save(map);
    return true;
  }

  /** Deletes the oldest releases beyond `releasesKeep`, never a protected one nor one of `alsoKeep`. */
  prune(remote: string, alsoKeep: Iterable<string> = []): string[] {
    const current = this.readMap();
    // With a refused map nobody can tell which releases browsers use: prune nothing.
    if (current.ok === false) return [];
    const map = current.ok === 'missing' ? emptyMap() : current.map;
    const keep = protectedReleases(map, remote, this.config.tokenTtlHours);
    for (const release of alsoKeep) keep.add(release);
    const removed: string[] = [];
    this.store.list(remote).forEach((release, index) => {
      if (index < this.config.releasesKeep || keep.has(release.release)) return;
      this.store.remove(remote, release.release);
      removed.push(release.release);
    });
    return removed;
  }

  /**
   * The shell release served at `/`: the map's, else (a hand edit that left the shell out) the newest
   * published, so that no edit of the remotes takes the whole back-office down. None: the API alone.
   */
  liveShell(map: StoredMap): { release: string; dir: string } | undefined {
    const live = map.remotes[SHELL]?.release;
    if (live && this.store.exists(SHELL, live)) return { release: live, dir: this.store.dirOf(SHELL, live) };
    const newest = this.store.list(SHELL)[0];
    return newest && { release: newest.release, dir: newest.dir };
  }

  /**
   * At the server's start: each build present (the shell's and the remotes') is published (a no-op
   * when already), and an app with no live release gets its build's. A live release is never replaced here: deploying
   * and rolling back are the commands' job, and a restart must not undo them.
   */
  adoptBuilds(buildDirs: string[]): { published: ReleaseInfo[]; deployed: ReleaseInfo[]; notLive: ReleaseInfo[] } {
    const published: ReleaseInfo[] = [];
    const deployed: ReleaseInfo[] = [];
    const notLive: ReleaseInfo[] = [];
    for (const dir of buildDirs) {
      const { info, created } = this.publishChecked(dir);
      if (created) published.push(info);
      const current = this.readMap();
      if (current.ok === false) continue;
      const live = current.ok === 'missing' ? undefined : current.map.remotes[info.name];
      if (!live) {
        this.deploy(info.name, info.release);
        deployed.push(info);
      } else if (live.release !== info.release) {
        notLive.push(info);
      }
    }
    return { published, deployed, notLive };
  }
}
