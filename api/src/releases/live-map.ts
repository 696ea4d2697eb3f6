import { pathKey, pathOwners } from './paths';
import fs from 'node:fs';
import path from 'node:path';
import { createHash } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { checkMap, emptyMap, writeMapAtomically, type StoredMap } from './map';
import { lastGoodFile, type Releases } from './releases';
import type { PreviewedRelease } from './preview';
import type { RemoteDefinition, RemotesMap } from './schemas';
import { MANIFEST_FILE, readReleaseInfo, readRouteTable, SHELL, type ReleaseInfo, type RouteTable } from './store';

/** What a release's manifest declares, for GET /api/v1/version. */
export interface ManifestSummary {
  name: string;
  buildVersion?: string;
  exposes: string[];
  shared: { name: string; version: string; requiredVersion?: string; singleton?: boolean }[];
}

/** A rollout a browser is served: the remote, its release and the rollout's start. */
export interface RolloutServed {
  remote: string;
  release: string;
  since: string;
}

/** What one browser gets at /remotes.json, and which rollout releases are among it. */
export interface BrowserMap {
  served: RemotesMap;
  body: string;
  etag: string;
  /** The remotes whose rollout release this browser gets (counted as seen by it). */
  rollouts: RolloutServed[];
  /** The release this browser previews, when it does. */
  preview?: NonNullable<RemotesMap['preview']>;
}

/**
 * Whether a browser is among the `share` % a rollout is served to: a hash of its id, the remote and
 * the release, so that each browser keeps its choice (sticky) and the remotes choose independently.
 */
export function inRollout(browserId: string, remote: string, release: string, share: number): boolean {
  if (share <= 0) return false;
  if (share >= 100) return true;
  const digest = createHash('sha256').update(`${browserId}\n${remote}\n${release}`).digest();
  return digest.readUInt32BE(0) % 100 < share;
}

const etagOf = (body: string) => `"${createHash('sha1').update(body).digest('base64url')}"`;

interface Adopted {
  map: StoredMap;
  /**
   * The browser's `/remotes.json`: for each remote, where its live release's manifest is, and its
   * route table (paths, titles, menu places), so that the shell knows the menu, the titles and who
   * owns a path even while the remote's files are unreachable.
   */
  served: RemotesMap;
  body: string;
  etag: string;
  /** What the browsers in a rollout get, by the remotes whose rollout they are in ('finance,content'). */
  variants: Map<string, BrowserMap>;
}

/**
 * The map the server serves. The file is read again whenever it changes (a deploy renames a new one
 * into place, so its inode changes), checked, and adopted only when it holds; otherwise the last good
 * map keeps being served, the refusal is logged once, and the good map is kept on disk for restarts.
 */
export class LiveMap {
  private stamp = '';
  private adopted?: Adopted;
  // Release folders never change, so what they say is read once.
  private readonly routeTables = new Map<string, RouteTable>();
  private readonly infos = new Map<string, ReleaseInfo>();
  private readonly manifests = new Map<string, ManifestSummary>();

  constructor(
    private readonly releases: Releases,
    private readonly options: { loadTimeoutMs: number },
    private readonly log: FastifyBaseLogger,
  ) {}

  /** Called at each request for the map: a stat, and a read only when the file changed. */
  current(): Adopted {
    const file = this.releases.config.mapFile;
    let stamp = 'missing';
    try {
      const stat = fs.statSync(file);
      stamp = `${stat.ino}:${stat.mtimeMs}:${stat.size}`;
    } catch {
      // No map yet (or removed): keep what was adopted.
    }
    if (stamp !== this.stamp || !this.adopted) {
      this.stamp = stamp;
      this.reload(stamp === 'missing');
    }
    return this.adopted!;
  }

  /**
   * The map one browser gets: the live releases, except a rollout's release for the remotes whose
   * rollout it is in, and the release it previews (with the preview named for its banner) in place of
   * its remote's. The only place a browser's choice is made. A preview whose release cannot be read is
   * left out (`preview` is then absent: the caller removes its cookie).
   */
  forBrowser(browserId: string, preview?: PreviewedRelease | null): BrowserMap {
    const adopted = this.current();
    const rollouts: BrowserMap['rollouts'] = [];
    for (const [remote, live] of Object.entries(adopted.map.remotes)) {
      const { rollout } = live;
      if (remote === preview?.remote) continue;
      if (rollout && inRollout(browserId, remote, rollout.release, rollout.share)) {
        rollouts.push({ remote, release: rollout.release, since: rollout.since });
      }
    }
    const shown = preview ? this.previewShown(preview) : undefined;
    if (shown) {
      const { map } = adopted;
      const previewed = { ...map, remotes: { ...map.remotes, [shown.remote]: { release: shown.release } } };
      const served = { ...this.serve(previewed, new Set(rollouts.map(({ remote }) => remote))), preview: shown };
      const body = JSON.stringify(served);
      return { served, body, etag: etagOf(body), rollouts, preview: shown };
    }
    if (!rollouts.length) return { served: adopted.served, body: adopted.body, etag: adopted.etag, rollouts };
    const key = rollouts.map(({ remote }) => remote).join(',');
    let variant = adopted.variants.get(key);
    if (!variant) {
      const served = this.serve(adopted.map, new Set(rollouts.map(({ remote }) => remote)));
      const body = JSON.stringify(served);
      variant = { served, body, etag: etagOf(body), rollouts };
      adopted.variants.set(key, variant);
    }
    return variant;
  }

