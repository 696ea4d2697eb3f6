import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import type { WorkerServer } from './fixtures';

/** The repository root, where the teams run their commands. */
export const repoRoot = path.join(__dirname, '..', '..');

const commandEnv = ({ dataDir, cdnPort }: WorkerServer, extra: Record<string, string> = {}) => ({
  ...process.env,
  DATA_DIR: dataDir,
  REMOTE_ORIGINS: `http://127.0.0.1:${cdnPort}`,
  ...extra,
});

/** The last line a command printed (the commands end with the id or state they arrived at). */
export const lastLine = (output: string) => output.trim().split('\n').at(-1)!.trim();

/** `npm run <script> …` at the repository root, on the worker's server's DATA_DIR; returns what it printed. */
export function npmRun(server: WorkerServer, args: string[], extraEnv: Record<string, string> = {}): string {
  return execFileSync('npm', ['run', '--silent', ...args], {
    cwd: repoRoot,
    env: commandEnv(server, extraEnv),
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
  });
}

/** The release CLI itself (what the npm scripts run), for a build folder of one's own. */
export function releasesCli(server: WorkerServer, args: string[]): string {
  return execFileSync(process.execPath, [path.join(repoRoot, 'api', 'dist', 'releases', 'cli.js'), ...args], {
    env: commandEnv(server),
    encoding: 'utf8',
  });
}

/**
 * A GET on a connection of its own. These tests block their process in synchronous commands (a build,
 * a deploy) for many seconds, during which the server closes idle keep-alive connections unseen: a
 * pooled one reused afterwards fails with 'other side closed' (CI saw it once).
 */
export function getText(url: string, headers: Record<string, string> = {}): Promise<string> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { agent: false, headers }, (answer) => {
        let body = '';
        answer.setEncoding('utf8');
        answer.on('data', (chunk: string) => (body += chunk));
        answer.on('end', () => resolve(body));
        answer.on('error', reject);
      })
      .on('error', reject);
  });
}

/** The live map as the server serves it to browsers. */
export async function liveRelease(baseURL: string, remote: string): Promise<{ release: string; entry: string }> {
  const map = JSON.parse(await getText(`${baseURL}/remotes.json`)) as {
    remotes: { name: string; release: string; entry: string }[];
  };
  return map.remotes.find((entry) => entry.name === remote)!;
}

export const mapFile = (server: WorkerServer) => path.join(server.dataDir, 'remotes.json');

/**
 * A scratch copy of a remote (beside the real one, so that it builds with the same config), changed by
 * `change` and built alone; `use` gets its build folder. The copy is removed afterwards.
 */
export function withScratchBuild<T>(remote: string, change: (dir: string) => void, use: (dist: string) => T): T {
  const scratch = path.join(repoRoot, `remote-${remote}-scratch`);
  fs.rmSync(scratch, { recursive: true, force: true });
  fs.cpSync(path.join(repoRoot, `remote-${remote}`), scratch, {
    recursive: true,
    filter: (source) => !/[/\\](dist|node_modules)$/.test(source),
  });
  try {
    change(scratch);
    execFileSync('npx', ['rspack', 'build', '--mode', 'production'], { cwd: scratch, stdio: 'ignore' });
    return use(path.join(scratch, 'dist'));
  } finally {
    fs.rmSync(scratch, { recursive: true, force: true });
  }
}

/** A scratch copy of a remote, changed, built and published on the server: answers its release id. */
export function publishScratchRemote(server: WorkerServer, remote: string, change: (dir: string) => void): string {
  return withScratchBuild(remote, change, (dist) => lastLine(releasesCli(server, ['publish', remote, dist])));
}

/**
 * The release commands as a remote team's CI runs them, from elsewhere: over HTTP(S) with `--to` and a
 * DEPLOY_TOKEN, with neither DATA_DIR nor a database. Answers the exit code and what it printed.
 */
