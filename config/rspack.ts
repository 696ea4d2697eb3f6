import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';
import { rspack, type Configuration } from '@rspack/core';
import { ModuleFederationPlugin } from '@module-federation/enhanced/rspack';
import { eagerInShell, sharedSingletons } from './federation';
import { PrecompressPlugin } from './precompress';
import { ReleaseInfoPlugin } from './release';
import { developmentRemotesMap } from './dev-remotes';

/** Ports of the dev servers; `npm run dev` starts all of them plus the API on 8080. */
export const devPorts = { shell: 3000, content: 3001, community: 3002, finance: 3003 } as const;
const apiDevTarget = 'http://127.0.0.1:8080';

/**
 * A remote is built with publicPath 'auto' on purpose: a release is served from whatever folder it is
 * published to, and its manifest resolves its chunks from where it was loaded. The manifest plugin
 * warns of exactly that on every build; that one notice is left out, every other line stays.
 */
class AutoPublicPathNoticeFilter {
  apply(compiler: import('@rspack/core').Compiler) {
    compiler.hooks.infrastructureLog.tap('AutoPublicPathNoticeFilter', (origin, type, args) =>
      type === 'warn' && origin.includes('Manifest Plugin') && args.join(' ').includes("publicPath='auto'")
        ? true
        : undefined,
    );
  }
}
const reactRouterDist = path.join(__dirname, '..', 'node_modules', 'react-router', 'dist', 'production');

interface AppOptions {
  /** Directory of the app (its rspack.config.ts's __dirname). */
  dir: string;
  /** Federation name: 'shell' for the host, else the remote's short name. */
  name: keyof typeof devPorts;
  /** Remotes expose their App; the host exposes nothing. */
  exposes?: Record<string, string>;
  title: string;
}

export function createAppConfig(options: AppOptions, argv: { mode?: string } = {}): Configuration {
  const { dir, name, exposes, title } = options;
  const isHost = name === 'shell';
  const production = argv.mode !== 'development';
  return {
    context: dir,
    mode: production ? 'production' : 'development',
    devtool: production ? 'source-map' : 'eval-cheap-module-source-map',
    entry: { main: './src/index.ts' },
    output: {
      path: path.join(dir, 'dist'),
      // Remotes are served from wherever remotes.json says: 'auto' resolves chunk URLs from the entry.
      publicPath: isHost ? '/' : 'auto',
      filename: production ? '[name].[contenthash:10].js' : '[name].js',
      chunkFilename: production ? '[name].[contenthash:10].js' : '[name].js',
      assetModuleFilename: 'assets/[name].[contenthash:10][ext]',
      uniqueName: name,
      clean: true,
    },
    resolve: {
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'],
      // react-router's package exports only name its development build; a shared singleton is not
      // tree-shaken, so production builds point at its production build explicitly.
      alias: production
        ? {
            'react-router$': path.join(reactRouterDist, 'index.mjs'),
            'react-router/dom$': path.join(reactRouterDist, 'dom-export.mjs'),
          }
        : {},
    },
    module: {
      rules: [
        {
          test: /\.tsx?$/,
          exclude: /node_modules/,
          loader: 'builtin:swc-loader',
          options: {
            jsc: {
              parser: { syntax: 'typescript', tsx: true },
              transform: { react: { runtime: 'automatic', development: !production } },
            },
            env: { targets: 'chrome >= 111, edge >= 111, firefox >= 111, safari >= 16.4' },
          },
          type: 'javascript/auto',
        },
        { test: /\.(png|jpe?g|gif|svg|webp)$/i, type: 'asset/resource' },
        { test: /\.css$/i, type: 'css/auto' },
      ],
    },
    plugins: [
      // Before the federation plugin, which warns as it is applied.
      ...(isHost ? [] : [new AutoPublicPathNoticeFilter()]),
      new ModuleFederationPlugin({
        name,
        filename: 'remoteEntry.js',
        exposes,
        shared: sharedSingletons(dir, isHost ? eagerInShell : []),
        // 'version-first' makes every first use of a shared module start every registered remote to
        // compare versions, so one remote that cannot be loaded fails the others' shared modules. The
        // apps are built from one lockfile, so the first loaded copy is the one every app wants.
        shareStrategy: 'loaded-first',
        manifest: true,
        // Type generation made a remote's build 5x slower and wrote outside dist.
        dts: false,
        // The remotes run on the shell's federation runtime, which the shell hands them (a global):
        // each remoteEntry.js carried a copy of its own. A remote's dev server keeps its copy, for its
        // standalone harness, which runs without a shell.
        ...(isHost
          ? { experiments: { provideExternalRuntime: true } }
          : production
            ? { experiments: { externalRuntime: true } }
            : {}),
      }),
      new rspack.HtmlRspackPlugin({ template: path.join(__dirname, 'index.html'), title }),
      // No build writes the live map: in production it is operator data under DATA_DIR (api/src/releases).
      ...(production ? [new PrecompressPlugin(), new ReleaseInfoPlugin({ dir, name })] : []),
      new rspack.DefinePlugin({ 'process.env.NODE_ENV': JSON.stringify(production ? 'production' : 'development') }),
    ],
    performance: { hints: false },
    // The bench asks for chunk contents to print what the login page is made of.
    ...(process.env.BENCH_STATS
      ? {
          stats: {
            all: false,
            chunks: true,
            chunkModules: true,
            dependentModules: true,
            nestedModules: true,
            modules: false,
            ids: true,
          },
        }
      : {}),
    // Lazy compilation's proxy modules break the federation's async entry in development.
    lazyCompilation: false,
    devServer: {
      port: devPorts[name],
      historyApiFallback: true,
      hot: true,
      headers: { 'Access-Control-Allow-Origin': '*' },
      proxy: [{ context: ['/api', '/uploads'], target: apiDevTarget }],
      static: false,
      // The shell's dev server answers /remotes.json with the remotes' dev servers and route tables.
      ...(isHost
        ? {
            setupMiddlewares: (middlewares) => {
              middlewares.unshift({
                name: 'remotes-map',
                path: '/remotes.json',
                middleware: (_request: IncomingMessage, response: ServerResponse) => {
                  response.setHeader('Content-Type', 'application/json; charset=utf-8');
                  response.setHeader('Cache-Control', 'no-cache');
                  response.end(JSON.stringify(developmentRemotesMap(path.join(__dirname, '..'), devPorts)));
                },
              });
              return middlewares;
            },
          }
        : {}),
    },
  };
}
