import path from 'node:path';
import type { Config } from 'jest';

// One jest project per workspace, as the design card asks. Browser workspaces run in jsdom,
// the API in node against a real database.
const tsJest = (tsconfig: string): Config['transform'] => ({
  '^.+\\.[tj]sx?$': ['ts-jest', { tsconfig: path.join(__dirname, tsconfig) }],
});

const browserProject = (name: string): Config => ({
  displayName: name,
  rootDir: path.join(__dirname, name),
  testEnvironment: path.join(__dirname, 'jest/jsdom-environment.ts'),
  transform: tsJest('tsconfig.jest.json'),
  setupFilesAfterEnv: [path.join(__dirname, 'jest/setup-dom.ts')],
  moduleNameMapper: {
    '\\.(css|png|jpe?g|gif|svg|webp)$': path.join(__dirname, 'jest/file-stub.ts'),
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
      rootDir: path.join(__dirname, 'config'),
      testEnvironment: 'node',
      transform: tsJest('tsconfig.jest.json'),
      testMatch: ['<rootDir>/**/*.test.ts'],
    },
    {
      displayName: 'api',
      rootDir: path.join(__dirname, 'api'),
      testEnvironment: 'node',
      transform: tsJest('tsconfig.jest.json'),
      // content-disposition 3 (through @fastify/static) is ESM only; jest on Node 20 needs it as CommonJS.
      transformIgnorePatterns: ['/node_modules/(?!content-disposition/)'],
      testMatch: ['<rootDir>/src/**/*.test.ts'],
    },
  ],
};

export default config;
