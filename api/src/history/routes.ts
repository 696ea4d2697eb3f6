import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Type, type TObject } from '@sinclair/typebox';
import type { ActivityKind } from '../activity/record';
import { allowedTo, bearerSecurity, ownAccount, requireAdmin } from '../auth/guard';
import { isId } from '../db/ids';
import { notFound } from '../http/errors';
import { ref, type Named } from '../http/contract';
import { errorResponses } from '../http/validation';
import { publicOrigin } from '../uploads/store';
import { authorOf, findVersion, listVersions, type Author, type HistoryResource } from './versions';

export const HISTORY_MESSAGES = {
  listed: 'Versions fetched successfully',
  fetched: 'Version fetched successfully',
  restored: 'Version restored successfully',
  versionNotFound: 'Version not found: it may have been removed, or belong to another record',
} as const;

/**
 * What a record's history needs from its resource: how to find the record and answer it, and how to
 * make a kept version's stored row the current one, as an edit (which keeps the text it replaces).
 */
export interface HistoryOf<Row> {
  resource: HistoryResource;
  /** Settings → Activity's kind of record, and the OpenAPI tag. */
  kind: ActivityKind;
  tag: string;
  /** The record as the answers carry it (a contract schema), and the 404 of an unknown record. */
  entity: Named<TObject>;
  notFound: string;
  find(id: string): Promise<Row | undefined>;
  /** A stored row (the record's or a version's) as the API answers it. */
  toApi(row: Row, origin: string): unknown;
  /** Saves the version's row as the record's new text; throws as the record's edit would (404, 409). */
  restore(id: string, row: Row, by: Author | undefined): Promise<Row>;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The history a route serves: one a feature declares (servedHistories refuses another). */
    history?: HistoryResource;
  }
}

/**
 * Stops the server from starting when a route serves a history no feature declares (registry.ts):
 * the name is stored with every version, so a name typed in one place only would keep versions that
 * nothing lists, restores or checks for duplicates. Register before the routes.
 */
export function servedHistories(app: FastifyInstance, declared: readonly HistoryResource[]): void {
  app.addHook('onRoute', (route) => {
    const history = route.config?.history;
    if (history !== undefined && !declared.includes(history)) {
      throw new Error(
        `${[route.method].flat().join(',')} ${route.url} serves the history "${history}", which no feature declares`,
      );
    }
  });
}

const VersionSummary = Type.Object({
  id: Type.String(),
  savedAt: Type.String({ format: 'date-time', description: 'When this text was saved' }),
  savedBy: Type.Union([Type.Object({ id: Type.String(), name: Type.String() }), Type.Null()], {
    description: 'Who saved it (null when it was saved before history was kept)',
  }),
});

/**
 * The history calls of one resource: its versions (newest first), one version's fields, and a restore
 * that makes a version the current text as a new edit. Reading needs a session (every role reads);
 * restoring needs the right to edit the record, on the member's own path like every write.
 */
export function historyRoutes<Row>(app: FastifyInstance, history: HistoryOf<Row>): void {
  const { resource, tag, entity } = history;
  const tags = [tag];
  const base = `/${resource}/:id/versions`;
  const VersionParams = Type.Object({ id: Type.String(), versionId: Type.String() });
  const config = { history: resource };

  /** The record, or a 404 in words. */
  const recordOf = async (request: FastifyRequest) => {
    const { id } = request.params as { id: string };
    const row = isId(id) ? await history.find(id) : undefined;
    if (!row) throw notFound(history.notFound);
    return { id, row };
  };
  /** The record's version the path names, or a 404 in words (another record's version is none). */
  const versionOf = async (request: FastifyRequest) => {
    const { id } = await recordOf(request);
    const { versionId } = request.params as { versionId: string };
    const version = isId(versionId) ? await findVersion(app.db, resource, id, versionId) : undefined;
    if (!version) throw notFound(HISTORY_MESSAGES.versionNotFound);
    return { id, version };
  };

  app.get(
    base,
    {
      onRequest: [requireAdmin, allowedTo()],
      config,
      schema: {
        tags,
        summary: 'The versions earlier edits replaced, the most recent first',
        security: bearerSecurity,
        params: Type.Object({ id: Type.String() }),
        response: {
          200: Type.Object({ message: Type.String(), data: Type.Array(VersionSummary) }),
          ...errorResponses(401, 404),
        },
      },
    },
    async (request) => {
      const { id } = await recordOf(request);
      return { message: HISTORY_MESSAGES.listed, data: await listVersions(app.db, resource, id) };
    },
  );

  app.get(
    `${base}/:versionId`,
    {
      onRequest: [requireAdmin, allowedTo()],
      config,
      schema: {
        tags,
        summary: 'One earlier version: its fields as the record answers them',
        security: bearerSecurity,
        params: VersionParams,
        response: {
          200: Type.Object({
            message: Type.String(),
            data: Type.Composite([VersionSummary, Type.Object({ fields: ref(entity) })]),
          }),
          ...errorResponses(401, 404),
        },
      },
    },
    async (request) => {
      const { version } = await versionOf(request);
      const { row, ...listed } = version;
      return {
        message: HISTORY_MESSAGES.fetched,
        data: { ...listed, fields: history.toApi(row as Row, publicOrigin(app)) },
      };
    },
  );

  app.post(
    `${base}/:versionId/restore/:userId`,
    {
      onRequest: ownAccount,
      config: {
        ...config,
        activity: { kind: history.kind, says: ({ named }) => `Restored ${history.kind}${named} to an earlier version` },
      },
      schema: {
        tags,
        summary: 'Make an earlier version the current text, as a new edit (the current text is kept as a version)',
        security: bearerSecurity,
        params: Type.Object({
          ...VersionParams.properties,
          userId: Type.String({ description: "The administrator's _id" }),
        }),
        response: {
          200: Type.Object({ message: Type.String(), data: ref(entity) }),
          ...errorResponses(401, 403, 404, 409),
        },
      },
    },
    async (request) => {
      const { id, version } = await versionOf(request);
      const row = await history.restore(id, version.row as Row, authorOf(request.admin));
      return { message: HISTORY_MESSAGES.restored, data: history.toApi(row, publicOrigin(app)) };
    },
  );
}
