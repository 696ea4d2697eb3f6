import type { Schemas } from 'api/contract';
import { callApi } from 'shared';

/** GET /version: the API's version, the shell build it serves, and each remote's live release. */
export type ServerVersions = Schemas['VersionInfo'];

/** One build as the server describes it (release.json). */
export type BuildInfo = NonNullable<ServerVersions['shell']>;

export const versionsApi = {
  get: async (signal?: AbortSignal) => (await callApi('get', '/api/v1/version', { signal })).data,
};

/** GET /rollouts (Admins): each remote's live release, its rollout with its failures, an automatic rollback. */
export type RemoteRollout = Schemas['RemoteRollout'];

export const rolloutsApi = {
  get: async (signal?: AbortSignal) => (await callApi('get', '/api/v1/rollouts', { signal })).data,
};

/** A remote's published releases, newest first, the live one and the one before marked (Admins). */
export type PublishedRelease = Schemas['ReleaseListed'];

export const releasesApi = {
  list: async (remote: string, signal?: AbortSignal) =>
    (await callApi('get', '/api/v1/releases/{remote}', { params: { remote }, signal })).data,
  /** Makes this browser alone load the release, until it leaves the preview (the banner says so). */
  preview: async (remote: string, release: string) =>
    callApi('post', '/api/v1/releases/{remote}/preview', { params: { remote }, body: { release } }),
};
