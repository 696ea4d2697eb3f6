import { matchPath } from 'react-router-dom';

/** One remote as `/remotes.json` declares it: where its manifest is and which paths it owns. */
export interface RemoteDefinition {
  name: string;
  label: string;
  entry: string;
  routes: string[];
}

export interface RemotesConfig {
  apiBaseUrl?: string;
  remotes: RemoteDefinition[];
}

const isRemote = (value: unknown): value is RemoteDefinition => {
  const remote = value as RemoteDefinition;
  return (
    typeof remote === 'object' &&
    remote !== null &&
    typeof remote.name === 'string' &&
    typeof remote.entry === 'string' &&
    Array.isArray(remote.routes) &&
    remote.routes.every((route) => typeof route === 'string')
  );
};

/**
 * Reads the run-time map. It is fetched fresh (the server sends it no-cache) so that pointing a
 * remote at a new deploy needs no shell release. A broken file leaves the shell working with no
 * remotes, and says so in the console for the operator.
 */
export async function fetchRemotesConfig(url = '/remotes.json'): Promise<RemotesConfig> {
  try {
    const response = await fetch(url, { cache: 'no-cache' });
    if (!response.ok) throw new Error(`${url} answered ${response.status}`);
    const body = (await response.json()) as Partial<RemotesConfig>;
    const remotes = Array.isArray(body.remotes) ? body.remotes.filter(isRemote) : [];
    return {
      apiBaseUrl: typeof body.apiBaseUrl === 'string' ? body.apiBaseUrl : undefined,
      remotes: remotes.map((remote) => ({ ...remote, label: remote.label || remote.name })),
    };
  } catch (error) {
    console.error('The remotes map could not be read; remote screens are unavailable.', error);
    return { remotes: [] };
  }
}

/** The remote that owns a path, by the route patterns it declares. */
export function findRemoteForPath(config: RemotesConfig, pathname: string): RemoteDefinition | undefined {
  return config.remotes.find((remote) =>
    remote.routes.some((pattern) => matchPath({ path: pattern, end: true }, pathname)),
  );
}
