// The release commands over HTTPS (docs/remote-teams.md): what a remote team's CI runs with
// `--to https://office.example.org` and a DEPLOY_TOKEN, needing neither the API's build nor a
// database: plain Node (fetch) and the tar package.
import { mkdtempSync, openAsBlob, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { create as createTar } from 'tar';

/** A refusal or a failure, in words, for the command to print before it exits 1. */
export class ClientError extends Error {}

/** The server's API base of a `--to` address (its origin, or a path below which it is served). */
export function apiBase(to) {
  let url;
  try {
    url = new URL(to);
  } catch {
    url = undefined;
  }
  if (!url || (url.protocol !== 'https:' && url.protocol !== 'http:')) {
    throw new ClientError(`--to must be the back-office's address, such as https://office.example.org (got "${to}")`);
  }
  return `${url.origin}${url.pathname.replace(/\/$/, '')}/api/v1`;
}

/** The deploy token of the environment; the calls need one. */
export function deployToken(env = process.env) {
  const token = env.DEPLOY_TOKEN?.trim();
  if (!token) {
    throw new ClientError(
      'Set DEPLOY_TOKEN to a deploy token for this remote (an Admin creates one in Settings → Deployed versions)',
    );
  }
  return token;
}

/** One call; answers the body's `data`, or throws the server's message in words. */
async function call(base, token, method, route, { body, type } = {}) {
  let response;
  try {
    response = await fetch(`${base}${route}`, {
      method,
      headers: { authorization: `Bearer ${token}`, ...(type ? { 'content-type': type } : {}) },
      body,
    });
  } catch (error) {
    throw new ClientError(`Could not reach ${base}: ${error.cause?.message ?? error.message}`);
  }
  const text = await response.text();
  let answer;
  try {
    answer = JSON.parse(text);
  } catch {
    answer = undefined;
  }
  if (!response.ok) {
    throw new ClientError(answer?.message ?? `The server answered ${response.status} ${response.statusText}`);
  }
  return answer;
}

/** A build folder packed as the archive the server takes: its files at the root, in a temporary file. */
export async function packBuild(dir) {
  let names;
  try {
    names = readdirSync(dir);
  } catch {
    throw new ClientError(`${dir} does not exist: build the remote first`);
  }
  const folder = mkdtempSync(path.join(os.tmpdir(), 'release-'));
  const file = path.join(folder, 'release.tar.gz');
  await createTar({ gzip: true, portable: true, cwd: dir, file }, names);
  return { file, remove: () => rmSync(folder, { recursive: true, force: true }) };
}

/** Uploads a build folder as a release; answers the server's message and the release id. */
export async function uploadRelease({ to, token, remote, dir }) {
  const archive = await packBuild(dir);
  try {
    const body = await openAsBlob(archive.file);
    const answer = await call(apiBase(to), token, 'POST', `/releases/${encodeURIComponent(remote)}`, {
      body,
      type: 'application/gzip',
    });
    return { message: answer.message, release: answer.data.release, pruned: answer.data.pruned };
  } finally {
    archive.remove();
  }
}

export async function listReleases({ to, token, remote }) {
  return (await call(apiBase(to), token, 'GET', `/releases/${encodeURIComponent(remote)}`)).data;
}

/** Puts a release live (or, with a share, rolls it out to that share of the browsers); without one named, the newest published. */
export async function deployRelease({ to, token, remote, release, share }) {
  const target = release ?? (await listReleases({ to, token, remote }))[0]?.release;
  if (!target) throw new ClientError(`${remote} has no published release: npm run release -w remote-${remote}`);
  const answer = await call(apiBase(to), token, 'POST', `/releases/${encodeURIComponent(remote)}/deploy`, {
    body: JSON.stringify(share === undefined ? { release: target } : { release: target, share }),
    type: 'application/json',
  });
  return answer.data;
}

/** Makes the release in rollout whole. */
export async function promoteRelease({ to, token, remote }) {
  return (await call(apiBase(to), token, 'POST', `/releases/${encodeURIComponent(remote)}/promote`)).data;
}

/** `--share N` taken out of the arguments: a whole number of percent from 0 to 100, checked here first. */
function takeShare(args) {
  const index = args.indexOf('--share');
  if (index < 0) return undefined;
  const [, given] = args.splice(index, 2);
  if (!/^\d{1,3}$/.test(given ?? '') || Number(given) > 100) {
    throw new ClientError(`--share must be a whole number of percent from 0 to 100 (got "${given ?? ''}")`);
  }
  return Number(given);
}

/** The address that starts a preview of a release in the browser that opens it (once signed in as an Admin). */
export function previewLink(to, remote, release) {
  const base = new URL(to);
  return `${base.origin}${base.pathname.replace(/\/$/, '')}/settings/versions?preview=${encodeURIComponent(`${remote}/${release}`)}`;
}

export async function rollbackRelease({ to, token, remote }) {
  return (await call(apiBase(to), token, 'POST', `/releases/${encodeURIComponent(remote)}/rollback`)).data;
}

/** The releases as the command on the server lists them: the live one and the one before marked. */
export function releaseLines(remote, releases) {
  return [
    remote,
    ...releases.map((release) => {
      const mark = release.live ? '* live    ' : release.previous ? '  previous' : '          ';
      return `  ${mark} ${release.release}  built ${release.builtAt}  commit ${release.commit}`;
    }),
  ];
}

/**
 * The commands with `--to`: each prints what it did, in the words of the command on the server;
 * `release` prints the release id last.
 */
export async function runRemote(command, given, { to, root, env = process.env, build }) {
  const args = [...given];
  const share = takeShare(args);
  const [remote, release] = args;
  if (!remote) throw new ClientError(`name a remote: npm run ${command} -- <name> --to ${to}`);
  const token = deployToken(env);
  switch (command) {
    case 'release':
    case 'publish': {
      // release builds the remote first; publish uploads a build already made (its folder, or the remote's dist).
      if (command === 'release') build?.(remote);
      const dir =
        command === 'publish' && release ? path.resolve(release) : path.join(root, `remote-${remote}`, 'dist');
      const uploaded = await uploadRelease({ to, token, remote, dir });
      return [
        `${uploaded.message}: ${remote} ${uploaded.release}.`,
        ...(uploaded.pruned.length ? [`Pruned old releases: ${uploaded.pruned.join(', ')}`] : []),
        `Preview it in your browser: ${previewLink(to, remote, uploaded.release)}`,
        `Put it live with: npm run deploy -- ${remote} ${uploaded.release} --to ${to}`,
        uploaded.release,
      ];
    }
    case 'deploy': {
      if (share !== undefined && !release) throw new ClientError('name the release to roll out');
      const { release: live, from } = await deployRelease({ to, token, remote, release, share });
      if (share !== undefined)
        return [`${remote} ${live} is served to ${share} % of the browsers; ${from} to the rest.`];
      return [
        from === live
          ? `${remote} ${live} is live (it already was).`
          : `${remote} ${live} is live${from ? ` (was ${from})` : ''}.`,
      ];
    }
    case 'rollback': {
      const { release: back, from, endedRollout } = await rollbackRelease({ to, token, remote });
      if (endedRollout) return [`${remote} rollout of ${from} ended: every browser gets ${back} again.`];
      return [`${remote} rolled back to ${back} (was ${from}).`];
    }
    case 'promote': {
      const { release: live, from } = await promoteRelease({ to, token, remote });
      return [`${remote} ${live} is live for every browser (was ${from}).`];
    }
    case 'releases':
      return releaseLines(remote, await listReleases({ to, token, remote }));
    default:
      throw new ClientError(
        `${command} does not work with --to: release, publish, deploy, promote, rollback and releases do`,
      );
  }
}
