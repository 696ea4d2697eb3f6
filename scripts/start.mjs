#!/usr/bin/env node
// `npm start`: builds whatever production build is missing, then runs the API server, which also
// serves the shell, the remotes and /remotes.json from one origin.
//   --build-only   build what is missing and stop
//   --api-only     consider only the API (what `npm run seed` needs)
// A build that exists is not rebuilt: run `npm run build` after changing the sources.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const args = new Set(process.argv.slice(2));
const buildOnly = args.has('--build-only');
const apiOnly = args.has('--api-only');

const targets = [
  { workspace: 'api', output: 'api/dist/server.js' },
  ...(apiOnly
    ? []
    : [
        // release.json is the last file a production build writes (config/release.ts).
        { workspace: 'shell', output: 'shell/dist/release.json' },
        ...['content', 'community', 'finance'].map((name) => ({
          workspace: `remote-${name}`,
          output: `remote-${name}/dist/release.json`,
        })),
      ]),
];

const isWindows = process.platform === 'win32';
for (const { workspace, output } of targets) {
  if (existsSync(path.join(root, output))) continue;
  console.log(`[start] ${output} is missing: npm run build -w ${workspace}`);
  const result = spawnSync(isWindows ? 'npm.cmd' : 'npm', ['run', 'build', '-w', workspace], {
    cwd: root,
    stdio: 'inherit',
    shell: isWindows,
  });
  if (result.status !== 0) {
    console.error(`[start] building ${workspace} failed (exit ${result.status ?? result.signal}).`);
    process.exit(result.status || 1);
  }
}

if (buildOnly) process.exit(0);

const server = spawn(process.execPath, [path.join(root, 'api/dist/server.js')], {
  cwd: root,
  stdio: 'inherit',
  env: process.env,
});

// Pass stop requests on, so the server closes cleanly (it ignores the duplicate a terminal's
// Ctrl-C causes, since the whole process group receives SIGINT as well).
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.on(signal, () => {
    if (server.exitCode === null) server.kill(signal);
  });
}

server.on('exit', (code, signal) => {
  process.exit(code ?? (signal ? 128 + (signal === 'SIGINT' ? 2 : signal === 'SIGHUP' ? 1 : 15) : 1));
});
