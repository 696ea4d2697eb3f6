import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { bearerSecurity, ownAccount } from '../auth/guard';
import { isId } from '../db/ids';
import { badRequest, notFound } from '../http/errors';
import { PublicListCache, sendRepresentation } from '../http/public-cache';
import { errorResponses, httpUrl, oneOf, requiredText } from '../http/validation';
import { multipartRoute, registerUploads, withForm, type ReceivedForm } from '../uploads/form';
import { publicOrigin } from '../uploads/store';
import {
  addStream,
  deleteStream,
  findStream,
  listStreams,
  STREAM_CATEGORIES,
  STREAM_MESSAGES,
  STREAMS_LIST,
  toApi,
  updateStream,
  type StreamCategory,
  type StreamInput,
} from './repository';

export const LIMITS = { name: 300, streamingLink: 2000 } as const;

const STREAM_FORM = {
  fields: ['name', 'streamingLink', 'category'],
  files: { file: { kind: 'image' } },
} as const;

type StreamForm = ReceivedForm<(typeof STREAM_FORM.fields)[number], keyof typeof STREAM_FORM.files>;

const Category = Type.Unsafe<StreamCategory>({
  type: 'string',
  enum: [...STREAM_CATEGORIES],
  description: 'One of the three stream categories',
});

const Stream = Type.Object({
  _id: Type.String(),
  id: Type.String({ description: 'The same as _id' }),
  name: Type.String(),
  streamingLink: Type.String({ format: 'uri' }),
  image: Type.String({ format: 'uri', description: 'Absolute URL of the thumbnail' }),
  category: Category,
  dateAdded: Type.String({ format: 'date-time' }),
});
const StreamAnswer = Type.Object({ message: Type.String(), data: Stream });

const formDocs = (onEdit: boolean) =>
  Type.Object({
    name: Type.String({ maxLength: LIMITS.name, description: 'The title' }),
    streamingLink: Type.String({ format: 'uri', maxLength: LIMITS.streamingLink, description: 'An http(s) address' }),
    category: Category,
    file: onEdit
      ? Type.Optional(
          Type.Union([Type.String({ format: 'binary' }), Type.String({ format: 'uri' })], {
            description: "A new JPEG, PNG, GIF or WebP image, or the stream's current image URL; absent keeps it",
          }),
        )
      : Type.String({ format: 'binary', description: 'JPEG, PNG, GIF or WebP image (by content)' }),
  });

const UserParams = Type.Object({ userId: Type.String({ description: "The administrator's _id" }) });
const StreamParams = Type.Object({
  userId: Type.String({ description: "The administrator's _id" }),
  id: Type.String(),
});

function readStream(form: StreamForm): StreamInput {
  return {
    name: requiredText(form.fields.name, 'name', LIMITS.name),
    streamingLink: httpUrl(form.fields.streamingLink, 'streamingLink', LIMITS.streamingLink),
    category: oneOf(form.fields.category, 'category', STREAM_CATEGORIES),
  };
}

function readImage(form: StreamForm) {
  const image = form.files.file;
  return typeof image === 'string' && !image.trim() ? undefined : image;
}

export async function streamRoutes(parent: FastifyInstance): Promise<void> {
  const app = parent.withTypeProvider<TypeBoxTypeProvider>();
  const { config, db, uploads } = app;

  const list = new PublicListCache({
    db,
    name: STREAMS_LIST,
    checkEveryMs: config.listCacheCheckMs,
    build: async (origin) => ({
      message: 'Streams fetched successfully',
      data: (await listStreams(db)).map((row) => toApi(row, origin)),
    }),
  });

  app.get(
    '/stream',
    {
      compress: false,
      schema: {
        tags: ['live streams'],
        summary: 'All live streams, newest first (public)',
        description: 'Answers carry a strong ETag and honour If-None-Match (304).',
        response: { 200: Type.Object({ message: Type.String(), data: Type.Array(Stream) }) },
      },
    },
    async (request, reply) => sendRepresentation(request, reply, await list.get(publicOrigin(request))),
  );

  await app.register(async (scope) => {
    await registerUploads(scope);
    const writes = scope.withTypeProvider<TypeBoxTypeProvider>();

    writes.post(
      '/add/stream/:userId',
      {
        onRequest: ownAccount,
        config: multipartRoute(formDocs(false)),
        schema: {
          tags: ['live streams'],
          summary: 'Add a live stream (multipart: streamingLink, name, category, file)',
          security: bearerSecurity,
          params: UserParams,
          response: { 201: StreamAnswer, ...errorResponses(400, 401, 403, 413, 415) },
        },
      },
      async (request, reply) => {
        const origin = publicOrigin(request);
        return withForm(request, STREAM_FORM, async (form) => {
          const input = readStream(form);
          const image = readImage(form);
          if (image === undefined) throw badRequest('file is required');
          if (typeof image === 'string') throw badRequest('file must be an image file');
          const row = await addStream(db, uploads, input, image);
          list.invalidate();
          return reply.code(201).send({ message: 'Stream added successfully', data: toApi(row, origin) });
        });
      },
    );

    writes.put(
      '/edit/stream/:userId/:id',
      {
        onRequest: ownAccount,
        config: multipartRoute(formDocs(true)),
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
        const origin = publicOrigin(request);
        if (!isId(id) || !(await findStream(db, id))) throw notFound(STREAM_MESSAGES.notFound);
        return withForm(request, STREAM_FORM, async (form) => {
          const input = readStream(form);
          const row = await updateStream(db, uploads, id, input, readImage(form));
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
