#!/usr/bin/env node
// The remote teams' commands (README "For a remote team"): builds what they need, then runs the
// API's release CLI (api/src/releases/cli.ts), which changes files under DATA_DIR (and, with
// DATABASE_URL, the releases and live map every instance shares).
//   release <app>      npm run build -w remote-<app> (or -w shell), then publish it
//   publish | deploy | promote | rollback | releases …   passed on as they are
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const isWindows = process.platform === 'win32';
const cli = path.join(root, 'api', 'dist', 'releases', 'cli.js');

function npm(args) {
  const result = spawnSync(isWindows ? 'npm.cmd' : 'npm', args, { cwd: root, stdio: 'inherit', shell: isWindows });
  if (result.status !== 0) process.exit(result.status || 1);
}

const [command, ...rest] = process.argv.slice(2);
if (!existsSync(cli)) npm(['run', 'build', '-w', 'api']);

let args = [command, ...rest];
if (command === 'release') {
  const [name] = rest;
  if (!name) {
    console.error('usage: npm run release -w remote-<name> (or -w shell)');
    process.exit(1);
  }
  npm(['run', 'build', '-w', name === 'shell' ? 'shell' : `remote-${name}`]);
  args = ['publish', name, ...rest.slice(1)];
}

const result = spawnSync(process.execPath, [cli, ...args], { cwd: root, stdio: 'inherit' });
process.exit(result.status ?? 1);
