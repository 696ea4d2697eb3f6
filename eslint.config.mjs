// Lint rules of the repository. The boundary rule keeps every remote deployable alone: a remote
// imports only `shared` (by its package name) and libraries, never the shell or another remote.
import fs from 'node:fs';
import path from 'node:path';
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const remoteBoundary = {
  'no-restricted-imports': [
    'error',
    {
      patterns: [
        { group: ['shell', 'shell/*', '**/shell/**'], message: 'A remote never imports the shell.' },
        { group: ['remote-*', '**/remote-*/**'], message: 'A remote never imports another remote.' },
        { group: ['shared/src/*', '**/shared/src/**'], message: "Import 'shared' by its package name." },
        { group: ['../../*'], message: "Stay inside this remote's src; share code through 'shared'." },
      ],
    },
  ],
};

/** A migration is frozen: it imports none of the server's live code but the paths `group` lets through. */
const frozenImports = (group) => ({
  'no-restricted-imports': [
    'error',
    {
      patterns: [
        { group, message: 'A migration is frozen: it carries the code it runs (see api/src/db/frozen-rewrites.ts).' },
      ],
    },
  ],
});

/**
 * The floors of a workspace's src (docs/repository-layout.md), lowest first: a file imports its own
 * floor and those below, never one above. `rest` is the floor of a folder or top-level file named in
 * none, so a new feature needs no edit here. Tests sit above every floor: a suite may use anything.
 */
const FLOORS = {
  api: {
    floors: [
      ['config'],
      ['db'],
      ['http'],
      ['uploads'],
      ['auth', 'two-factor', 'activity', 'history', 'trash', 'resources', 'exports', 'parish', 'mail'],
      // The features: every other folder. backups/ (archive, restore) stands here by name: it reads the
      // releases' files and the machinery's key, and server.ts's start calls it before migrating.
      ['backups'],
      ['app', 'server', 'serving', 'seed', 'chores', 'registry', 'contract', 'operations', 'testing'],
    ],
    rest: 5,
  },
  shared: {
    floors: [
      ['platform', 'format', 'validation', 'search', 'navigation'],
      ['api', 'session', 'notify'],
      ['ui', 'parish', 'uploads'],
      ['forms'],
      ['auth'],
      ['providers', 'login', 'standalone', 'data', 'testing', 'index'],
    ],
    rest: 5,
  },
};
const SHARED_NO_APP = {
  group: ['shell', 'remote-*', '**/shell/**', '**/remote-*/**'],
  message: 'shared depends on no app.',
};

/** The folders and top-level files of `src`, each with the floor it stands on. */
function unitsOf(workspace) {
  const { floors, rest } = FLOORS[workspace];
  const src = path.join(import.meta.dirname, workspace, 'src');
  const named = new Map(floors.flatMap((units, floor) => units.map((unit) => [unit, floor])));
  const found = fs
    .readdirSync(src, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() || /^[^.]+\.tsx?$/.test(entry.name))
    .map((entry) => ({ unit: entry.name.replace(/\.tsx?$/, ''), folder: entry.isDirectory() }));
  return found.map(({ unit, folder }) => ({ unit, folder, floor: named.get(unit) ?? rest }));
}

const escape = (text) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** One config per unit and depth: the relative imports that climb to a unit of a higher floor. */
function floorConfigs(workspace) {
  const { floors } = FLOORS[workspace];
  const units = unitsOf(workspace);
  const configs = [];
  for (const { unit, folder, floor } of units) {
    const above = units.filter((other) => other.floor > floor).map((other) => other.unit);
    const message =
      `${workspace}/src/${unit} stands on floor ${floor + 1} of ${floors.length} and imports nothing above it ` +
      '(docs/repository-layout.md): move the code to the floor it belongs to, or pass what it needs as a parameter.';
    const lower = workspace === 'shared' && floor < FLOORS.shared.floors.length - 1;
    for (const depth of folder ? [0, 1, 2, 3] : [-1]) {
      const prefix = depth < 0 ? './' : '../'.repeat(depth + 1);
      const patterns = [];
      if (above.length > 0) patterns.push({ regex: `^${escape(prefix)}(${above.join('|')})(/|$)`, message });
      // shared's entry ('shared', 'shared/data' …) is its top floor.
      if (lower) patterns.push({ group: ['shared', 'shared/*'], message });
      if (workspace === 'shared') patterns.push(SHARED_NO_APP);
      if (patterns.length === 0) continue;
      configs.push({
        files: [
          depth < 0 ? `${workspace}/src/${unit}.{ts,tsx}` : `${workspace}/src/${unit}/${'*/'.repeat(depth)}*.{ts,tsx}`,
        ],
        ignores: ['**/*.test.{ts,tsx}'],
        rules: { 'no-restricted-imports': ['error', { patterns }] },
      });
    }
  }
  return configs;
}

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/node_modules/**',
      'e2e/test-results/**',
      'e2e/playwright-report/**',
      'data/**',
      'data-cluster/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  // React's own rules, the compiler-era ones included (refs in render, components made in render …).
  reactHooks.configs.flat.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node, ...globals.jest } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_' }],
    },
  },
  {
    // A promise nobody awaits or catches fails silently; these rules need the types, so they run where
    // a tsconfig describes the files. The clients are one program (config/tsconfig.clients.json), as
    // `npm run typecheck` checks them: each app's own tsconfig would build shared's types again.
    files: ['{shared,shell,remote-*,api}/src/**/*.{ts,tsx}', 'e2e/**/*.ts', 'config/*.ts'],
    languageOptions: {
      parserOptions: {
        project: ['config/tsconfig.clients.json', 'api/tsconfig.json', 'e2e/tsconfig.json', 'config/tsconfig.json'],
        tsconfigRootDir: import.meta.dirname,
      },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
    },
  },
  {
    // Playwright's fixtures: `use` is its callback, not React's hook, and a fixture that needs no other
    // fixture is written with an empty pattern (Playwright reads the parameter names).
    files: ['e2e/**/*.ts'],
    rules: { 'react-hooks/rules-of-hooks': 'off', 'no-empty-pattern': 'off' },
  },
  { files: ['remote-*/src/**/*.{ts,tsx}'], rules: remoteBoundary },
  // Before the migrations' rules, which are stricter and so replace them there.
  ...floorConfigs('api'),
  {
    // A migration that ran live code would run something else once that code changes: a migration's
    // file imports only its own folder (the index, the helpers) and ../frozen-rewrites.
    files: ['api/src/db/migrations/**'],
    rules: frozenImports(['../*', '!../frozen-rewrites']),
  },
  { files: ['api/src/db/frozen-rewrites.ts'], rules: frozenImports(['../*', './*']) },
  { files: ['shared/src/**/*.{ts,tsx}'], rules: { 'no-restricted-imports': ['error', { patterns: [SHARED_NO_APP] }] } },
  // After the rule above, which a file's floor rule replaces (the last options that match are the ones
  // taken): each of shared's repeats SHARED_NO_APP.
  ...floorConfigs('shared'),
);