  /** What a preview's banner names (its remote's label and the release's version); undefined when the release's route table or release.json cannot be read. */
  previewShown({ remote, release }: PreviewedRelease): NonNullable<RemotesMap['preview']> | undefined {
    const table = this.routeTable(remote, release);
    const info = this.releaseInfo(remote, release);
    if (!table || !info) return undefined;
    return { remote, label: table.label, version: info.version, release };
  }

  private reload(missing: boolean): void {
    const file = this.releases.config.mapFile;
    if (!missing) {
      const check = checkMap(fs.readFileSync(file, 'utf8'), this.releases.context());
      if (check.ok) {
        this.adopt(check.map, true);
        return;
      }
      this.log.error(
        `${file} is refused: ${check.problems.join('; ')}. ` +
          (this.adopted ? 'The last good map keeps being served.' : 'Serving the last good map kept on disk.'),
      );
    } else if (this.adopted) {
      this.log.error(`${file} is missing; the last good map keeps being served.`);
    }
    if (this.adopted) return;
    // Nothing adopted yet in this process (a start with a broken or missing map): the last good copy.
    const saved = lastGoodFile(file);
    try {
      const check = checkMap(fs.readFileSync(saved, 'utf8'), this.releases.context());
      if (check.ok) {
        this.adopt(check.map, false);
        return;
      }
      this.log.error(`${saved} is refused too: ${check.problems.join('; ')}`);
    } catch {
      // No last good map: nothing was ever deployed.
    }
    this.adopt(emptyMap(), false);
  }

  private adopt(map: StoredMap, remember: boolean): void {
    const served = this.serve(map);
    const body = JSON.stringify(served);
    const etag = etagOf(body);
    if (remember && this.adopted?.etag !== etag) {
      try {
        writeMapAtomically(lastGoodFile(this.releases.config.mapFile), map);
      } catch (error) {
        this.log.error(error, 'the last good remotes map could not be kept on disk');
      }
    }
    this.adopted = { map, served, body, etag, variants: new Map() };
  }

  /** The map served; `rolledOut` names the remotes whose rollout release is served instead of the live one. */
  private serve(map: StoredMap, rolledOut = new Set<string>()): RemotesMap {
    const remotes: RemoteDefinition[] = [];
    // A hand edit may still put two remotes on one path: each path is served by its owner only.
    const owners = pathOwners(map, (name, release) => this.routeTable(name, release));
    for (const [name, live] of Object.entries(map.remotes).sort(([a], [b]) => (a < b ? -1 : 1))) {
      if (name === SHELL) continue;
      const rollout = rolledOut.has(name) ? live.rollout : undefined;
      const release = rollout?.release ?? live.release;
      const table = this.routeTable(name, release);
      if (!table) continue;
      const sharedRange = this.manifest(name, release)?.shared.find((lib) => lib.name === 'shared')?.requiredVersion;
      // A rollout release may bring a new screen: a path nobody owns yet is its (its deploy checked the claims).
      const owns = (path: string) => {
        const owner = owners.get(pathKey(path));
        return owner === name || (rollout !== undefined && owner === undefined);
      };
      remotes.push({
        name,
        label: table.label,
        release,
        entry: (!rollout && live.entry) || `/remotes/${name}/${release}/${MANIFEST_FILE}`,
        routes: table.routes.filter((route) => owns(route.path)),
        ...(sharedRange ? { requires: { shared: sharedRange } } : {}),
      });
    }
    return { apiBaseUrl: map.apiBaseUrl, loadTimeoutMs: this.options.loadTimeoutMs, remotes };
  }

  private routeTable(remote: string, release: string): RouteTable | undefined {
    // The shell owns no route table: its pages are SHELL_PATHS.
    if (remote === SHELL) return undefined;
    return this.readOnce(this.routeTables, remote, release, (dir) => readRouteTable(dir), true);
  }

  releaseInfo(remote: string, release: string): ReleaseInfo | undefined {
    return this.readOnce(this.infos, remote, release, (dir) => readReleaseInfo(dir));
  }

  manifest(remote: string, release: string): ManifestSummary | undefined {
    return this.readOnce(this.manifests, remote, release, (dir) =>
      summariseManifest(JSON.parse(fs.readFileSync(path.join(dir, MANIFEST_FILE), 'utf8')) as RawManifest),
    );
  }

  /** Reads a file of a release folder once: the folder never changes. Undefined when it cannot be read. */
  private readOnce<T>(
    cache: Map<string, T>,
    remote: string,
    release: string,
    read: (dir: string) => T,
    logFailure = false,
  ): T | undefined {
    const key = `${remote}/${release}`;
    if (!cache.has(key)) {
      try {
        cache.set(key, read(this.releases.store.dirOf(remote, release)));
      } catch (error) {
        if (logFailure) this.log.error(`${key} cannot be served: ${(error as Error).message}`);
        return undefined;
      }
    }
    return cache.get(key);
  }
}

interface RawManifest {
  name?: string;
  metaData?: { buildInfo?: { buildVersion?: string } };
  exposes?: { name?: string; path?: string }[];
  shared?: { name?: string; version?: string; requiredVersion?: string; singleton?: boolean }[];
}

function summariseManifest(manifest: RawManifest): ManifestSummary {
  return {
    name: String(manifest.name ?? ''),
    buildVersion: manifest.metaData?.buildInfo?.buildVersion,
    exposes: (manifest.exposes ?? []).map((expose) => String(expose.path ?? expose.name ?? '')),
    shared: (manifest.shared ?? []).map((shared) => ({
      name: String(shared.name ?? ''),
      version: String(shared.version ?? ''),
      requiredVersion: shared.requiredVersion,
      singleton: shared.singleton,
    })),
  };
}
