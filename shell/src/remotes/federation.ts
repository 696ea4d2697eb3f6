import { loadRemote, preloadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import type { ComponentType } from 'react';
import type { RemoteDefinition } from './remotesConfig';

/** Tells the federation runtime where each remote lives. Nothing is downloaded yet. */
export function registerFromConfig(remotes: RemoteDefinition[]) {
  registerRemotes(remotes.map(({ name, entry }) => ({ name, entry })));
}

/** Loads a remote's exposed `./App`. Throws when the remote cannot be reached. */
export async function loadRemoteApp(name: string): Promise<{ default: ComponentType }> {
  const module = await loadRemote<{ default: ComponentType }>(`${name}/App`);
  if (!module?.default) throw new Error(`The ${name} remote did not provide its App`);
  return module;
}

/**
 * After login, fetch the remotes' entries and App chunks while the browser is idle, so the first
 * click on a menu entry does not wait for the network. Failures are ignored: the route retries.
 */
export function prefetchRemotes(remotes: RemoteDefinition[]): () => void {
  const run = () => {
    for (const { name } of remotes) {
      preloadRemote([{ nameOrAlias: name, exposes: ['./App'] }]).catch(() => undefined);
    }
  };
  if ('requestIdleCallback' in window) {
    const handle = window.requestIdleCallback(run, { timeout: 3000 });
    return () => window.cancelIdleCallback(handle);
  }
  const handle = setTimeout(run, 1500);
  return () => clearTimeout(handle);
}
