#!/usr/bin/env node
// Runs each test file on its own (`npx jest <file>`), so that a file that passes only after another
// one, or only with its cases in their written order, is found. With --shuffle, each file's cases run
// in a random order too (jest --randomize, the seed printed for a rerun).
//
//   node scripts/tests-alone.mjs                     every file of the api, config and client projects
//   node scripts/tests-alone.mjs api config          the files of these projects
//   node scripts/tests-alone.mjs --shuffle api       each file with its cases shuffled
//
// PostgreSQL is tested too when TEST_DATABASE_URL is set, as in every api suite. Prints each file's
// result and time, then the files that failed; exits 1 if any did.
import { spawnSync } from 'node:child_process';
import path from 'node:path';

const PROJECTS = ['api', 'config', 'shared', 'shell', 'remote-content', 'remote-community', 'remote-finance'];

const args = process.argv.slice(2);
const shuffle = args.includes('--shuffle');
const chosen = args.filter((arg) => !arg.startsWith('--'));
const unknown = chosen.filter((name) => !PROJECTS.includes(name));
if (unknown.length > 0) {
  console.error(`Unknown project: ${unknown.join(', ')} (one of: ${PROJECTS.join(', ')})`);
  process.exit(2);
}
const projects = chosen.length > 0 ? chosen : PROJECTS;
const root = path.resolve(import.meta.dirname, '..');

const jest = (jestArgs) =>
  spawnSync('npx', ['jest', ...jestArgs], { cwd: root, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });

const listed = jest(['--listTests', '--selectProjects', ...projects]);
if (listed.status !== 0) {
  console.error(listed.stderr);
  process.exit(2);
}
const files = listed.stdout
  .split('\n')
  .filter((line) => line.endsWith('.ts') || line.endsWith('.tsx'))
  .map((file) => path.relative(root, file))
  .sort();

const failed = [];
const started = Date.now();
for (const [index, file] of files.entries()) {
  const seed = shuffle ? Math.floor(Math.random() * 2 ** 31) : undefined;
  const fileStarted = Date.now();
  const run = jest([file, ...(shuffle ? ['--randomize', `--seed=${seed}`] : [])]);
  const seconds = ((Date.now() - fileStarted) / 1000).toFixed(1);
  const ok = run.status === 0;
  console.log(
    `${ok ? 'pass' : 'FAIL'} ${file} (${seconds} s${shuffle ? `, seed ${seed}` : ''}) [${index + 1}/${files.length}]`,
  );
  if (!ok) {
    failed.push(shuffle ? `${file} --randomize --seed=${seed}` : file);
    // The failing cases' headlines, to say what failed without the whole report.
    const headlines = `${run.stdout}\n${run.stderr}`.split('\n').filter((line) => line.trim().startsWith('●'));
    for (const line of headlines.slice(0, 10)) console.log(`     ${line.trim()}`);
  }
}
const minutes = ((Date.now() - started) / 60000).toFixed(1);
console.log(`\n${files.length - failed.length} of ${files.length} files pass alone (${minutes} min).`);
if (failed.length > 0) {
  console.log(`Failed alone (rerun with npx jest <file>):\n${failed.map((file) => `  ${file}`).join('\n')}`);
  process.exit(1);
}
