/** @jest-config-loader-options {"transpileOnly": true} */
// (Above: on Node 20, ts-node loads this file without type-checking it; `npm run typecheck` checks it
// and the setup files in jest/, through jest/tsconfig.json.)
import type { Config } from 'jest';

// One jest project per workspace, as the design card asks. Browser workspaces run in jsdom,
// the API in node against a real database.
//
// No __dirname here: Node 24 loads this file natively as an ES module, Node 20 through ts-node as
// CommonJS. Paths use jest's <rootDir> instead (this folder here, each project's folder inside it).
//
// ts-jest only transpiles, file by file: tsconfig.jest.json inherits `isolatedModules: true` from
// tsconfig.base.json, which is ts-jest's switch for it (its own `isolatedModules` option is deprecated).
// The types of the tests are checked once, by `npm run typecheck`: each workspace's tsconfig includes
// its src/ with the *.test.ts(x) files, config/'s includes its tests, jest/'s the setup files.
const tsJest = (tsconfig: string): Config['transform'] => ({
  '^.+\\.[tj]sx?$': ['ts-jest', { tsconfig: `<rootDir>/../${tsconfig}` }],
});

const browserProject = (name: string): Config => ({
  displayName: name,
  rootDir: `<rootDir>/${name}`,
  testEnvironment: '<rootDir>/../jest/jsdom-environment.ts',
  transform: tsJest('tsconfig.jest.json'),
  // After setup-dom: the data layer loads react-router, which needs its globals first.
  setupFilesAfterEnv: [
    '<rootDir>/../jest/setup-dom.ts',
    '<rootDir>/../jest/setup-query.ts',
    '<rootDir>/../jest/no-console-error.ts',
  ],
  moduleNameMapper: {
    '\\.(css|png|jpe?g|gif|svg|webp)$': '<rootDir>/../jest/file-stub.ts',
  },
  testMatch: ['<rootDir>/src/**/*.test.ts?(x)'],
  // Quill 2 and its parts ship as ES modules only.
  transformIgnorePatterns: ['/node_modules/(?!(quill|parchment|quill-delta|lodash-es|react-quill-new)/)'],
});

const config: Config = {
  projects: [
    browserProject('shared'),
    browserProject('shell'),
    browserProject('remote-content'),
    browserProject('remote-community'),
    browserProject('remote-finance'),
    {
      // The build configuration every app shares (release naming).
      displayName: 'config',
      rootDir: '<rootDir>/config',
      testEnvironment: 'node',
      transform: tsJest('tsconfig.jest.json'),
      testMatch: ['<rootDir>/**/*.test.ts'],
      setupFilesAfterEnv: ['<rootDir>/../jest/no-console-error.ts'],
    },
    {
      displayName: 'api',
      rootDir: '<rootDir>/api',
      testEnvironment: 'node',
      transform: tsJest('tsconfig.jest.json'),
      testMatch: ['<rootDir>/src/**/*.test.ts'],
      setupFilesAfterEnv: ['<rootDir>/../jest/no-console-error.ts', '<rootDir>/../jest/server-start-timeout.ts'],
    },
  ],
};

export default config;
