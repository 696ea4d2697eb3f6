import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { bearerSecurity, ownAccount } from '../auth/guard';
import { isId } from '../db/ids';
import type { ReflectionsTable } from '../db/schema';
import { historyRoutes } from '../history/routes';
import { authorOf } from '../history/versions';
import { badRequest, notFound } from '../http/errors';
import { JsonRepresentation, PublicListCache, sendRepresentation } from '../http/public-cache';
import { addSchemas, ref } from '../http/contract';
import { jsonWrite, recordDelete, RecordParams, UserParams } from '../auth/account-routes';
import { errorResponses } from '../http/validation';
import { DATE_MESSAGE, isCalendarDate } from '../http/dates';
import { multipartRoute, registerUploads, withForm } from '../uploads/form';
import { publicOrigin, uploadUrl } from '../uploads/store';
import {
  addEditorImage,
  addReflection,
  deleteReflection,
  findReflection,
  historyOf,
  inputOf,
  listReflections,
  REFLECTION_MESSAGES,
  reflectionsList,
  toApi,
  updateReflection,
} from './repository';
import { AUDIENCES, Reflection, ReflectionInput, RICH_TEXT_FIELDS, TEXT_FIELDS, type Audience } from './schemas';
import { isBlankRichText, sanitizeRichText } from './sanitize';
import { TRASH_ENTRY_HEADER } from '../trash/header';

const ReflectionAnswer = Type.Object({ message: Type.String(), data: ref(Reflection) });

/** The rich-text editor's image upload: one image, no text fields. */
const EDITOR_IMAGE_FORM = { fields: null, files: { image: { kind: 'image', words: 'The image' } } } as const;

/** The rich-text fields in words ('Prayer points'), as the schema names them. */
const RICH_TEXT_WORDS = Object.fromEntries(
  RICH_TEXT_FIELDS.map((field) => [field, String(ReflectionInput.properties[field].title)]),
) as Record<(typeof RICH_TEXT_FIELDS)[number], string>;

/** The date checked as a calendar day; rich text sanitised, and required after sanitising. */
/** A reflection's kind of record in Settings → Activity. */
const kindOf = (audience: Audience) => (audience === 'adult' ? 'adult reflection' : 'children reflection');

function readReflection(body: ReflectionInput): ReflectionInput {
  if (!isCalendarDate(body.date)) throw badRequest(DATE_MESSAGE('Date'));
  const input = { ...body };
  for (const field of RICH_TEXT_FIELDS) {
    input[field] = sanitizeRichText(body[field]);
    if (isBlankRichText(input[field])) throw badRequest(`${RICH_TEXT_WORDS[field]} is required`);
  }
  return input;
}

/** `:id` of the single-reflection call: an _id or a YYYY-MM-DD date. */
function keyOf(id: string): { id: string } | { date: string } | undefined {
  if (isId(id)) return { id };
  if (isCalendarDate(id)) return { date: id };
  return undefined;
}

export async function reflectionRoutes(parent: FastifyInstance): Promise<void> {
  const app = parent.withTypeProvider<TypeBoxTypeProvider>();
  const { db, uploads } = app;
  addSchemas(app, Reflection, ReflectionInput);

  for (const audience of AUDIENCES) await audienceRoutes(app, audience);

  // Beyond the spec: images inserted in the rich-text editor are uploaded as files, not base64.
  await app.register(async (scope) => {
    await registerUploads(scope);
    scope.withTypeProvider<TypeBoxTypeProvider>().post(
      '/upload/reflection/image/:userId',
      {
        onRequest: ownAccount,
        config: {
          ...multipartRoute(EDITOR_IMAGE_FORM, {
            image: Type.String({ format: 'binary', description: 'JPEG, PNG, GIF or WebP image' }),
          }),
          activity: { kind: 'reflection image' },
        },
        schema: {
          tags: ['reflections'],
          summary: 'Upload an image for the rich-text editor (multipart: image); answers its URL',
          description:
            'The image is deleted once no reflection shows it any more (after an edit or a delete). An image no ' +
            'saved reflection uses is deleted after EDITOR_IMAGE_GRACE_HOURS: keptUnusedUntil says when, so that ' +
            'a draft kept in the browser expires before the pictures it shows.',
          security: bearerSecurity,
          params: UserParams,
          response: {
            201: Type.Object({
              message: Type.String(),
              data: Type.Object({
                url: Type.String({ format: 'uri' }),
                keptUnusedUntil: Type.String({
                  format: 'date-time',
                  description: 'Until when the image is kept while no saved reflection shows it',
                }),
              }),
            }),
            ...errorResponses(400, 401, 403, 413, 415),
          },
        },
      },
      async (request, reply) => {
        const origin = publicOrigin(app);
        return withForm(request, EDITOR_IMAGE_FORM, async (form) => {
          const image = form.files.image;
          if (image === undefined) throw badRequest('The image is required');
          if (typeof image === 'string') throw badRequest('The image must be a picture file');
          const uploadedAt = Date.now();
          await addEditorImage(db, uploads, image);
          const keptUnusedUntil = new Date(uploadedAt + app.config.editorImageGraceHours * 3_600_000).toISOString();
          return reply.code(201).send({
            message: 'Image uploaded successfully',
            data: { url: uploadUrl(origin, image.name), keptUnusedUntil },
          });
        });
      },
    );
  });
}

