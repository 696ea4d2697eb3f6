import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { bearerSecurity, ownAccount } from '../auth/guard';
import { isId } from '../db/ids';
import { badRequest, notFound } from '../http/errors';
import { PublicListCache, sendRepresentation } from '../http/public-cache';
import { addSchemas, ref } from '../http/contract';
import { errorResponses } from '../http/validation';
import { multipartRoute, registerUploads, withForm, replaceableFile } from '../uploads/form';
import { publicOrigin } from '../uploads/store';
import {
  addStream,
  deleteStream,
  findStream,
  listStreams,
  STREAM_MESSAGES,
  STREAMS_LIST,
  toApi,
  updateStream,
} from './repository';
import { Stream, StreamFields } from './schemas';

const STREAM_FORM = { fields: StreamFields, files: { file: { kind: 'image', words: 'The thumbnail' } } } as const;

const StreamAnswer = Type.Object({ message: Type.String(), data: ref(Stream) });

/** The thumbnail, as the OpenAPI document shows it (withForm receives it). */
const thumbnailDocs = (onEdit: boolean) => ({
  file: onEdit
    ? replaceableFile("A new JPEG, PNG, GIF or WebP image, or the stream's current image URL; absent keeps it")
    : Type.String({ format: 'binary', description: 'JPEG, PNG, GIF or WebP image (by content)' }),
});

const UserParams = Type.Object({ userId: Type.String({ description: "The administrator's _id" }) });
const StreamParams = Type.Object({
  userId: Type.String({ description: "The administrator's _id" }),
  id: Type.String(),
});

export async function streamRoutes(parent: FastifyInstance): Promise<void> {
  const app = parent.withTypeProvider<TypeBoxTypeProvider>();
  const { config, db, uploads } = app;
  addSchemas(app, Stream, StreamFields);

  const list = new PublicListCache({
    db,
    name: STREAMS_LIST,
    checkEveryMs: config.listCacheCheckMs,
    build: async () => {
      const origin = publicOrigin(app);
      return {
        message: 'Streams fetched successfully',
        data: (await listStreams(db)).map((row) => toApi(row, origin)),
      };
    },
  });

  app.get(
    '/stream',
    {
      compress: false,
      schema: {
        tags: ['live streams'],
        summary: 'All live streams, newest first (public)',
        description: 'Answers carry a strong ETag and honour If-None-Match (304).',
        response: { 200: Type.Object({ message: Type.String(), data: Type.Array(ref(Stream)) }) },
      },
    },
    async (request, reply) => sendRepresentation(request, reply, await list.get()),
  );

  await app.register(async (scope) => {
    await registerUploads(scope);
    const writes = scope.withTypeProvider<TypeBoxTypeProvider>();

    writes.post(
      '/add/stream/:userId',
      {
        onRequest: ownAccount,
        config: multipartRoute(STREAM_FORM, thumbnailDocs(false)),
        schema: {
          tags: ['live streams'],
          summary: 'Add a live stream (multipart: streamingLink, name, category, file)',
          security: bearerSecurity,
          params: UserParams,
          response: { 201: StreamAnswer, ...errorResponses(400, 401, 403, 413, 415) },
        },
      },
      async (request, reply) => {
        const origin = publicOrigin(app);
        return withForm(request, STREAM_FORM, async (form) => {
          const image = form.files.file;
          if (image === undefined) throw badRequest('The thumbnail is required');
          if (typeof image === 'string') throw badRequest('The thumbnail must be a picture file');
          const row = await addStream(db, uploads, form.fields, image);
          list.invalidate();
          return reply.code(201).send({ message: 'Stream added successfully', data: toApi(row, origin) });
        });
      },
    );

    writes.put(
      '/edit/stream/:userId/:id',
      {
        onRequest: ownAccount,
        config: multipartRoute(STREAM_FORM, thumbnailDocs(true)),
        schema: {
          tags: ['live streams'],
          summary: 'Edit a live stream (multipart, same fields; file optional)',
          security: bearerSecurity,
          params: StreamParams,
          response: { 200: StreamAnswer, ...errorResponses(400, 401, 403, 404, 413, 415) },
        },
      },
      async (request) => {
        const { id } = request.params;
        const origin = publicOrigin(app);
        if (!isId(id) || !(await findStream(db, id))) throw notFound(STREAM_MESSAGES.notFound);
        return withForm(request, STREAM_FORM, async (form) => {
          const row = await updateStream(db, uploads, id, form.fields, form.files.file);
          list.invalidate();
          return { message: 'Stream updated successfully', data: toApi(row, origin) };
        });
      },
    );
  });

  app.delete(
    '/delete/stream/:userId/:id',
    {
      onRequest: ownAccount,
      schema: {
        tags: ['live streams'],
        summary: 'Delete a live stream and its thumbnail',
        security: bearerSecurity,
        params: StreamParams,
        response: { 200: Type.Object({ message: Type.String() }), ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => {
      const { id } = request.params;
      if (!isId(id) || !(await deleteStream(db, uploads, id))) throw notFound(STREAM_MESSAGES.notFound);
      list.invalidate();
      return { message: 'Stream deleted successfully' };
    },
  );
}
