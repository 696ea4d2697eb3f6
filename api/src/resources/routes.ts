import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Type } from '@sinclair/typebox';
import { bearerSecurity, financeAccount, ownAccount } from '../auth/guard';
import { isId } from '../db/ids';
import { badRequest, notFound } from '../http/errors';
import { JsonRepresentation, PublicListCache, sendRepresentation } from '../http/public-cache';
import { addSchemas, ref } from '../http/contract';
import { errorResponses } from '../http/validation';
import { multipartRoute, registerUploads, withForm, replaceableFile, type FormDeclaration } from '../uploads/form';
import { publicOrigin, uploadUrl } from '../uploads/store';
import type { ResourceDefinition, StoredRow } from './definition';
import { resourceRepository } from './repository';

/** The last parameter of a route's URL: the record's id ('/edit/book/:userId/:bookId' → 'bookId'). */
const idParamOf = (url: string) => url.slice(url.lastIndexOf(':') + 1);

/** The routes of a resource, in the order the OpenAPI document lists them. */
export function resourceRoutes<Row extends StoredRow>(resource: ResourceDefinition<Row>) {
  const { entity, fields, file, messages, routes, tag } = resource;
  const repository = resourceRepository(resource);
  const form: FormDeclaration = { fields, files: { [file.field]: { kind: file.kind, words: file.words } } };
  const fileRequired = messages.fileRequired !== undefined;
  const fileDocs = (onEdit: boolean) => {
    if (onEdit) return { [file.field]: replaceableFile(file.onEdit) };
    const upload = Type.String({ format: 'binary', description: file.onAdd });
    return { [file.field]: fileRequired ? upload : Type.Optional(upload) };
  };
  const Answer = Type.Object({ message: Type.String(), data: ref(entity) });
  const userId = Type.String({ description: "The administrator's _id" });
  const recordParams = (url: string) => Type.Object({ userId, [idParamOf(url)]: Type.String() });
  const canWrite = resource.permission === 'finance' ? financeAccount : ownAccount;
  /** The record's id from a route's URL, or a 404 when it cannot be one. */
  const recordId = (request: FastifyRequest, url: string) => {
    const id = (request.params as Record<string, string>)[idParamOf(url)]!;
    if (!isId(id)) throw notFound(messages.notFound);
    return id;
  };

  return async function routesOf(app: FastifyInstance): Promise<void> {
    const { config, db, uploads } = app;
    /** The record as the API answers it: the entity's fields, in its order. */
    const toApi = (row: Row, origin: string) => {
      const answered = resource.answer(row, (name) => uploadUrl(origin, name));
      const column = row as unknown as Record<string, unknown>;
      return Object.fromEntries(
        Object.keys(entity.properties).map((field) => [field, field in answered ? answered[field] : column[field]]),
      );
    };
    addSchemas(app, entity, fields);

    // The public list is served from memory until a record changes (see http/public-cache.ts).
    const list = new PublicListCache({
      db,
      name: repository.listName,
      checkEveryMs: config.listCacheCheckMs,
      build: async () => {
        const origin = publicOrigin(app);
        return { message: messages.listed, data: (await repository.list(db)).map((row) => toApi(row, origin)) };
      },
    });

    const [documented] = routes.list.urls;
    for (const url of routes.list.urls) {
      app.get(
        url,
        {
          compress: false,
          schema: {
            ...(routes.list.urls.length > 1 ? { hide: url !== documented } : {}),
            tags: [tag],
            summary: routes.list.summary,
            description: 'Answers carry a strong ETag and honour If-None-Match (304).',
            response: { 200: Type.Object({ message: Type.String(), data: Type.Array(ref(entity)) }) },
          },
        },
        async (request, reply) => sendRepresentation(request, reply, await list.get()),
      );
    }

    if (routes.single) {
      app.get(
        routes.single.url,
        {
          compress: false,
          schema: {
            tags: [tag],
            summary: routes.single.summary,
            description: 'Answers carry a strong ETag and honour If-None-Match (304).',
            params: Type.Object({ id: Type.String() }),
            response: { 200: Answer, ...errorResponses(404) },
          },
        },
        async (request, reply) => {
          const { id } = request.params as { id: string };
          const row = isId(id) ? await repository.find(db, id) : undefined;
          if (!row) throw notFound(messages.notFound);
          const answer = { message: messages.fetched, data: toApi(row, publicOrigin(app)) };
          return sendRepresentation(request, reply, new JsonRepresentation(answer));
        },
      );
    }

    // The upload routes get the multipart parser in a scope of their own.
    await app.register(async (writes) => {
      await registerUploads(writes);

      writes.post(
        routes.add.url,
        {
          onRequest: canWrite,
          config: multipartRoute(form, fileDocs(false)),
          schema: {
            tags: [tag],
            summary: routes.add.summary,
            security: bearerSecurity,
            params: Type.Object({ userId }),
            response: { 201: Answer, ...errorResponses(400, 401, 403, 413, 415) },
          },
        },
        async (request, reply: FastifyReply) => {
          // Worked out first: nothing may fail after the record is written.
          const origin = publicOrigin(app);
          return withForm(request, form, async (received) => {
            const sent = received.files[file.field];
            if (sent === undefined && messages.fileRequired) throw badRequest(messages.fileRequired);
            if (typeof sent === 'string') throw badRequest(messages.fileAsText);
            const row = await repository.add(db, uploads, received.fields, sent);
            list.invalidate();
            return reply.code(201).send({ message: messages.added, data: toApi(row, origin) });
          });
        },
      );

      writes.route({
        method: routes.edit.method,
        url: routes.edit.url,
        onRequest: canWrite,
        config: multipartRoute(form, fileDocs(true)),
        schema: {
          tags: [tag],
          summary: routes.edit.summary,
          security: bearerSecurity,
          params: recordParams(routes.edit.url),
          response: { 200: Answer, ...errorResponses(400, 401, 403, 404, 413, 415) },
        },
        handler: async (request) => {
          const origin = publicOrigin(app);
          const id = recordId(request, routes.edit.url);
          // An unknown record is answered before its upload is stored anywhere.
          if (!(await repository.find(db, id))) throw notFound(messages.notFound);
          return withForm(request, form, async (received) => {
            const row = await repository.update(db, uploads, id, received.fields, received.files[file.field]);
            list.invalidate();
            return { message: messages.updated, data: toApi(row, origin) };
          });
        },
      });
    });

    app.delete(
      routes.delete.url,
      {
        onRequest: canWrite,
        schema: {
          tags: [tag],
          summary: routes.delete.summary,
          security: bearerSecurity,
          params: recordParams(routes.delete.url),
          response: { 200: Type.Object({ message: Type.String() }), ...errorResponses(401, 403, 404) },
        },
      },
      async (request) => {
        const id = recordId(request, routes.delete.url);
        if (!(await repository.remove(db, uploads, id))) throw notFound(messages.notFound);
        list.invalidate();
        return { message: messages.deleted };
      },
    );
  };
}
