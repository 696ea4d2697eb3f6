import fs from 'node:fs';
import path from 'node:path';
import semver from 'semver';

// Every package the lock file installs runs on the Nodes the project supports (package.json
// `engines`, and Node 24 LTS, which CI runs too): `npm install` on the oldest of each line warns of
// nothing (EBADENGINE), and nothing breaks there.
const root = path.resolve(__dirname, '..');
const read = (file: string) => JSON.parse(fs.readFileSync(path.join(root, file), 'utf8'));

type LockEntry = { version?: string; engines?: { node?: string } | string[] };

describe('the installed packages', () => {
  it('support the oldest Node of every line the project supports', () => {
    const supported: string = read('package.json').engines.node;
    const oldest = [...supported.split('||').map((line) => semver.minVersion(line)!.version), '24.0.0'];
    const lock = read('package-lock.json') as { packages: Record<string, LockEntry> };
    const refused = Object.entries(lock.packages).flatMap(([where, entry]) => {
      const needs = Array.isArray(entry.engines) ? undefined : entry.engines?.node;
      if (!where.startsWith('node_modules/') || !needs) return [];
      const name = where.replace(/^.*node_modules\//, '');
      return oldest
        .filter((node) => !semver.satisfies(node, needs))
        .map((node) => `${name}@${entry.version} on ${node}`);
    });
    expect(oldest).toEqual(['20.19.0', '22.13.0', '24.0.0']);
    expect(refused).toEqual([]);
  });
});
