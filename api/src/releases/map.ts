import fs from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { Type } from '@sinclair/typebox';
import { Value } from '@sinclair/typebox/value';
import {
  AutomaticRollback,
  LiveRemote,
  PathOwners,
  ReleaseList,
  SwitchLogEntry,
  type Rollout,
  type StoredMap,
} from './schemas';
import { REMOTE_NAME, RELEASE_NAME, SHELL } from './store';

export type { AutomaticRollback, LiveRemote, Rollout, StoredMap, SwitchLogEntry } from './schemas';

/** What a remote's entry must hold at least: its live release. */
const GivenRelease = Type.Pick(LiveRemote, ['release']);
const SwitchLog = Type.Array(SwitchLogEntry);

export const DEFAULT_API_BASE_URL = '/api/v1';
const PREVIOUS_KEPT = 10;
const LOG_KEPT = 200;

export const emptyMap = (): StoredMap => ({ apiBaseUrl: DEFAULT_API_BASE_URL, remotes: {}, log: [] });

export interface MapContext {
  /** Remotes that have at least one published release. */
  knownRemotes: string[];
  releaseExists(remote: string, release: string): boolean;
  /** Origins (scheme://host[:port]) a map entry may load a remote from, besides this server. */
  allowedOrigins: string[];
}

export type MapCheck = { ok: true; map: StoredMap } | { ok: false; problems: string[] };

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function originOf(url: string): string | undefined {
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'http:' || parsed.protocol === 'https:' ? parsed.origin : undefined;
  } catch {
    return undefined;
  }
}

/** Checks a map as text (a hand edit) or as data (a command's change); lists every problem in words. */
export function checkMap(input: string | unknown, context: MapContext): MapCheck {
  let raw: unknown = input;
  if (typeof input === 'string') {
    try {
      raw = JSON.parse(input);
    } catch (error) {
      return { ok: false, problems: [`it is not valid JSON (${(error as Error).message})`] };
    }
  }
  if (!isObject(raw)) return { ok: false, problems: ['it must be a JSON object with "remotes"'] };
  const problems: string[] = [];

  // The browser sends its session token to this address: this server, or an origin the operator allowed.
  const apiBaseUrl = raw.apiBaseUrl ?? DEFAULT_API_BASE_URL;
  const isPath = typeof apiBaseUrl === 'string' && /^\/(?![/\\])/.test(apiBaseUrl);
  const apiOrigin = typeof apiBaseUrl === 'string' && !isPath ? originOf(apiBaseUrl) : undefined;
  if (!isPath && !apiOrigin) {
    problems.push('"apiBaseUrl" must be a path such as /api/v1 or an http(s) address');
  } else if (apiOrigin && !context.allowedOrigins.includes(apiOrigin)) {
    problems.push(`"apiBaseUrl": the origin ${apiOrigin} is not in REMOTE_ORIGINS, the origins the browser may call`);
  }

  const remotes: Record<string, LiveRemote> = {};
  if (!isObject(raw.remotes)) {
    problems.push('"remotes" must be an object: remote name → { "release": … }');
  } else {
    const allowed = new Set(context.allowedOrigins);
    for (const [name, value] of Object.entries(raw.remotes)) {
      if (!REMOTE_NAME.test(name) || !context.knownRemotes.includes(name)) {
        const known = context.knownRemotes.length ? context.knownRemotes.join(', ') : 'none yet';
        problems.push(`"${name}" is not a remote with published releases (known: ${known})`);
        continue;
      }
      if (!Value.Check(GivenRelease, value)) {
        problems.push(`${name}: give the live release as { "release": "<release id>" }`);
        continue;
      }
      const { release } = value;
      const { entry, previous } = value as Record<string, unknown>;
      if (!RELEASE_NAME.test(release) || !context.releaseExists(name, release)) {
        problems.push(`${name}: release "${release}" does not exist (npm run releases -- ${name} lists them)`);
      }
      if (entry !== undefined) {
        const origin = typeof entry === 'string' ? originOf(entry) : undefined;
        if (!origin) {
          problems.push(`${name}: "entry" must be an absolute http(s) address of an mf-manifest.json`);
        } else if (!allowed.has(origin)) {
          problems.push(`${name}: the origin ${origin} is not in REMOTE_ORIGINS, the allowed origins of remotes`);
        }
      }
      if (previous !== undefined && !Value.Check(ReleaseList, previous)) {
        problems.push(`${name}: "previous" must be a list of release ids`);
      }
      const { rollout, rolledBack } = value as Record<string, unknown>;
      const rolloutProblem = rollout === undefined ? undefined : checkRollout(name, release, rollout, context);
      if (rolloutProblem) problems.push(rolloutProblem);
      const rolledBackValid = rolledBack === undefined || Value.Check(AutomaticRollback, rolledBack);
      if (!rolledBackValid) problems.push(`${name}: "rolledBack" must be { release, at, seen, failed }`);
      remotes[name] = {
        release,
        ...(typeof entry === 'string' ? { entry } : {}),
        ...(Value.Check(ReleaseList, previous) ? { previous: previous.slice(0, PREVIOUS_KEPT) } : {}),
        ...(rollout !== undefined && !rolloutProblem ? { rollout: rollout as Rollout } : {}),
        ...(rolledBack !== undefined && rolledBackValid ? { rolledBack: rolledBack as AutomaticRollback } : {}),
      };
    }
  }

  const pathOwners: Record<string, string> = {};
  if (raw.pathOwners !== undefined) {
    if (!Value.Check(PathOwners, raw.pathOwners)) problems.push('"pathOwners" must map paths to remote names');
    else Object.assign(pathOwners, raw.pathOwners);
  }

  const log: SwitchLogEntry[] = [];
  const given = raw.log;
  if (given !== undefined) {
    const valid = Value.Check(SwitchLog, given) && given.every((entry) => !Number.isNaN(Date.parse(entry.at)));
    if (!valid) problems.push('"log" must be a list of { remote, release, at }');
    else log.push(...given);
  }

  if (problems.length) return { ok: false, problems };
  const map: StoredMap = { apiBaseUrl: apiBaseUrl as string, remotes, log };
  if (Object.keys(pathOwners).length) map.pathOwners = pathOwners;
  return { ok: true, map };
}

