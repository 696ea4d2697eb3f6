import { defineConfig } from '@rspack/cli';
import { createAppConfig } from '../config/rspack';

export default defineConfig((_env, argv) =>
  createAppConfig(
    { dir: __dirname, name: 'content', exposes: { './App': './src/App.tsx' }, title: 'remote-content' },
    argv,
  ),
);
