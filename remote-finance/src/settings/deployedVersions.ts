import type { Schemas } from 'api/contract';
import { apiClient, unwrap } from 'shared';

/** GET /version: the API's version, the shell build it serves, and each remote's live release. */
export type ServerVersions = Schemas['VersionInfo'];

/** One build as the server describes it (release.json). */
export type BuildInfo = NonNullable<ServerVersions['shell']>;

export const versionsApi = {
  get: (signal?: AbortSignal) => unwrap<ServerVersions>(apiClient.get('/version', { signal })),
};
