import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import { Type } from '@sinclair/typebox';
import { bearerSecurity, financeAccount, ownAccount } from '../auth/guard';
import { isId } from '../db/ids';
import { historyRoutes } from '../history/routes';
import { authorOf } from '../history/versions';
import { badRequest, notFound } from '../http/errors';
import { JsonRepresentation, PublicListCache, sendRepresentation } from '../http/public-cache';
import { addSchemas, ref } from '../http/contract';
import { UserParams } from '../auth/account-routes';
import { errorResponses, trimFields } from '../http/validation';
import { multipartRoute, registerUploads, withForm, replaceableFile, type FormDeclaration } from '../uploads/form';
import { publicOrigin, uploadUrl, type ReceivedFile } from '../uploads/store';
import { TRASH_ENTRY_DESCRIPTION, TRASH_ENTRY_HEADER } from '../trash/header';
import { messagesAbout, type ResourceDefinition, type ResourceFile, type StoredRow } from './definition';
import { resourceRepository, type FormFields } from './repository';

/** The last parameter of a route's URL: the record's id ('/edit/book/:userId/:bookId' → 'bookId'). */
const idParamOf = (url: string) => url.slice(url.lastIndexOf(':') + 1);

/** What the add and edit handlers receive, from a multipart form or a JSON body alike. */
interface Sent {
  fields: FormFields;
  /** The file field: a file, a text (on edit, the current file's URL), or absent. */
  file?: ReceivedFile | string;
}

/** The routes of a resource, in the order the OpenAPI document lists them. */
export function resourceRoutes<Row extends StoredRow>(resource: ResourceDefinition<Row>) {
  const { activity, entity, fields, file, routes, tag } = resource;
  const messages = messagesAbout(resource.noun);
  const repository = resourceRepository(resource);
  const Answer = Type.Object({ message: Type.String(), data: ref(entity) });
  const recordParams = (url: string) =>
    Type.Object({ userId: UserParams.properties.userId, [idParamOf(url)]: Type.String() });
  const canWrite = resource.permission === 'finance' ? financeAccount : ownAccount;
  const body = file ? multipartBody(fields, file) : jsonBody(fields);
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
      const answered = resource.answer?.(row, (name) => uploadUrl(origin, name)) ?? {};
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

    const writes = async (scope: FastifyInstance) => {
      if (file) await registerUploads(scope);

      const add = body.options(false);
      scope.route({
        method: 'POST',
        url: routes.add.url,
        onRequest: canWrite,
        ...add,
        config: { ...add.config, activity: { kind: activity.kind, done: 'Added' } },
        schema: {
          tags: [tag],
          summary: routes.add.summary,
          security: bearerSecurity,
          params: UserParams,
          ...body.schema,
          response: { 201: Answer, ...errorResponses(400, 401, 403, ...body.refusals) },
        },
        handler: async (request, reply: FastifyReply) => {
          // Worked out first: nothing may fail after the record is written.
          const origin = publicOrigin(app);
          return body.read(request, async (sent) => {
            if (file && sent.file === undefined && file.required) throw badRequest(file.required);
            if (file && typeof sent.file === 'string') throw badRequest(file.sentAsText);
            const received = typeof sent.file === 'object' ? sent.file : undefined;
            const row = await repository.add(db, uploads, sent.fields, received);
            list.invalidate();
            return reply.code(201).send({ message: messages.added, data: toApi(row, origin) });
          });
        },
      });

      const edit = body.options(true);
      scope.route({
        method: routes.edit.method,
        url: routes.edit.url,
        onRequest: canWrite,
        ...edit,
        config: { ...edit.config, activity: { kind: activity.kind, done: 'Edited' } },
        schema: {
          tags: [tag],
          summary: routes.edit.summary,
          security: bearerSecurity,
          params: recordParams(routes.edit.url),
          ...body.schema,
          response: { 200: Answer, ...errorResponses(400, 401, 403, 404, ...body.refusals) },
        },
        handler: async (request) => {
          const origin = publicOrigin(app);
          const id = recordId(request, routes.edit.url);
          // An unknown record is answered before its upload is stored anywhere.
          if (file && !(await repository.find(db, id))) throw notFound(messages.notFound);
          return body.read(request, async (sent) => {
            const row = await repository.update(db, uploads, id, sent.fields, sent.file, authorOf(request.admin));
            list.invalidate();
            return { message: messages.updated, data: toApi(row, origin) };
          });
        },
      });
    };
    // The upload routes get the multipart parser in a scope of their own.
    if (file) await app.register(writes);
    else await writes(app);

    if (resource.history) {
      historyRoutes<Row>(app, {
        resource: resource.history,
        kind: activity.kind,
        tag,
        entity,
        notFound: messages.notFound,
        find: (id) => repository.find(db, id),
        toApi,
        restore: async (id, version, by) => {
          const row = await repository.restore(db, uploads, id, version, by);
          list.invalidate();
          return row;
        },
      });
    }

    app.route({
      method: routes.delete.method ?? 'DELETE',
      url: routes.delete.url,
      onRequest: canWrite,
      config: {
        activity: {
          kind: activity.kind,
          done: 'Deleted',
          nameFrom: { table: resource.table, column: activity.nameColumn },
        },
      },
      schema: {
        tags: [tag],
        summary: routes.delete.summary,
        description: TRASH_ENTRY_DESCRIPTION,
        security: bearerSecurity,
        params: recordParams(routes.delete.url),
        response: { 200: Type.Object({ message: Type.String() }), ...errorResponses(401, 403, 404) },
      },
      handler: async (request, reply) => {
        const id = recordId(request, routes.delete.url);
        const entry = await repository.remove(db, id, request.admin!);
        if (!entry) throw notFound(messages.notFound);
        list.invalidate();
        reply.header(TRASH_ENTRY_HEADER, entry);
        return { message: messages.deleted };
      },
    });
  };
}

/** How the add and edit routes take their fields: documented, validated and handed to the handler. */
interface Body {
  /** Route options of the add (false) or edit (true) route. */
  options(onEdit: boolean): Partial<RouteOptions>;
  /** The body's schema, when the route validates one itself. */
  schema: { body?: unknown };
  /** The statuses its refusals add to 400. */
  refusals: number[];
  read<T>(request: FastifyRequest, handle: (sent: Sent) => Promise<T>): Promise<T>;
}

/** The fields and the file as a multipart form, read and checked by uploads/form.ts. */
function multipartBody<Row>(fields: FormDeclaration['fields'], file: ResourceFile<Row>): Body {
  const form: FormDeclaration = { fields, files: { [file.field]: { kind: file.kind, words: file.words } } };
  const fileDocs = (onEdit: boolean) => {
    if (onEdit) return { [file.field]: replaceableFile(file.onEdit) };
    const upload = Type.String({ format: 'binary', description: file.onAdd });
    return { [file.field]: file.required ? upload : Type.Optional(upload) };
  };
  return {
    options: (onEdit) => ({ config: multipartRoute(form, fileDocs(onEdit)) }),
    schema: {},
    refusals: [413, 415],
    read: (request, handle) =>
      withForm(request, form, (received) => handle({ fields: received.fields, file: received.files[file.field] })),
  };
}

/** The fields as a JSON body, trimmed before the route validates it. */
function jsonBody(fields: NonNullable<FormDeclaration['fields']>): Body {
  return {
    options: () => ({ preValidation: trimFields(...Object.keys(fields.properties)) }),
    schema: { body: ref(fields) },
    refusals: [],
    read: (request, handle) => handle({ fields: request.body as FormFields }),
  };
}
