import fs from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { sizeInWords } from '../http/archives';
import { DEFAULT_RELEASE_LIMITS, type ReleaseLimits } from './limits';
import { errorPaths, holds, RELEASE_NAME, ReleaseInfo, REMOTE_NAME, RouteEntry, RouteTable } from './schemas';

export { RELEASE_NAME, REMOTE_NAME, type MenuPlace } from './schemas';
export type { ReleaseInfo, RouteEntry, RouteTable };

/**
 * Immutable releases of the remotes and of the shell: `<releasesDir>/<app>/<release>/` holds one build,
 * copied in whole and never changed afterwards, so a browser that loaded a release keeps finding its
 * chunks.
 */

export const RELEASE_FILE = 'release.json';
export const ROUTES_FILE = 'routes.json';
export const MANIFEST_FILE = 'mf-manifest.json';
/**
 * The host's releases sit beside the remotes' under this name and go live, roll back and are pruned
 * the same way; the host has no route table and is served at `/`, not in `/remotes.json`.
 */
export const SHELL = 'shell';
export const SHELL_INDEX = 'index.html';

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
  if (!holds(ReleaseInfo, raw)) {
    throw new ReleaseError(`${file} is not a release description (name, version, release, commit, builtAt)`);
  }
  return { name: raw.name, version: raw.version, release: raw.release, commit: raw.commit, builtAt: raw.builtAt };
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const ROUTE_FIELDS = Object.keys(RouteEntry.properties);

/**
 * What is wrong with one entry of a route table, in words, from the fields the schema refuses in it
 * (its JSON pointers below the entry); undefined when it holds.
 */
function routeProblem(route: unknown, refused: string[]): string | undefined {
  if (!refused.length) return undefined;
  if (!isObject(route)) return 'each route must be an object { path, title }';
  const { path: pattern, title } = route;
  const name = typeof pattern === 'string' ? pattern : JSON.stringify(pattern);
  const extra = Object.keys(route).find((key) => !ROUTE_FIELDS.includes(key));
  if (extra) return `${name}: "${extra}" is not a route field (${ROUTE_FIELDS.join(', ')})`;
  const fields = new Set(refused.map((pointer) => pointer.split('/')[1]));
  if (fields.has('path')) {
    return isText(pattern) && pattern.startsWith('/')
      ? `${pattern}: the path must start with a fixed word, and * is not allowed`
      : `${name}: the path must start with /`;
  }
  if (fields.has('title') || !isText(title)) return `${name}: a title is required`;
  if (fields.has('searchable')) return `${name}: searchable must be true or false`;
  if (fields.has('permission')) return `${name}: permission must be text`;
  if (fields.has('reads')) {
    return `${name}: reads must be at most 4 different paths of the API (/api/v1/…), without a query`;
  }
  return `${name}: menu must be { group, label, order }`;
}

/** A read's `{name}` the screen cannot fill: neither `{userId}` nor one of its path's `:name`s. */
function unfilledRead(route: RouteEntry): string | undefined {
  const params = new Set([...route.path.matchAll(/:(\w+)/g)].map(([, name]) => name));
  for (const read of route.reads ?? []) {
    const missing = [...read.matchAll(/\{(\w+)\}/g)].find(([, name]) => name !== 'userId' && !params.has(name!));
    if (missing) return `${route.path}: ${read} names {${missing[1]}}, which is not a parameter of the path`;
  }
  return undefined;
}

/** Reads and checks a release's route table against its schema; a table that does not hold is refused in words. */
export function readRouteTable(dir: string): RouteTable {
  const file = path.join(dir, ROUTES_FILE);
  let raw: unknown;
  try {
    raw = readJson(file);
  } catch (error) {
    throw new ReleaseError(`${file} could not be read (${(error as Error).message})`);
  }
  const refused = errorPaths(RouteTable, raw);
  if (!isObject(raw) || refused.some((pointer) => ['', '/label', '/routes'].includes(pointer))) {
    throw new ReleaseError(`${file} must give a label and a list of routes`);
  }
  const routes = raw.routes as unknown[];
  const problems = routes
    .map((route, index) => {
      const below = `/routes/${index}`;
      const own = refused.filter((pointer) => pointer === below || pointer.startsWith(`${below}/`));
      return routeProblem(
        route,
        own.map((pointer) => pointer.slice(below.length)),
      );
    })
    .filter((problem): problem is string => !!problem);
  if (!problems.length) {
    for (const route of routes) {
      const problem = unfilledRead(route as RouteEntry);
      if (problem) problems.push(problem);
    }
  }
  const paths = routes.map((route) => (route as RouteEntry).path);
  const twice = paths.find((pattern, index) => paths.indexOf(pattern) !== index);
  if (twice) problems.push(`${twice} is declared twice`);
  if (problems.length) throw new ReleaseError(`${file} is refused: ${problems.join('; ')}`);
  return { label: raw.label as string, routes: routes as RouteEntry[] };
}

export type { ReleaseLimits } from './limits';

