import { readFileSync } from 'node:fs';

interface StatsModule {
  name?: string;
  identifier?: string;
  size?: number;
  modules?: StatsModule[];
}
interface StatsChunk {
  files?: string[];
  modules?: StatsModule[];
}
interface Stats {
  chunks?: StatsChunk[];
}

/** For every emitted JS file (by URL path), the size of each package inside it. */
export type ChunkContents = Map<string, Map<string, number>>;

const PUBLIC_PATH: Record<string, string> = {
  shell: '/',
  'remote-content': '/remotes/content/',
  'remote-community': '/remotes/community/',
  'remote-finance': '/remotes/finance/',
};

/** The package a module belongs to: node_modules/<pkg>, the workspace `shared`, or the app itself. */
function packageOf(moduleName: string, app: string): string | undefined {
  // Federation bookkeeping that only names a package (its fallback) does not contain it.
  if (/^(consume|provide) shared module|^remote /.test(moduleName)) return 'federation runtime';
  const inModules = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(moduleName);
  if (inModules) return inModules[1];
  if (/(^|\/)shared\/src\//.test(moduleName)) return 'shared';
  if (/webpack\/runtime|module-federation|federation/.test(moduleName)) return 'federation runtime';
  return app;
}

export function chunkContents(apps: { app: string; statsFile: string }[]): ChunkContents {
  const contents: ChunkContents = new Map();
  for (const { app, statsFile } of apps) {
    const stats = JSON.parse(readFileSync(statsFile, 'utf8')) as Stats;
    for (const chunk of stats.chunks ?? []) {
      const packages = new Map<string, number>();
      const visit = (module: StatsModule) => {
        // Groups ("dependent modules") hold named modules; a concatenated module's own children
        // are unnamed, so it counts whole under its root module's package.
        if (module.modules?.some((child) => child.name || child.modules)) return module.modules.forEach(visit);
        const name = module.name ?? module.identifier ?? '';
        const pkg = packageOf(name, app) ?? app;
        packages.set(pkg, (packages.get(pkg) ?? 0) + (module.size ?? 0));
      };
      (chunk.modules ?? []).forEach(visit);
      for (const file of chunk.files ?? []) {
        if (file.endsWith('.js')) contents.set(`${PUBLIC_PATH[app]}${file}`, packages);
      }
    }
  }
  return contents;
}

/** Packages inside a downloaded file, largest first (sizes before minification). */
export function packagesOf(contents: ChunkContents, file: string): [string, number][] {
  return [...(contents.get(file) ?? new Map<string, number>()).entries()].sort((a, b) => b[1] - a[1]);
}
