import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { addSchemas, Entity, ref } from '../http/contract';
import { NO_CACHE } from '../http/files';
import { ensureBrowserId, memberOf, SeenBrowsers } from './client-reports';
import { clearPreviewCookie, previewOf } from './preview';
import { releaseSchemas } from './schemas';
import { SHELL } from './store';

/**
 * The live map for the browser (its schema: RemotesMap, a component of the contract): `no-cache`, with
 * an ETag so that a check at each navigation is a 304. What a browser gets depends on its id (a
 * rollout's share), kept in a cookie it is given here: the answer varies by cookie, and its ETag covers
 * what this browser gets.
 */
export async function liveMapRoute(app: FastifyInstance): Promise<void> {
  const seen = new SeenBrowsers(app);
  app.get('/remotes.json', { schema: { hide: true } }, async (request, reply) => {
    const browser = ensureBrowserId(request, reply);
    // A browser previewing a release gets it in place of the live one; a preview that ended is removed.
    const preview = await previewOf(app.db, request);
    const { body, etag, rollouts, preview: shown } = app.liveMap.forBrowser(browser, preview);
    if (preview !== undefined && !shown) clearPreviewCookie(request, reply);
    if (rollouts.length) {
      // Only the browsers served a rollout release count in its failure share.
      await seen
        // Under the member whose session comes with it (the shell sends it once signed in), or not at all.
        .record(browser, rollouts, () => memberOf(request))
        .catch((error: unknown) => {
          request.log.error(error, 'a rollout browser could not be recorded');
        });
    }
    reply.header('Cache-Control', NO_CACHE).header('ETag', etag).header('Vary', 'Cookie');
    if (request.headers['if-none-match'] === etag) return reply.code(304).send();
    return reply.type('application/json; charset=utf-8').send(body);
  });
}

const BuildInfo = Type.Object({
  version: Type.String(),
  release: Type.String(),
  commit: Type.String(),
  builtAt: Type.String({ description: 'ISO time of the build' }),
});

const VersionInfo = Entity('VersionInfo', {
  api: Type.Object({ version: Type.String() }),
  uploads: Type.Object(
    {
      imageMaxBytes: Type.Integer({
        description: 'The largest picture (JPEG, PNG, GIF or WebP) an upload field takes',
      }),
      fileMaxBytes: Type.Integer({
        description: 'The largest file of any type (a donation file) an upload field takes',
      }),
    },
    { description: 'The upload limits this server applies, which the forms show and check before sending' },
  ),
  shell: Type.Union([BuildInfo, Type.Null()], { description: 'The live shell release this server serves' }),
  remotes: Type.Array(
    Type.Object({
      name: Type.String(),
      label: Type.String(),
      release: Type.String({ description: 'The live release' }),
      entry: Type.String({ description: "The live release's manifest URL" }),
      build: Type.Union([BuildInfo, Type.Null()]),
      manifest: Type.Union([
        Type.Object({
          name: Type.String(),
          buildVersion: Type.Optional(Type.String()),
          exposes: Type.Array(Type.String()),
          shared: Type.Array(
            Type.Object({
              name: Type.String(),
              version: Type.String(),
              requiredVersion: Type.Optional(Type.String()),
              singleton: Type.Optional(Type.Boolean()),
            }),
          ),
        }),
        Type.Null(),
      ]),
    }),
  ),
});

function packageVersion(): string {
  // api/src (tests) and api/dist (compiled) both sit one level below api/package.json.
  const file = path.join(__dirname, '..', '..', 'package.json');
  return (JSON.parse(fs.readFileSync(file, 'utf8')) as { version: string }).version;
}

/**
 * GET /version: what this server runs and serves, and the upload limits it applies. Public: versions,
 * release ids and limits are no secrets.
 */
export async function versionRoutes(parent: FastifyInstance): Promise<void> {
  const app = parent.withTypeProvider<TypeBoxTypeProvider>();
  // The release files' and the live map's schemas too: the contract carries them for the shell and the build.
  addSchemas(app, VersionInfo, ...releaseSchemas);
  const apiVersion = packageVersion();

  app.get(
    '/version',
    {
      schema: {
        tags: ['releases'],
        summary: "The API's version, its upload limits, and each remote's live release, as its manifest declares it",
        response: { 200: Type.Object({ message: Type.String(), data: ref(VersionInfo) }) },
      },
    },
    async () => {
      const { served, map } = app.liveMap.current();
      const liveShell = app.releases.liveShell(map);
      // No shell release: the API alone.
      const shell = (liveShell && app.liveMap.releaseInfo(SHELL, liveShell.release)) || null;
      const data = {
        api: { version: apiVersion },
        uploads: { imageMaxBytes: app.config.uploadMaxImageBytes, fileMaxBytes: app.config.uploadMaxFileBytes },
        shell: shell && {
          version: shell.version,
          release: shell.release,
          commit: shell.commit,
          builtAt: shell.builtAt,
        },
        remotes: served.remotes.map((remote) => {
          const build = app.liveMap.releaseInfo(remote.name, remote.release);
          return {
            name: remote.name,
            label: remote.label,
            release: remote.release,
            entry: remote.entry,
            build: build
              ? { version: build.version, release: build.release, commit: build.commit, builtAt: build.builtAt }
              : null,
            manifest: app.liveMap.manifest(remote.name, remote.release) ?? null,
          };
        }),
      };
      return { message: 'Version fetched successfully', data };
    },
  );
}