/** A share of the browsers: a whole number of percent. */
export const isShare = (share: unknown): share is number =>
  typeof share === 'number' && Number.isInteger(share) && share >= 0 && share <= 100;

const shareProblem = (share: unknown) =>
  `must be a whole number of percent from 0 to 100 (got ${JSON.stringify(share)})`;

/** Why the shell has no rollout: every page loads it, before any map is read. */
const SHELL_ROLLOUT =
  'the shell is not rolled out to a share: every browser loads the live shell before it reads the map';

/** What is wrong with a remote's rollout, in words; undefined when it holds. */
function checkRollout(name: string, live: string, rollout: unknown, context: MapContext): string | undefined {
  if (name === SHELL) return `${SHELL}: ${SHELL_ROLLOUT}`;
  if (!isObject(rollout)) return `${name}: "rollout" must be { "release", "share", "since" }`;
  const { release, share, since } = rollout;
  const extra = Object.keys(rollout).filter((key) => !['release', 'share', 'since'].includes(key));
  if (extra.length) return `${name}: "${extra[0]}" is not a rollout field (release, share, since)`;
  if (typeof release !== 'string' || !RELEASE_NAME.test(release) || !context.releaseExists(name, release)) {
    return `${name}: the rollout's release ${JSON.stringify(release)} does not exist (npm run releases -- ${name} lists them)`;
  }
  if (release === live) return `${name}: the rollout's release ${release} is already live`;
  if (!isShare(share)) return `${name}: the rollout's share ${shareProblem(share)}`;
  if (typeof since !== 'string' || Number.isNaN(Date.parse(since))) {
    return `${name}: the rollout's "since" must be an ISO time`;
  }
  return undefined;
}

/** Writes the map whole or not at all: a reader sees the old file or the new one, never half of one. */
export function writeMapAtomically(file: string, map: StoredMap): void {
  writeTextAtomically(file, `${JSON.stringify(map, null, 2)}\n`);
}

/** Writes a file whole or not at all (a temporary file renamed into place). */
export function writeTextAtomically(file: string, text: string): void {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const temporary = `${file}.${randomBytes(4).toString('hex')}.tmp`;
  try {
    fs.writeFileSync(temporary, text);
    fs.renameSync(temporary, file);
  } catch (error) {
    fs.rmSync(temporary, { force: true });
    throw error;
  }
}

/**
 * Makes `release` live; the release it replaces becomes the first rollback target. Any rollout ends, and
 * a notice of an automatic rollback goes. With `share`, it is served to that share of the browsers
 * instead (a rollout), and the live release stays for the rest.
 */
export function deployRelease(
  map: StoredMap,
  remote: string,
  release: string,
  options: { entry?: string; now?: Date; share?: number } = {},
): StoredMap {
  if (options.share !== undefined) return startRollout(map, remote, release, options.share, options.now);
  const current = map.remotes[remote];
  const now = (options.now ?? new Date()).toISOString();
  const previous =
    current && current.release !== release
      ? [current.release, ...(current.previous ?? []).filter((id) => id !== release)]
      : (current?.previous ?? []);
  return {
    ...map,
    remotes: {
      ...map.remotes,
      [remote]: {
        release,
        ...(options.entry ? { entry: options.entry } : {}),
        ...(previous.length ? { previous: previous.slice(0, PREVIOUS_KEPT) } : {}),
      },
    },
    log: [...map.log, { remote, release, at: now }].slice(-LOG_KEPT),
  };
}

