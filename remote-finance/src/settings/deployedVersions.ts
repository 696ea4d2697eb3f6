import { apiClient, unwrap } from 'shared';

/** One build as the server describes it (release.json). */
export interface BuildInfo {
  version: string;
  release: string;
  commit: string;
  builtAt: string;
}

/** GET /version: the API's version, the shell build it serves, and each remote's live release. */
export interface ServerVersions {
  api: { version: string };
  shell: BuildInfo | null;
  remotes: {
    name: string;
    label: string;
    release: string;
    entry: string;
    build: BuildInfo | null;
    manifest: {
      name: string;
      buildVersion?: string;
      exposes: string[];
      shared: { name: string; version: string }[];
    } | null;
  }[];
}

export const versionsApi = {
  get: (signal?: AbortSignal) => unwrap<ServerVersions>(apiClient.get('/version', { signal })),
};
