import { readFileSync } from 'node:fs';
import path from 'node:path';

const rootPackages = path.join(__dirname, '..', 'node_modules');

function installedVersion(pkg: string): string {
  const file =
    pkg === 'shared'
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
  'shared',
];
const withSubpaths = new Set(['react', 'react-dom']);

export function sharedSingletons() {
  const config: Record<string, { singleton: true; requiredVersion: string; eager?: boolean }> = {};
  for (const pkg of singletons) {
    const spec = { singleton: true as const, requiredVersion: `^${installedVersion(pkg)}` };
    config[pkg] = spec;
    if (withSubpaths.has(pkg)) config[`${pkg}/`] = spec;
  }
  return config;
}
