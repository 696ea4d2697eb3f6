import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { isId } from '../db/ids';
import { notFound } from '../http/errors';
import { PublicListCache, sendRepresentation } from '../http/public-cache';
import { addSchemas, ref } from '../http/contract';
import { jsonWrite, RecordParams, UserParams } from '../auth/account-routes';
import { errorResponses } from '../http/validation';
import type { AboutTable } from '../db/schema';
import { historyRoutes } from '../history/routes';
import { authorOf } from '../history/versions';
import { ABOUT_LIST, ABOUT_MESSAGES, addAbout, findAbout, listAbout, toApi, updateAbout } from './repository';
import { About, AboutInput } from './schemas';

const AboutAnswer = Type.Object({ message: Type.String(), data: ref(About) });

export async function aboutRoutes(parent: FastifyInstance): Promise<void> {
  const app = parent.withTypeProvider<TypeBoxTypeProvider>();
  const { config, db } = app;
  addSchemas(app, About, AboutInput);

  const list = new PublicListCache({
    db,
    name: ABOUT_LIST,
    checkEveryMs: config.listCacheCheckMs,
    build: async () => ({ message: 'About us fetched successfully', data: await listAbout(db) }),
  });

  app.get(
    '/about',
    {
      compress: false,
      schema: {
        tags: ['about'],
        summary: 'The About Us text, as a list of at most one item (public)',
        description: 'Answers carry a strong ETag and honour If-None-Match (304).',
        response: { 200: Type.Object({ message: Type.String(), data: Type.Array(About, { maxItems: 1 }) }) },
      },
    },
    async (request, reply) => sendRepresentation(request, reply, await list.get()),
  );

  app.post(
    '/post/about/:userId',
    jsonWrite({
      kind: 'About Us',
      tags: ['about'],
      summary: 'Add the About Us text (409 when there is one: edit it instead)',
      params: UserParams,
      body: AboutInput,
      trimmed: ['text'],
      response: { 201: AboutAnswer, ...errorResponses(400, 401, 403, 409) },
    }),
    async (request, reply) => {
      const data = await addAbout(db, request.body.text);
      list.invalidate();
      return reply.code(201).send({ message: 'About us added successfully', data });
    },
  );

  app.put(
    '/edit/about/:userId/:id',
    jsonWrite({
      kind: 'About Us',
      tags: ['about'],
      summary: 'Edit the About Us text',
      params: RecordParams,
      body: AboutInput,
      trimmed: ['text'],
      response: { 200: AboutAnswer, ...errorResponses(400, 401, 403, 404) },
    }),
    async (request) => {
      const { id } = request.params;
      const row = isId(id) ? await updateAbout(db, id, request.body.text, authorOf(request.admin)) : undefined;
      if (!row) throw notFound(ABOUT_MESSAGES.notFound);
      list.invalidate();
      return { message: 'About us updated successfully', data: toApi(row) };
    },
  );

  historyRoutes<AboutTable>(app, {
    resource: 'about',
    kind: 'About Us',
    tag: 'about',
    entity: About,
    notFound: ABOUT_MESSAGES.notFound,
    find: (id) => findAbout(db, id),
    toApi,
    restore: async (id, version, by) => {
      const row = await updateAbout(db, id, version.text, by);
      if (!row) throw notFound(ABOUT_MESSAGES.notFound);
      list.invalidate();
      return row;
    },
  });
}
