// Lint rules of the repository. The boundary rule keeps every remote deployable alone: a remote
// imports only `shared` (by its package name) and libraries, never the shell or another remote.
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
  {
    // A migration that ran live code would run something else once that code changes: a migration's
    // file imports only its own folder (the index, the helpers) and ../frozen-rewrites.
    files: ['api/src/db/migrations/**'],
    rules: frozenImports(['../*', '!../frozen-rewrites']),
  },
  { files: ['api/src/db/frozen-rewrites.ts'], rules: frozenImports(['../*', './*']) },
  {
    files: ['shared/src/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['shell', 'remote-*', '**/shell/**', '**/remote-*/**'], message: 'shared depends on no app.' },
          ],
        },
      ],
    },
  },
);
