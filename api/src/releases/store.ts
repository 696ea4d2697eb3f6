import fs from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';

/**
 * Immutable releases of the remotes: `<releasesDir>/<remote>/<release>/` holds one build, copied in
 * whole and never changed afterwards, so a browser that loaded a release keeps finding its chunks.
 */

/** `release.json`, written by every production build (config/release.ts). */
export interface ReleaseInfo {
  name: string;
  version: string;
  release: string;
  commit: string;
  builtAt: string;
}

/** `routes.json`, a remote's route table: the label of its area and the paths it owns. */
export interface RouteTable {
  label: string;
  routes: string[];
}

export const RELEASE_FILE = 'release.json';
export const ROUTES_FILE = 'routes.json';
export const MANIFEST_FILE = 'mf-manifest.json';

/** Remote and release names become folder names and URL segments: nothing that could climb out. */
export const REMOTE_NAME = /^[a-z][a-z0-9-]{0,39}$/;
export const RELEASE_NAME = /^[0-9A-Za-z][0-9A-Za-z.+_-]{0,79}$/;

export class ReleaseError extends Error {
  override name = 'ReleaseError';
}

function readJson(file: string): unknown {
  return JSON.parse(fs.readFileSync(file, 'utf8')) as unknown;
}

const isText = (value: unknown): value is string => typeof value === 'string' && value.length > 0;

/** Reads and checks a build's or a release's `release.json`; says what is wrong in words. */
export function readReleaseInfo(dir: string): ReleaseInfo {
  const file = path.join(dir, RELEASE_FILE);
  let raw: unknown;
  try {
    raw = readJson(file);
  } catch (error) {
    throw new ReleaseError(`${file} could not be read (${(error as Error).message}); build the app with npm run build`);
  }
  const info = raw as Partial<ReleaseInfo>;
  if (
    !info ||
    !isText(info.name) ||
    !REMOTE_NAME.test(info.name) ||
    !isText(info.version) ||
    !isText(info.release) ||
    !RELEASE_NAME.test(info.release) ||
    !isText(info.commit) ||
    !isText(info.builtAt)
  ) {
    throw new ReleaseError(`${file} is not a release description (name, version, release, commit, builtAt)`);
  }
  return { name: info.name, version: info.version, release: info.release, commit: info.commit, builtAt: info.builtAt };
}

export function readRouteTable(dir: string): RouteTable {
  const file = path.join(dir, ROUTES_FILE);
  let raw: Partial<RouteTable>;
  try {
    raw = readJson(file) as Partial<RouteTable>;
  } catch (error) {
    throw new ReleaseError(`${file} could not be read (${(error as Error).message})`);
  }
  if (
    !raw ||
    !isText(raw.label) ||
    !Array.isArray(raw.routes) ||
    raw.routes.length === 0 ||
    !raw.routes.every((route) => isText(route) && route.startsWith('/'))
  ) {
    throw new ReleaseError(`${file} must give a label and a list of paths starting with /`);
  }
  return { label: raw.label, routes: raw.routes };
}

export interface PublishedRelease extends ReleaseInfo {
  dir: string;
}

export class ReleaseStore {
  constructor(readonly root: string) {}

  dirOf(remote: string, release: string): string {
    if (!REMOTE_NAME.test(remote) || !RELEASE_NAME.test(release)) {
      throw new ReleaseError(`"${remote}/${release}" is not a remote and release name`);
    }
    return path.join(this.root, remote, release);
  }

  exists(remote: string, release: string): boolean {
    if (!REMOTE_NAME.test(remote) || !RELEASE_NAME.test(release)) return false;
    return fs.existsSync(path.join(this.root, remote, release, RELEASE_FILE));
  }

  /** Remotes with at least one release: the only names the live map may use. */
  remotes(): string[] {
    let names: string[];
    try {
      names = fs.readdirSync(this.root);
    } catch {
      return [];
    }
    return names.filter((name) => REMOTE_NAME.test(name) && this.list(name).length > 0).sort();
  }

  /** The releases of a remote, newest build first. */
  list(remote: string): PublishedRelease[] {
    if (!REMOTE_NAME.test(remote)) return [];
    let names: string[];
    try {
      names = fs.readdirSync(path.join(this.root, remote));
    } catch {
      return [];
    }
    const releases: PublishedRelease[] = [];
    for (const name of names) {
      if (!RELEASE_NAME.test(name)) continue;
      const dir = path.join(this.root, remote, name);
      try {
        releases.push({ ...readReleaseInfo(dir), dir });
      } catch {
        // Not a release (a stray folder): never served by name, never listed.
      }
    }
    return releases.sort((a, b) => (a.builtAt < b.builtAt ? 1 : a.builtAt > b.builtAt ? -1 : 0));
  }

  /**
   * Copies a build into its release folder, in whole or not at all (a hidden temporary folder is
   * renamed into place). Publishing the same build twice is harmless: the release already exists.
   */
  publish(buildDir: string): { info: ReleaseInfo; created: boolean } {
    const info = readReleaseInfo(buildDir);
    readRouteTable(buildDir);
    if (!fs.existsSync(path.join(buildDir, MANIFEST_FILE))) {
      throw new ReleaseError(`${buildDir} has no ${MANIFEST_FILE}: it is not a remote's build`);
    }
    const target = this.dirOf(info.name, info.release);
    if (this.exists(info.name, info.release)) return { info, created: false };
    const parent = path.dirname(target);
    fs.mkdirSync(parent, { recursive: true });
    const temporary = path.join(parent, `.publishing-${info.release}-${randomBytes(4).toString('hex')}`);
    try {
      fs.cpSync(buildDir, temporary, { recursive: true });
      fs.renameSync(temporary, target);
    } catch (error) {
      fs.rmSync(temporary, { recursive: true, force: true });
      // Another publisher won the race with the same build: the release exists, which is all we wanted.
      if (this.exists(info.name, info.release)) return { info, created: false };
      throw error;
    }
    return { info, created: true };
  }

  remove(remote: string, release: string): void {
    fs.rmSync(this.dirOf(remote, release), { recursive: true, force: true });
  }
}