export function overHttps(
  baseURL: string,
  token: string,
  args: string[],
): { status: number; stdout: string; stderr: string } {
  const result = spawnSync(
    process.execPath,
    [path.join(repoRoot, 'scripts', 'releases.mjs'), ...args, '--to', baseURL],
    {
      cwd: repoRoot,
      env: { PATH: process.env.PATH, DEPLOY_TOKEN: token },
      encoding: 'utf8',
    },
  );
  return { status: result.status ?? 1, stdout: result.stdout, stderr: result.stderr };
}

/** Adds a screen to a remote's copy: its route in App.tsx and in routes.json, in the Finance menu group. */
export function addScreen(dir: string, screen: { path: string; title: string; text: string }): void {
  const app = path.join(dir, 'src', 'App.tsx');
  fs.writeFileSync(
    app,
    fs
      .readFileSync(app, 'utf8')
      .replace('    </Routes>', `      <Route path="${screen.path}" element={<p>${screen.text}</p>} />\n    </Routes>`),
  );
  const table = JSON.parse(fs.readFileSync(path.join(dir, 'routes.json'), 'utf8')) as { routes: unknown[] };
  table.routes.push({
    path: screen.path,
    title: screen.title,
    menu: { group: 'Finance', label: screen.title, order: 3 },
  });
  fs.writeFileSync(path.join(dir, 'routes.json'), JSON.stringify(table, null, 2));
}

/** Changes the range of `shared` a remote's package.json declares needing. */
export function declareSharedRange(dir: string, range: string): void {
  const file = path.join(dir, 'package.json');
  const manifest = JSON.parse(fs.readFileSync(file, 'utf8')) as { dependencies: Record<string, string> };
  manifest.dependencies.shared = range;
  fs.writeFileSync(file, JSON.stringify(manifest, null, 2));
}

const TYPES: Record<string, string> = {
  '.js': 'text/javascript',
  '.json': 'application/json',
  '.css': 'text/css',
  '.map': 'application/json',
};

/**
 * A second origin serving the releases folder as a CDN would: with the CORS header the manifest's
 * fetch needs (scripts load without it).
 */
export async function startCdn({
  dataDir,
  cdnPort,
}: WorkerServer): Promise<{ origin: string; requests: string[]; close: () => Promise<void> }> {
  const root = path.join(dataDir, 'releases');
  const requests: string[] = [];
  const server = http.createServer((request, response) => {
    const pathname = decodeURIComponent(new URL(request.url ?? '/', 'http://cdn').pathname);
    requests.push(pathname);
    const file = path.join(root, pathname);
    response.setHeader('Access-Control-Allow-Origin', '*');
    if (!file.startsWith(root + path.sep) || !fs.existsSync(file) || !fs.statSync(file).isFile()) {
      response.writeHead(404).end();
      return;
    }
    response.writeHead(200, { 'Content-Type': TYPES[path.extname(file)] ?? 'application/octet-stream' });
    fs.createReadStream(file).pipe(response);
  });
  await new Promise<void>((resolve) => server.listen(cdnPort, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    requests,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Gives a scratch copy of a remote a version of its own, so that its release is not the live one. */
export function stampVersion(dir: string, version: string): void {
  const file = path.join(dir, 'package.json');
  const manifest = JSON.parse(fs.readFileSync(file, 'utf8')) as { version: string };
  manifest.version = version;
  fs.writeFileSync(file, JSON.stringify(manifest, null, 2));
}

/** Makes a screen of a scratch copy throw as soon as it renders (`file` relative to the copy). */
export function makeScreenThrow(dir: string, file: string, component: string): void {
  const source = path.join(dir, file);
  const text = fs.readFileSync(source, 'utf8');
  const start = `export function ${component}() {`;
  if (!text.includes(start)) throw new Error(`${file} has no ${start}`);
  fs.writeFileSync(
    source,
    text.replace(start, `${start}\n  throw new Error('${component} of this scratch release throws');`),
  );
}
