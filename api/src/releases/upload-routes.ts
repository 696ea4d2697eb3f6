import fs from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { bearerSecurity } from '../auth/guard';
import { releaseAccess } from '../deploy-tokens/guard';
import { addSchemas, Entity, Input, ref } from '../http/contract';
import { closeAfterAnswer } from '../http/connections';
import { badRequest, HttpError, notFound } from '../http/errors';
import { errorResponses } from '../http/validation';
import { previewedReleases } from './preview';
import { readReleaseInfo, ReleaseError } from './store';
import { ArchiveRefused, receiveArchive, removeStaleUploads, uploadFolder } from './upload';

/** The media types an archive may be sent as: read as it arrives by the route, never buffered. */
export const ARCHIVE_TYPES = [
  'application/gzip',
  'application/x-gzip',
  'application/x-tar',
  'application/octet-stream',
];

const ReleaseListed = Entity('ReleaseListed', {
  release: Type.String(),
  version: Type.String(),
  commit: Type.String(),
  builtAt: Type.String({ description: 'ISO time of the build, as the build says' }),
  publishedAt: Type.String({ description: 'ISO time this server published it: what orders the list' }),
  live: Type.Boolean({ description: 'Browsers load this release' }),
  previous: Type.Boolean({ description: 'The release a rollback goes back to' }),
});

const ReleasePublished = Entity('ReleasePublished', {
  remote: Type.String(),
  release: Type.String({ description: 'The release id, for POST /releases/{remote}/deploy' }),
  created: Type.Boolean({ description: 'false when that build was published already' }),
  pruned: Type.Array(Type.String(), { description: 'Old releases removed beyond RELEASES_KEEP' }),
});

const ReleaseSwitched = Entity('ReleaseSwitched', {
  remote: Type.String(),
  release: Type.String({ description: 'The release live now, or rolled out' }),
  from: Type.Union([Type.String(), Type.Null()], { description: 'The release live before' }),
  share: Type.Optional(Type.Integer({ description: 'The share of the browsers it is rolled out to' })),
  endedRollout: Type.Optional(
    Type.Boolean({ description: 'A rollback that ended a rollout: `from` was in rollout, `release` stayed live' }),
  ),
});

const DeployInput = Input(
  'DeployInput',
  {
    release: Type.String({ minLength: 1, maxLength: 80 }),
    share: Type.Optional(
      Type.Integer({
        minimum: 0,
        maximum: 100,
        description: 'Roll the release out to this percentage of the browsers (the live one serves the rest)',
      }),
    ),
  },
  { release: 'Release', share: 'Share' },
);

const RemoteParams = Type.Object({ remote: Type.String({ maxLength: 40 }) });

export const RELEASE_MESSAGES = {
  unknownRemote: (remote: string, known: string[]) =>
    `There is no remote "${remote}" with published releases (known: ${known.join(', ') || 'none yet'})`,
  otherRemote: (remote: string, name: string) => `This archive is a release of ${name}, not of ${remote}`,
  notAnArchive: 'Send the build as one .tar.gz archive (Content-Type: application/gzip)',
} as const;

/**
 * The release calls a remote team's CI makes over HTTPS (docs/remote-teams.md): publish an
 * archive of a build, list the releases, put one live, roll back. An Admin's session or a deploy
 * token for that remote opens them (deploy-tokens/guard.ts); each does what the command on the server
 * does (cli.ts), with the same checks, and on PostgreSQL shares what it changed with every instance.
 */