async function audienceRoutes(app: FastifyInstance, audience: Audience): Promise<void> {
  const api = app.withTypeProvider<TypeBoxTypeProvider>();
  const { config, db, uploads } = api;
  const tags = [`${audience} reflections`];
  const Audience = audience === 'adult' ? 'Adult' : 'Children';
  const aReflection = audience === 'adult' ? 'an adult reflection' : 'a children reflection';

  const list = new PublicListCache({
    db,
    name: reflectionsList(audience),
    checkEveryMs: config.listCacheCheckMs,
    build: async () => ({
      message: 'Reflections fetched successfully',
      data: (await listReflections(db, audience)).map((row) => toApi(row, publicOrigin(app))),
    }),
  });

  api.post(
    `/add/${audience}/reflection/:userId`,
    jsonWrite({
      kind: kindOf(audience),
      tags,
      summary: `Add ${aReflection} (the 8 fields)`,
      params: UserParams,
      body: ReflectionInput,
      trimmed: TEXT_FIELDS,
      response: { 201: ReflectionAnswer, ...errorResponses(400, 401, 403, 409) },
      bodyLimit: 2 * 1024 * 1024,
    }),
    async (request, reply) => {
      const row = await addReflection(db, audience, readReflection(request.body));
      list.invalidate();
      return reply
        .code(201)
        .send({ message: `${Audience} reflection added successfully`, data: toApi(row, publicOrigin(app)) });
    },
  );

  api.get(
    `/all/${audience}/reflection`,
    {
      compress: false,
      schema: {
        tags,
        summary: `All ${audience} reflections, newest date first (public)`,
        description: 'Answers carry a strong ETag and honour If-None-Match (304).',
        response: { 200: Type.Object({ message: Type.String(), data: Type.Array(ref(Reflection)) }) },
      },
    },
    async (request, reply) => sendRepresentation(request, reply, await list.get()),
  );

  api.get(
    `/${audience}/reflection/:id`,
    {
      compress: false,
      schema: {
        tags,
        summary: `One ${audience} reflection by _id or by date (YYYY-MM-DD) (public)`,
        params: Type.Object({ id: Type.String({ description: 'The _id, or the date as YYYY-MM-DD' }) }),
        response: { 200: ReflectionAnswer, ...errorResponses(404) },
      },
    },
    async (request, reply) => {
      const key = keyOf(request.params.id);
      const row = key ? await findReflection(db, audience, key) : undefined;
      if (!row) throw notFound(REFLECTION_MESSAGES.notFound);
      const answer = { message: 'Reflection fetched successfully', data: toApi(row, publicOrigin(app)) };
      return sendRepresentation(request, reply, new JsonRepresentation(answer));
    },
  );

  api.put(
    `/edit/${audience}/reflection/:userId/:id`,
    jsonWrite({
      kind: kindOf(audience),
      tags,
      summary: `Edit ${aReflection} (the 8 fields)`,
      params: RecordParams,
      body: ReflectionInput,
      trimmed: TEXT_FIELDS,
      response: { 200: ReflectionAnswer, ...errorResponses(400, 401, 403, 404, 409) },
      bodyLimit: 2 * 1024 * 1024,
    }),
    async (request) => {
      const { id } = request.params;
      if (!isId(id)) throw notFound(REFLECTION_MESSAGES.notFound);
      const row = await updateReflection(
        db,
        uploads,
        audience,
        id,
        readReflection(request.body),
        authorOf(request.admin),
      );
      list.invalidate();
      return { message: `${Audience} reflection updated successfully`, data: toApi(row, publicOrigin(app)) };
    },
  );

  historyRoutes<ReflectionsTable>(app, {
    resource: historyOf(audience),
    kind: kindOf(audience),
    tag: tags[0]!,
    entity: Reflection,
    notFound: REFLECTION_MESSAGES.notFound,
    find: (id) => findReflection(db, audience, { id }),
    toApi,
    restore: async (id, version, by) => {
      const row = await updateReflection(db, uploads, audience, id, inputOf(version), by);
      list.invalidate();
      return row;
    },
  });

  api.delete(
    `/delete/${audience}/reflection/:userId/:id`,
    recordDelete({
      kind: kindOf(audience),
      nameFrom: { table: 'reflections', column: 'topic' },
      tags,
      summary: `Delete ${aReflection}`,
    }),
    async (request, reply) => {
      const { id } = request.params;
      const entry = isId(id) ? await deleteReflection(db, audience, id, request.admin!) : undefined;
      if (!entry) throw notFound(REFLECTION_MESSAGES.notFound);
      list.invalidate();
      reply.header(TRASH_ENTRY_HEADER, entry);
      return { message: `${Audience} reflection deleted successfully` };
    },
  );
}
