import { useEffect } from 'react';
import { prefetchRemotes } from './federation';
import type { RemoteDefinition } from './remotesConfig';

/** Mounted only behind the guard: no remote code is downloaded before login. */
export function RemotePrefetch({ remotes }: { remotes: RemoteDefinition[] }) {
  useEffect(() => prefetchRemotes(remotes), [remotes]);
  return null;
}