export async function releaseRoutes(parent: FastifyInstance): Promise<void> {
  const app = parent.withTypeProvider<TypeBoxTypeProvider>();
  addSchemas(app, ReleaseListed, ReleasePublished, ReleaseSwitched, DeployInput);
  app.addContentTypeParser(ARCHIVE_TYPES, (_request, payload, done) => done(null, payload));
  const tags = ['releases'];
  const { releases } = app;
  removeStaleUploads(releases.config.releasesDir);

  /** Runs a releases command as the server's commands do: on PostgreSQL with every instance's view. */
  const change = <T>(command: () => T): Promise<T> =>
    app.clusterReleases ? app.clusterReleases.change(command) : Promise.resolve().then(command);

  const knownRemote = (remote: string): string => {
    const known = releases.store.remotes();
    if (!known.includes(remote)) throw notFound(RELEASE_MESSAGES.unknownRemote(remote, known));
    return remote;
  };

  /** A command's refusal as a 400 in words; the server's folders are not the caller's business. */
  const refused = (error: unknown, folder?: string): unknown => {
    if (!(error instanceof ReleaseError)) return error;
    const message = folder
      ? error.message.replaceAll(`${folder}${path.sep}`, '').replaceAll(folder, 'the archive')
      : error.message;
    return badRequest(message);
  };

  app.post(
    '/releases/:remote',
    {
      config: {
        // Not kept for a retry (none of the release calls is): what they change is files and the live
        // map, outside the database's write scope a kept answer is bound to. Publishing again is harmless.
        replayable: false,
        activity: {
          kind: 'release',
          says: ({ data }) => {
            const { remote, release, created } = data as { remote: string; release: string; created: boolean };
            return created ? `Published ${remote} ${release}` : `Published ${remote} ${release} (it already was)`;
          },
        },
        swaggerTransform: ({ schema, url }: { schema: unknown; url: string }) => ({
          schema: {
            ...(schema as object),
            consumes: ['application/gzip'],
            body: Type.String({
              format: 'binary',
              description: 'The build folder (dist) as one .tar.gz archive, its files at the root',
            }),
          },
          url,
        }),
      },
      onRequest: releaseAccess('publish'),
      schema: {
        tags,
        summary:
          'Publish a release: the body is the build as a .tar.gz archive, checked as `npm run release` checks a build ' +
          '(RELEASE_MAX_BYTES, RELEASE_MAX_FILES; plain files and folders only). Answers its id (201, or 200 when already published)',
        description: 'An Admin session or a deploy token for that remote (scope publish or deploy).',
        security: bearerSecurity,
        params: RemoteParams,
        response: {
          200: Type.Object({ message: Type.String(), data: ref(ReleasePublished) }),
          201: Type.Object({ message: Type.String(), data: ref(ReleasePublished) }),
          ...errorResponses(400, 401, 403, 404, 413, 415, 429),
        },
      },
    },
    async (request, reply) => {
      const remote = knownRemote(request.params.remote);
      // No body, or one of another type (JSON, a form) that Fastify read: not an archive.
      if (!(request.body instanceof Readable)) throw new HttpError(415, RELEASE_MESSAGES.notAnArchive);
      const folder = uploadFolder(releases.config.releasesDir);
      try {
        try {
          await receiveArchive(request.body, folder, releases.store.limits);
        } catch (error) {
          if (!(error instanceof ArchiveRefused)) throw error;
          // The rest of the archive is not read: the connection closes after the answer.
          closeAfterAnswer(request, reply);
          throw new HttpError(error.statusCode, error.message);
        }
        const built = readReleaseInfo(folder).name;
        if (built !== remote) throw badRequest(RELEASE_MESSAGES.otherRemote(remote, built));
        const inUse = await previewedReleases(app.db, remote);
        const { info, created, pruned } = await change(() => releases.publish(folder, inUse));
        const data = { remote, release: info.release, created, pruned };
        return reply
          .code(created ? 201 : 200)
          .send({ message: created ? 'Release published' : 'Release was already published', data });
      } catch (error) {
        throw refused(error, folder);
      } finally {
        // Off the event loop: a refused build may have left hundreds of files.
        await fs.promises.rm(folder, { recursive: true, force: true });
      }
    },
  );

  app.get(
    '/releases/:remote',
    {
      onRequest: releaseAccess('publish'),
      schema: {
        tags,
        summary:
          "A remote's releases, the last published first, marking the live one and the one a rollback goes back to",
        security: bearerSecurity,
        params: RemoteParams,
        response: {
          200: Type.Object({ message: Type.String(), data: Type.Array(ref(ReleaseListed)) }),
          ...errorResponses(401, 403, 404, 429),
        },
      },
    },
    async (request) => {
      const remote = knownRemote(request.params.remote);
      const current = releases.readMap();
      const map = current.ok === true ? current.map : current.ok === false ? releases.lastGoodMap() : undefined;
      const live = map?.remotes[remote];
      const data = releases.store.list(remote).map((release) => ({
        release: release.release,
        version: release.version,
        commit: release.commit,
        builtAt: release.builtAt,
        publishedAt: release.publishedAt,
        live: release.release === live?.release,
        previous: release.release === live?.previous?.[0],
      }));
      return { message: 'Releases fetched successfully', data };
    },
  );

  const switched = (done: 'live' | 'rolled back') => ({
    kind: 'release' as const,
    says: ({ data }: { data: unknown }) => {
      const { remote, release, from, endedRollout } = data as {
        remote: string;
        release: string;
        from: string | null;
        endedRollout?: boolean;
      };
      if (endedRollout) return `Ended the rollout of ${remote} ${from}: every browser gets ${release} again`;
      const was = from && from !== release ? ` (was ${from})` : '';
      const { share } = data as { share?: number };
      if (done === 'live' && share !== undefined)
        return `Rolled ${remote} ${release} out to ${share} % of the browsers`;
      return done === 'live' ? `Put ${remote} ${release} live${was}` : `Rolled ${remote} back to ${release}${was}`;
    },
  });

  app.post(
    '/releases/:remote/deploy',
    {
      config: { replayable: false, activity: switched('live') },
      onRequest: releaseAccess('deploy'),
      schema: {
        tags,
        summary: 'Put a published release live: browsers load it from their next navigation',
        description: 'An Admin session or a deploy token for that remote with the deploy scope.',
        security: bearerSecurity,
        params: RemoteParams,
        body: ref(DeployInput),
        response: {
          200: Type.Object({ message: Type.String(), data: ref(ReleaseSwitched) }),
          ...errorResponses(400, 401, 403, 404, 429),
        },
      },
    },
    async (request) => {
      const remote = knownRemote(request.params.remote);
      const { release, share } = request.body;
      try {
        const { from, to } = await change(() => releases.deploy(remote, release, undefined, share));
        const message =
          share === undefined
            ? `${remote} ${to} is live`
            : `${remote} ${to} is served to ${share} % of the browsers; ${from} to the rest`;
        return {
          message,
          data: { remote, release: to, from: from ?? null, ...(share === undefined ? {} : { share }) },
        };
      } catch (error) {
        throw refused(error);
      }
    },
  );

  /** A switch of the live release with no body (promote, rollback): the deploy scope, said in words. */
  const switchRoute = (
    name: 'promote' | 'rollback',
    summary: string,
    done: 'live' | 'rolled back',
    run: (remote: string) => { from: string; to: string; endedRollout?: true },
    said: (remote: string, switched: { from: string; to: string; endedRollout?: true }) => string,
  ) =>
    app.post(
      `/releases/:remote/${name}`,
      {
        config: { replayable: false, activity: switched(done) },
        onRequest: releaseAccess('deploy'),
        schema: {
          tags,
          summary,
          description: 'An Admin session or a deploy token for that remote with the deploy scope.',
          security: bearerSecurity,
          params: RemoteParams,
          response: {
            200: Type.Object({ message: Type.String(), data: ref(ReleaseSwitched) }),
            ...errorResponses(400, 401, 403, 404, 429),
          },
        },
      },
      async (request) => {
        const remote = knownRemote(request.params.remote);
        try {
          const result = await change(() => run(remote));
          const { from, to, endedRollout } = result;
          return {
            message: said(remote, result),
            data: { remote, release: to, from, ...(endedRollout && { endedRollout }) },
          };
        } catch (error) {
          throw refused(error);
        }
      },
    );

  switchRoute(
    'promote',
    'Make the release in rollout whole: every browser gets it, the live one becomes the one before',
    'live',
    (remote) => releases.promote(remote),
    (remote, { to }) => `${remote} ${to} is live`,
  );
  switchRoute(
    'rollback',
    'Put the release live before the current one back live',
    'rolled back',
    (remote) => releases.rollback(remote),
    (remote, { from, to, endedRollout }) =>
      endedRollout
        ? `${remote} rollout of ${from} ended: every browser gets ${to} again`
        : `${remote} rolled back to ${to}`,
  );
}
