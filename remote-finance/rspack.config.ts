import { defineConfig } from '@rspack/cli';
import { createAppConfig } from '../config/rspack';

export default defineConfig((_env, argv) =>
  createAppConfig(
    { dir: __dirname, name: 'finance', exposes: { './App': './src/App.tsx' }, title: 'remote-finance' },
    argv,
  ),
);
