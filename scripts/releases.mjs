#!/usr/bin/env node
// The remote teams' commands (docs/remote-teams.md).
//
// On the server: builds what they need, then runs the API's release CLI (api/src/releases/cli.ts),
// which changes files under DATA_DIR (and, with DATABASE_URL, the releases and live map every
// instance shares).
//   release <app>      npm run build -w remote-<app> (or -w shell), then publish it
//   publish | deploy | promote | rollback | releases …   passed on as they are
//
// From anywhere else, with `--to https://office.example.org` and DEPLOY_TOKEN: the same commands over
// HTTPS (scripts/release-client.mjs), needing neither the API's build nor a database.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ClientError, runRemote } from './release-client.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const isWindows = process.platform === 'win32';
const cli = path.join(root, 'api', 'dist', 'releases', 'cli.js');

function npm(args) {
  const result = spawnSync(isWindows ? 'npm.cmd' : 'npm', args, { cwd: root, stdio: 'inherit', shell: isWindows });
  if (result.status !== 0) process.exit(result.status || 1);
}

const [command, ...rest] = process.argv.slice(2);

const toIndex = rest.indexOf('--to');
if (toIndex >= 0) {
  const [, to] = rest.splice(toIndex, 2);
  try {
    if (!to) throw new ClientError('--to needs the back-office address, such as https://office.example.org');
    const lines = await runRemote(command, rest, {
      to,
      root,
      // The build's output goes to standard error: standard output ends with the release id alone.
      build: (name) => {
        const result = spawnSync(isWindows ? 'npm.cmd' : 'npm', ['run', 'build', '-w', `remote-${name}`], {
          cwd: root,
          stdio: ['ignore', process.stderr, 'inherit'],
          shell: isWindows,
        });
        if (result.status !== 0) throw new ClientError(`The build of remote-${name} failed`);
      },
    });
    for (const line of lines) console.log(line);
  } catch (error) {
    if (!(error instanceof ClientError)) throw error;
    console.error(error.message);
    process.exit(1);
  }
  process.exit(0);
}

if (!existsSync(cli)) npm(['run', 'build', '-w', 'api']);

let args = [command, ...rest];
if (command === 'release') {
  const [name] = rest;
  if (!name) {
    console.error('usage: npm run release -w remote-<name> (or -w shell) [-- --to https://office.example.org]');
    process.exit(1);
  }
  npm(['run', 'build', '-w', name === 'shell' ? 'shell' : `remote-${name}`]);
  args = ['publish', name, ...rest.slice(1)];
}

const result = spawnSync(process.execPath, [cli, ...args], { cwd: root, stdio: 'inherit' });
process.exit(result.status ?? 1);