/** The refusals of a release beyond the limits, in words (a publish's and an upload's). */
export const tooManyFiles = (limits: ReleaseLimits) => `a release holds at most ${limits.maxFiles} files`;
export const tooManyBytes = (limits: ReleaseLimits) => `a release holds at most ${sizeInWords(limits.maxBytes)}`;

/**
 * Copies a build into a new folder, refusing in words anything but plain files and folders: a link
 * (the server would follow it to any file it can read), a file with other names (a hard link to the
 * database), a pipe or a device. Each file is opened without following a link and checked on what was
 * opened, so a link swapped in after the check is not followed either.
 */
export function copyPlainTree(source: string, target: string, limits = DEFAULT_RELEASE_LIMITS): void {
  let files = 0;
  let bytes = 0;
  const refuse = (relative: string, why: string) => {
    throw new ReleaseError(`${relative} ${why}: a release holds plain files and folders only`);
  };
  const copyFolder = (from: string, to: string, relative: string) => {
    fs.mkdirSync(to);
    for (const entry of fs.readdirSync(from, { withFileTypes: true })) {
      const name = relative ? `${relative}/${entry.name}` : entry.name;
      const inside = path.join(from, entry.name);
      if (entry.isSymbolicLink()) refuse(name, 'is a link');
      if (entry.isDirectory()) {
        copyFolder(inside, path.join(to, entry.name), name);
        continue;
      }
      if (!entry.isFile()) refuse(name, 'is not a plain file or folder');
      const descriptor = fs.openSync(inside, fs.constants.O_RDONLY | fs.constants.O_NOFOLLOW);
      try {
        const stat = fs.fstatSync(descriptor);
        if (!stat.isFile()) refuse(name, 'is not a plain file or folder');
        if (stat.nlink > 1) refuse(name, 'has other names (a hard link)');
        files += 1;
        bytes += stat.size;
        if (files > limits.maxFiles) throw new ReleaseError(tooManyFiles(limits));
        if (bytes > limits.maxBytes) throw new ReleaseError(tooManyBytes(limits));
        fs.writeFileSync(path.join(to, entry.name), fs.readFileSync(descriptor), { flag: 'wx' });
      } finally {
        fs.closeSync(descriptor);
      }
    }
  };
  copyFolder(source, target, '');
}

export interface PublishedRelease extends ReleaseInfo {
  dir: string;
  /** When this server published it (ISO): what orders releases, never the build's own `builtAt`. */
  publishedAt: string;
}

/**
 * The server's own record of when it published a release, written into the release folder after the
 * build's files (a build holding the name has it overwritten), so it travels with the release to
 * every instance.
 */
export const PUBLISHED_FILE = '.published-at';

function publishedAt(dir: string): string {
  try {
    const text = fs.readFileSync(path.join(dir, PUBLISHED_FILE), 'utf8').trim();
    if (!Number.isNaN(Date.parse(text))) return new Date(text).toISOString();
  } catch {
    // Published before the server kept the time: its description's time on this disk stands in.
  }
  return fs.statSync(path.join(dir, RELEASE_FILE)).mtime.toISOString();
}

const newestFirst = (a: PublishedRelease, b: PublishedRelease) =>
  b.publishedAt.localeCompare(a.publishedAt) || b.release.localeCompare(a.release);

export class ReleaseStore {
  constructor(
    readonly root: string,
    readonly limits = DEFAULT_RELEASE_LIMITS,
  ) {}

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

  /** The releases of a remote, the last published first. */
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
        releases.push({ ...readReleaseInfo(dir), dir, publishedAt: publishedAt(dir) });
      } catch {
        // Not a release (a stray folder): never served by name, never listed.
      }
    }
    return releases.sort(newestFirst);
  }

  /**
   * Copies a build into its release folder, in whole or not at all (a hidden temporary folder is
   * renamed into place). Publishing the same build twice is harmless: the release already exists.
   */
  publish(buildDir: string): { info: ReleaseInfo; created: boolean } {
    const info = readReleaseInfo(buildDir);
    if (info.name === SHELL) {
      if (!fs.existsSync(path.join(buildDir, SHELL_INDEX))) {
        throw new ReleaseError(`${buildDir} has no ${SHELL_INDEX}: it is not the shell's build`);
      }
    } else {
      readRouteTable(buildDir);
      if (!fs.existsSync(path.join(buildDir, MANIFEST_FILE))) {
        throw new ReleaseError(`${buildDir} has no ${MANIFEST_FILE}: it is not a remote's build`);
      }
    }
    const target = this.dirOf(info.name, info.release);
    if (this.exists(info.name, info.release)) return { info, created: false };
    const parent = path.dirname(target);
    fs.mkdirSync(parent, { recursive: true });
    const temporary = path.join(parent, `.publishing-${info.release}-${randomBytes(4).toString('hex')}`);
    try {
      copyPlainTree(buildDir, temporary, this.limits);
      fs.writeFileSync(path.join(temporary, PUBLISHED_FILE), new Date().toISOString());
      fs.renameSync(temporary, target);
    } catch (error) {
      fs.rmSync(temporary, { recursive: true, force: true });
      if (error instanceof ReleaseError) throw error;
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
