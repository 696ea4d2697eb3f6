import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import { Type } from '@sinclair/typebox';
import { bearerSecurity, financeAccount, ownAccount } from '../auth/guard';
import { isId } from '../db/ids';
import { historyRoutes } from '../history/routes';
import { authorOf } from '../history/versions';
import { badRequest, notFound } from '../http/errors';
import { JsonRepresentation, PublicListCache, sendRepresentation } from '../http/public-cache';
import { addSchemas, fromRow, ref } from '../http/contract';
import { UserParams } from '../auth/account-routes';
import { errorResponses, trimFields } from '../http/validation';
import { multipartRoute, registerUploads, withForm, replaceableFile, type FormDeclaration } from '../uploads/form';
import { publicOrigin, uploadUrl, type ReceivedFile } from '../uploads/store';
import { TRASH_ENTRY_DESCRIPTION, TRASH_ENTRY_HEADER } from '../trash/header';
import type { ResourceDefinition, ResourceFile, ResourceRoute, ResourceSingleRoute, StoredRow } from './definition';
import { resourceRepository, type FormFields } from './repository';

/** The last parameter of a route's URL: the record's id ('/edit/book/:userId/:bookId' → 'bookId'). */
const idParamOf = (url: string) => url.slice(url.lastIndexOf(':') + 1);

/** What the add and edit handlers receive, from a multipart form or a JSON body alike. */
interface Sent {
  fields: FormFields;
  /** The file field: a file, a text (on edit, the current file's URL), or absent. */
  file?: ReceivedFile | string;
}

