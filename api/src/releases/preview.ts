import { createHash, randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { allowedTo, bearerSecurity, bearerToken, requireAdmin } from '../auth/guard';
import { hashToken } from '../auth/tokens';
import type { Db } from '../db/database';
import { timestamp } from '../db/ids';
import { readCookie, setServerCookie } from '../http/cookies';
import { HttpError, notFound } from '../http/errors';
import { errorResponses } from '../http/validation';
import { RELEASE_NAME, REMOTE_NAME, SHELL } from './store';

/**
 * A preview: one browser loads a published release of one remote that is not live, with a banner on
 * every page, until it leaves or a day passes. The browser holds a random secret in a cookie only the
 * server reads; the database holds its hash and the session that started it. The cookie counts only on
 * a request that carries that same session, so a preview lasts no longer than that session (signing out
 * ends it), and a link, or a cookie copied to another browser or session, opens nothing.
 */
export const PREVIEW_COOKIE = 'release_preview';
export const PREVIEW_HOURS = 24;
const SECRET = /^[A-Za-z0-9_-]{43}$/;

export interface PreviewedRelease {
  remote: string;
  release: string;
}

const hashOf = (secret: string) => createHash('sha256').update(secret).digest('hex');

/**
 * The preview a request's cookie names: `undefined` without one, or when the request does not carry the
 * session that started it (the cookie is kept: that session may still come with it); `null` for one
 * that no longer holds (ended, expired, its session gone), which the caller removes.
 */
export async function previewOf(db: Db, request: FastifyRequest): Promise<PreviewedRelease | null | undefined> {
  const secret = readCookie(request, PREVIEW_COOKIE);
  if (secret === undefined) return undefined;
  if (!SECRET.test(secret)) return null;
  const now = timestamp(new Date());
  const row = await db.kysely
    .selectFrom('releasePreviews')
    .innerJoin('tokens', 'tokens.sessionId', 'releasePreviews.sessionId')
    .select([
      'releasePreviews.remote as remote',
      'releasePreviews.release as release',
      'tokens.tokenHash as sessionHash',
    ])
    .where('releasePreviews.secretHash', '=', hashOf(secret))
    .where('releasePreviews.expiresAt', '>', now)
    .where('tokens.expiresAt', '>', now)
    .executeTakeFirst();
  if (!row) return null;
  // The cookie is half of it: a copied one, without the session that chose the preview, opens nothing.
  const session = bearerToken(request);
  if (!session || hashToken(session) !== row.sessionHash) return undefined;
  return { remote: row.remote, release: row.release };
}

/** The releases of a remote some browser previews now: pruning one would break the page under it. */
export async function previewedReleases(db: Db, remote: string): Promise<string[]> {
  const rows = await db.kysely
    .selectFrom('releasePreviews')
    .select('release')
    .where('remote', '=', remote)
    .where('expiresAt', '>', timestamp())
    .execute();
  return rows.map((row) => row.release);
}

export function clearPreviewCookie(request: FastifyRequest, reply: Parameters<typeof setServerCookie>[1]): void {
  setServerCookie(request, reply, PREVIEW_COOKIE, '', 0);
}

const PreviewParams = Type.Object({
  remote: Type.String({ maxLength: 40, pattern: REMOTE_NAME.source, description: 'The remote: finance …' }),
});
const PreviewBody = Type.Object(
  {
    release: Type.String({
      maxLength: 80,
      pattern: RELEASE_NAME.source,
      description: 'A published release that is not live, by its id (1.5.0-3f2a9c1)',
    }),
  },
  { additionalProperties: false },
);
const Previewed = Type.Object({
  remote: Type.String(),
  label: Type.String({ description: "The remote's area, as the menu names it" }),
  version: Type.String(),
  release: Type.String(),
  expiresAt: Type.String({ description: 'ISO time the preview ends by itself' }),
});

const said = (data: unknown) => data as { label?: string; version?: string; release?: string } | null | undefined;

export async function previewRoutes(parent: FastifyInstance): Promise<void> {
  const app = parent.withTypeProvider<TypeBoxTypeProvider>();
  const tags = ['releases'];
  // Deployed versions is the Admins': so are its previews.
  const admins = [requireAdmin, allowedTo('team')];

  app.post(
    '/releases/:remote/preview',
    {
      config: {
        activity: {
          kind: 'release',
          says: ({ data }) =>
            `Previewed ${said(data)?.label} ${said(data)?.version} (${said(data)?.release}) in one browser`,
        },
      },
      onRequest: admins,
      schema: {
        tags,
        summary: 'Preview a published release in this browser only, for a day or until left',
        description:
          'Sets an HttpOnly cookie that makes /remotes.json give this browser the release, with a `preview` ' +
          'entry for its banner, when it comes with the session that started it, and while that session is. 404 for a remote or release ' +
          'that is not published; 409 for the live release.',
        security: bearerSecurity,
        params: PreviewParams,
        body: PreviewBody,
        response: {
          200: Type.Object({ message: Type.String(), data: Previewed }),
          ...errorResponses(400, 401, 403, 404, 409),
        },
      },
    },
    async (request, reply) => {
      const { remote } = request.params;
      const { release } = request.body;
      const known = remote !== SHELL && app.releases.store.list(remote).length > 0;
      if (!known) throw notFound(`"${remote}" is not a remote with published releases`);
      if (!app.releases.store.exists(remote, release)) {
        throw notFound(`${remote} has no published release "${release}"`);
      }
      const live = app.liveMap.current().map.remotes[remote]?.release;
      const previewed = app.liveMap.previewShown({ remote, release });
      if (!previewed) throw notFound(`${remote} ${release} cannot be served (its route table does not hold)`);
      const { label, version } = previewed;
      if (live === release)
        throw new HttpError(409, `${label} ${release} is already live: there is nothing to preview`);

      const secret = randomBytes(32).toString('base64url');
      const now = new Date();
      const expiresAt = new Date(now.getTime() + PREVIEW_HOURS * 3_600_000);
      await app.db.kysely.deleteFrom('releasePreviews').where('expiresAt', '<=', timestamp(now)).execute();
      await app.db.kysely
        .insertInto('releasePreviews')
        .values({
          secretHash: hashOf(secret),
          sessionId: request.admin!.sessionId,
          remote,
          release,
          createdAt: timestamp(now),
          expiresAt: timestamp(expiresAt),
        })
        .execute();
      setServerCookie(request, reply, PREVIEW_COOKIE, secret, PREVIEW_HOURS * 3600);
      return {
        message: 'Preview started',
        data: { remote, label, version, release, expiresAt: expiresAt.toISOString() },
      };
    },
  );

  app.delete(
    '/releases/preview',
    {
      config: {
        activity: {
          kind: 'release',
          says: ({ data }) =>
            said(data) ? `Left the preview of ${said(data)?.label} ${said(data)?.version}` : 'Left a preview',
        },
      },
      onRequest: admins,
      schema: {
        tags,
        summary: "Leave this browser's preview: it loads the live releases again",
        security: bearerSecurity,
        response: {
          200: Type.Object({
            message: Type.String(),
            data: Type.Union([Type.Omit(Previewed, ['expiresAt']), Type.Null()]),
          }),
          ...errorResponses(401, 403),
        },
      },
    },
    async (request, reply) => {
      const secret = readCookie(request, PREVIEW_COOKIE);
      const preview = await previewOf(app.db, request);
      // Only the session that started a preview ends it; any session may clear its own browser's cookie.
      if (secret)
        await app.db.kysely
          .deleteFrom('releasePreviews')
          .where('secretHash', '=', hashOf(secret))
          .where('sessionId', '=', request.admin!.sessionId)
          .execute();
      clearPreviewCookie(request, reply);
      const shown = preview && app.liveMap.previewShown(preview);
      return {
        message: 'Preview ended',
        data: shown
          ? { remote: shown.remote, label: shown.label, version: shown.version, release: shown.release }
          : null,
      };
    },
  );
}