/** Serves `release` to `share` % of the browsers; the live release stays for the rest. */
function startRollout(map: StoredMap, remote: string, release: string, share: number, now = new Date()): StoredMap {
  const current = map.remotes[remote];
  if (remote === SHELL) throw new Error(`${SHELL}: ${SHELL_ROLLOUT}`);
  if (!isShare(share)) throw new Error(`${remote}: the share ${shareProblem(share)}`);
  if (!current) throw new Error(`${remote} has no live release yet: deploy one whole first (without --share)`);
  if (current.release === release)
    throw new Error(`${remote} ${release} is already live: there is nothing to roll out`);
  // A new share of the same rollout keeps its start; another release starts afresh.
  const since = current.rollout?.release === release ? current.rollout.since : now.toISOString();
  const next: LiveRemote = { ...current, rollout: { release, share, since } };
  delete next.rolledBack;
  return { ...map, remotes: { ...map.remotes, [remote]: next } };
}

/** Makes the release in rollout live for every browser: the live one becomes the previous. */
export function promoteRollout(
  map: StoredMap,
  remote: string,
  now = new Date(),
): { map: StoredMap; from: string; to: string } {
  const current = map.remotes[remote];
  if (!current?.rollout) {
    throw new Error(
      `${remote} has no rollout to promote (npm run deploy -- ${remote} <release> --share 10 starts one)`,
    );
  }
  return {
    from: current.release,
    to: current.rollout.release,
    map: deployRelease(map, remote, current.rollout.release, { now }),
  };
}

/** The map without the remote's rollout: every browser gets the live release again. */
function withoutRollout(map: StoredMap, remote: string, notice?: AutomaticRollback): StoredMap {
  const next: LiveRemote = { ...map.remotes[remote]!, ...(notice ? { rolledBack: notice } : {}) };
  delete next.rollout;
  return { ...map, remotes: { ...map.remotes, [remote]: next } };
}

/**
 * Takes a rollout back to 0 % by itself (too many of its browsers failed), keeping a notice of it for
 * the Admins. Undefined when that rollout (that release, begun then) is no longer under way: already
 * taken back, promoted or begun again.
 */
export function rollBackRolloutAutomatically(
  map: StoredMap,
  remote: string,
  { release, since }: Pick<Rollout, 'release' | 'since'>,
  figures: { seen: number; failed: number },
  now = new Date(),
): StoredMap | undefined {
  const current = map.remotes[remote]?.rollout;
  if (current?.release !== release || current.since !== since) return undefined;
  return withoutRollout(map, remote, { release, at: now.toISOString(), ...figures });
}

/**
 * Goes back to the release live before the current one (skipping any that no longer exists).
 * The release rolled back from is not a rollback target any more: a second rollback goes further back.
 * During a rollout, the rollout ends first (its release goes back to 0 %) and the live release stays.
 */
export function rollbackRelease(
  map: StoredMap,
  remote: string,
  releaseExists: (release: string) => boolean,
  now = new Date(),
): { map: StoredMap; from: string; to: string; endedRollout?: true } {
  const current = map.remotes[remote];
  if (!current) throw new Error(`${remote} has no live release to roll back from`);
  if (current.rollout) {
    return { from: current.rollout.release, to: current.release, map: withoutRollout(map, remote), endedRollout: true };
  }
  const candidates = current.previous ?? [];
  const index = candidates.findIndex((id) => id !== current.release && releaseExists(id));
  if (index < 0) throw new Error(`${remote} has no earlier release to roll back to`);
  const to = candidates[index];
  return {
    from: current.release,
    to,
    map: {
      ...map,
      remotes: {
        ...map.remotes,
        [remote]: { release: to, ...(candidates.length > index + 1 ? { previous: candidates.slice(index + 1) } : {}) },
      },
      log: [...map.log, { remote, release: to, at: now.toISOString() }].slice(-LOG_KEPT),
    },
  };
}

/**
 * Releases of a remote that pruning must keep: the live one, the one before it, and every release
 * that was live at some moment of the last `sessionHours` (a browser opened then may still load it).
 */
export function protectedReleases(map: StoredMap, remote: string, sessionHours: number, now = new Date()): Set<string> {
  const keep = new Set<string>();
  const current = map.remotes[remote];
  if (current) {
    keep.add(current.release);
    if (current.previous?.[0]) keep.add(current.previous[0]);
    // Served to a share of the browsers, or to some of them until it was taken back.
    if (current.rollout) keep.add(current.rollout.release);
    if (current.rolledBack) keep.add(current.rolledBack.release);
  }
  const since = now.getTime() - sessionHours * 3_600_000;
  const switches = map.log.filter((entry) => entry.remote === remote);
  switches.forEach((entry, index) => {
    const next = switches[index + 1];
    // Live from entry.at until the next switch (or now).
    if (!next || Date.parse(next.at) >= since) keep.add(entry.release);
  });
  return keep;
}