/** The routes of a resource, in the order its definition declares them (the OpenAPI document's). */
export function resourceRoutes<Row extends StoredRow>(resource: ResourceDefinition<Row>) {
  const { activity, entity, fields, file, messages, routes, tag, unique } = resource;
  const repository = resourceRepository(resource);
  const Answer = Type.Object({ message: Type.String(), data: ref(entity) });
  const recordParams = (url: string) =>
    Type.Object({ userId: UserParams.properties.userId, [idParamOf(url)]: Type.String() });
  const canWrite = resource.permission === 'finance' ? financeAccount : ownAccount;
  const body = file ? multipartBody(fields, file) : jsonBody(fields);
  const bodyLimit = resource.bodyLimit === undefined ? {} : { bodyLimit: resource.bodyLimit };
  // A unique key is a 409 on add, and on edit when the edit's fields hold part of it.
  const conflicts = (onEdit: boolean) =>
    unique && (!onEdit || unique.columns.some((column) => column in fields.properties)) ? [409] : [];
  /** The record's id from a route's URL, or a 404 when it cannot be one. */
  const recordId = (request: FastifyRequest, url: string) => {
    const id = (request.params as Record<string, string>)[idParamOf(url)]!;
    if (!isId(id)) throw notFound(messages.notFound);
    return id;
  };
  /** The OpenAPI description: the route's own, unless the definition gives one ('' for none). */
  const described = (route: Pick<ResourceRoute, 'description'>, own: string) => {
    const description = route.description ?? own;
    return description ? { description } : {};
  };

  return async function routesOf(app: FastifyInstance): Promise<void> {
    const { config, db, uploads } = app;
    /** The record as the API answers it: the entity's fields, in its order (the row's columns, or `answer`'s). */
    const toApi = (row: Row, origin: string) =>
      fromRow(
        entity,
        row as Record<string, unknown>,
        resource.answer?.(row, (name) => uploadUrl(origin, name), origin) ?? {},
      );
    addSchemas(app, entity, fields);

    // The public list is served from memory until a record changes (see http/public-cache.ts); a list
    // by a parameter keeps an answer per value.
    const by = routes.list.by;
    const list = new PublicListCache({
      db,
      name: repository.listName,
      checkEveryMs: config.listCacheCheckMs,
      build: async (key) => {
        const origin = publicOrigin(app);
        const rows = await repository.list(db, by && { column: by.column, value: JSON.parse(key) as string | number });
        return { message: messages.listed, data: rows.map((row) => toApi(row, origin)) };
      },
    });

    const listRoutes = () => {
      const [documented] = routes.list.urls;
      for (const url of routes.list.urls) {
        // The whole list, once built, is answered before Fastify's routing (http/ready-answers.ts).
        if (!by) app.readyAnswers.add(app.prefix + url, { route: app.prefix + url, ready: () => list.ready('') });
        app.get(
          url,
          {
            compress: false,
            schema: {
              ...(routes.list.urls.length > 1 ? { hide: url !== documented } : {}),
              tags: [tag],
              summary: routes.list.summary,
              ...described(routes.list, ETAG_DESCRIPTION),
              ...(by ? { params: Type.Object({ [idParamOf(url)]: by.param }) } : {}),
              response: {
                200: Type.Object({ message: Type.String(), data: routes.list.data ?? Type.Array(ref(entity)) }),
                ...(by ? errorResponses(400) : {}),
              },
            },
          },
          // Not async: a cached answer is sent without a promise (PublicListCache.send).
          (request, reply) => {
            const param = by && (request.params as Record<string, string>)[idParamOf(url)]!;
            const key = param === undefined ? '' : JSON.stringify(by!.value(param));
            return list.send(request, reply, key);
          },
        );
      }
    };

    const singleRoute = (single: ResourceSingleRoute<Row>) => {
      const { alsoBy } = single;
      app.get(
        single.url,
        {
          compress: false,
          schema: {
            tags: [tag],
            summary: single.summary,
            ...described(single, ETAG_DESCRIPTION),
            params: Type.Object({ id: alsoBy?.param ?? Type.String() }),
            response: { 200: Answer, ...errorResponses(404) },
          },
        },
        async (request, reply) => {
          const { id } = request.params as { id: string };
          const row = isId(id)
            ? await repository.find(db, id)
            : alsoBy?.accepts(id)
              ? await repository.findBy(db, alsoBy.column, id)
              : undefined;
          if (!row) throw notFound(messages.notFound);
          const answer = { message: messages.fetched, data: toApi(row, publicOrigin(app)) };
          return sendRepresentation(request, reply, new JsonRepresentation(answer));
        },
      );
    };

    const addRoute = (scope: FastifyInstance, add: ResourceRoute) => {
      const options = body.options(false);
      scope.route({
        method: 'POST',
        url: add.url,
        onRequest: canWrite,
        ...options,
        ...bodyLimit,
        config: { ...options.config, activity: { kind: activity.kind, done: 'Added' } },
        schema: {
          tags: [tag],
          summary: add.summary,
          ...described(add, ''),
          security: bearerSecurity,
          params: UserParams,
          ...body.schema,
          response: { 201: Answer, ...errorResponses(400, 401, 403, ...conflicts(false), ...body.refusals) },
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
    };

    const editRoute = (scope: FastifyInstance, edit: ResourceDefinition<Row>['routes']['edit']) => {
      const options = body.options(true);
      scope.route({
        method: edit.method,
        url: edit.url,
        onRequest: canWrite,
        ...options,
        ...bodyLimit,
        config: { ...options.config, activity: { kind: activity.kind, done: 'Edited' } },
        schema: {
          tags: [tag],
          summary: edit.summary,
          ...described(edit, ''),
          security: bearerSecurity,
          params: recordParams(edit.url),
          ...body.schema,
          response: { 200: Answer, ...errorResponses(400, 401, 403, 404, ...conflicts(true), ...body.refusals) },
        },
        handler: async (request) => {
          const origin = publicOrigin(app);
          const id = recordId(request, edit.url);
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

    /** A write: the upload routes get the multipart parser in a scope of their own. */
    const write = async (route: (scope: FastifyInstance) => void) => {
      if (!file) return route(app);
      await app.register(async (scope) => {
        await registerUploads(scope);
        route(scope);
      });
    };

    const historyOf = () => {
      if (!resource.history) return;
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
    };

    const deleteRoute = (remove: NonNullable<ResourceDefinition<Row>['routes']['delete']>) => {
      app.route({
        method: remove.method ?? 'DELETE',
        url: remove.url,
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
          summary: remove.summary,
          ...described(remove, TRASH_ENTRY_DESCRIPTION),
          security: bearerSecurity,
          params: recordParams(remove.url),
          response: { 200: Type.Object({ message: Type.String() }), ...errorResponses(401, 403, 404) },
        },
        handler: async (request, reply) => {
          const id = recordId(request, remove.url);
          const entry = await repository.remove(db, id, request.admin!);
          if (!entry) throw notFound(messages.notFound);
          list.invalidate();
          reply.header(TRASH_ENTRY_HEADER, entry);
          return { message: messages.deleted };
        },
      });
    };

    // In the order declared; the history's routes follow the edit.
    for (const name of Object.keys(routes) as (keyof typeof routes)[]) {
      if (name === 'list') listRoutes();
      else if (name === 'single' && routes.single) singleRoute(routes.single);
      else if (name === 'add') await write((scope) => addRoute(scope, routes.add));
      else if (name === 'edit') {
        await write((scope) => editRoute(scope, routes.edit));
        historyOf();
      } else if (name === 'delete' && routes.delete) deleteRoute(routes.delete);
    }
  };
}

const ETAG_DESCRIPTION = 'Answers carry a strong ETag and honour If-None-Match (304).';

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
