import fs from 'node:fs';
import path from 'node:path';

// `shared` is the platform every app builds against and the browser loads once: it exports what the
// apps use and nothing more, so that each export is a promise someone keeps.
const repo = path.join(__dirname, '..', '..');
const apps = ['shell', 'remote-content', 'remote-community', 'remote-finance'];

function sourcesOf(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourcesOf(file);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [file] : [];
  });
}

describe("shared's public surface", () => {
  it('exports only names that an app uses', () => {
    const index = fs.readFileSync(path.join(__dirname, 'index.ts'), 'utf8');
    const exported = [...index.matchAll(/export \{([^}]*)\} from/g)].flatMap((match) =>
      match[1]
        .split(',')
        .map((name) => name.trim().replace(/^type /, ''))
        .filter(Boolean),
    );
    const appCode = apps
      .flatMap((app) => sourcesOf(path.join(repo, app, 'src')))
      .map((file) => fs.readFileSync(file, 'utf8'))
      .join('\n');
    expect(exported.length).toBeGreaterThan(20);
    const unused = exported.filter((name) => !new RegExp(`\\b${name}\\b`).test(appCode));
    expect(unused).toEqual([]);
  });

  it('holds no feature calls: each app owns its own', () => {
    expect(fs.readdirSync(path.join(__dirname, 'api', 'resources'))).toEqual(['auth.ts']);
  });
});
