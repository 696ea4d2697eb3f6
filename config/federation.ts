import { readFileSync } from 'node:fs';
import path from 'node:path';

const rootPackages = path.join(__dirname, '..', 'node_modules');

function installedVersion(pkg: string): string {
  const file =
    pkg === 'shared' || pkg.startsWith('shared/')
      ? path.join(__dirname, '..', 'shared', 'package.json')
      : path.join(rootPackages, pkg, 'package.json');
  return (JSON.parse(readFileSync(file, 'utf8')) as { version: string }).version;
}

// Libraries every app uses and the browser must load once. The trailing-slash keys share
// sub-paths too (react/jsx-runtime, react-dom/client).
export const singletons = [
  'react',
  'react-dom',
  'react-router-dom',
  'react-router',
  'styled-components',
  'react-toastify',
  'formik',
  'yup',
  'axios',
  '@tanstack/react-query',
  'shared',
  // The data layer is an entry of its own, so that the login page (which needs only `shared`) does
  // not load TanStack Query; it is one cache for the page, so a singleton too.
  'shared/data',
  // What the login page needs of `shared`, so that it loads neither the API client nor the form and
  // toast libraries the rest of `shared` imports.
  'shared/login',
];
const withSubpaths = new Set(['react', 'react-dom']);

/**
 * The range of `shared` an app declares in its package.json: what it needs of the platform package
 * (docs/shared-package.md). It goes into the app's manifest, and the shell refuses a remote whose
 * range the shared it provides does not satisfy.
 */
export function declaredSharedRange(appDir: string): string {
  const manifest = JSON.parse(readFileSync(path.join(appDir, 'package.json'), 'utf8')) as {
    dependencies?: Record<string, string>;
  };
  const range = manifest.dependencies?.shared;
  if (!range) throw new Error(`${appDir}/package.json must declare the range of "shared" it needs`);
  return range;
}

/**
 * What the login page runs, which the shell puts in its first file (`eager`) instead of fetching it
 * once that file has run: one round trip less before the form, each still provided to the remotes
 * as the page's one copy.
 */
export const eagerInShell = ['react', 'react-dom', 'styled-components', 'shared/login'];

export function sharedSingletons(appDir: string, eager: readonly string[] = []) {
  const config: Record<string, { singleton: true; requiredVersion: string; version?: string; eager?: true }> = {};
  for (const pkg of singletons) {
    const spec = {
      ...(pkg === 'shared' || pkg.startsWith('shared/')
        ? { singleton: true as const, requiredVersion: declaredSharedRange(appDir), version: installedVersion(pkg) }
        : { singleton: true as const, requiredVersion: `^${installedVersion(pkg)}` }),
      ...(eager.includes(pkg) ? { eager: true as const } : {}),
    };
    config[pkg] = spec;
    if (withSubpaths.has(pkg)) config[`${pkg}/`] = spec;
  }
  return config;
}
