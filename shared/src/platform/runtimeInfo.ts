/**
 * What this browser runs, told by the shell (which owns the federation runtime) to any screen that
 * shows it (Settings → Deployed versions). A remote running standalone has no shell: it gets nothing.
 */
export interface RuntimeInfo {
  /** Remote name → the release whose code this page runs. */
  remotes: Record<string, string>;
  /** The shared singletons resolved in this page: version and the app that provided each. */
  shared: { name: string; version: string; from: string }[];
}

let provider: () => RuntimeInfo = () => ({ remotes: {}, shared: [] });

export function provideRuntimeInfo(read: () => RuntimeInfo): void {
  provider = read;
}

export const runtimeInfo = (): RuntimeInfo => provider();
