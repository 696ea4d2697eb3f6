import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { bearerSecurity, ownAccount } from '../auth/guard';
import { isId } from '../db/ids';
import { badRequest, notFound } from '../http/errors';
import { JsonRepresentation, PublicListCache, sendRepresentation } from '../http/public-cache';
import { addSchemas, ref } from '../http/contract';
import { errorResponses } from '../http/validation';
import { multipartRoute, registerUploads, withForm, replaceableFile } from '../uploads/form';
import { publicOrigin } from '../uploads/store';
import {
  addGroup,
  deleteGroup,
  findGroup,
  GROUP_MESSAGES,
  GROUPS_LIST,
  listGroups,
  toApi,
  updateGroup,
} from './repository';
import { Group, GroupFields } from './schemas';

const GROUP_FORM = { fields: GroupFields, files: { groupImage: { kind: 'image', words: 'The picture' } } } as const;

const GroupAnswer = Type.Object({ message: Type.String(), data: ref(Group) });

/** The picture, as the OpenAPI document shows it (withForm receives it). */
const pictureDocs = (onEdit: boolean) => ({
  groupImage: Type.Optional(
    onEdit
      ? replaceableFile("A new JPEG, PNG, GIF or WebP image, or the group's current image URL; absent keeps the image")
      : Type.String({ format: 'binary', description: 'Optional JPEG, PNG, GIF or WebP image (by content)' }),
  ),
});

const UserParams = Type.Object({ userId: Type.String({ description: "The administrator's _id" }) });
const GroupParams = Type.Object({
  userId: Type.String({ description: "The administrator's _id" }),
  id: Type.String(),
});

export async function groupRoutes(parent: FastifyInstance): Promise<void> {
  const app = parent.withTypeProvider<TypeBoxTypeProvider>();
  const { config, db, uploads } = app;
  addSchemas(app, Group, GroupFields);

  // The public list is served from memory until a group changes (see http/public-cache.ts).
  const list = new PublicListCache({
    db,
    name: GROUPS_LIST,
    checkEveryMs: config.listCacheCheckMs,
    build: async () => {
      const origin = publicOrigin(app);
      return {
        message: 'Groups fetched successfully',
        data: (await listGroups(db)).map((row) => toApi(row, origin)),
      };
    },
  });

  for (const url of ['/all/groups', '/all/groups/']) {
    app.get(
      url,
      {
        compress: false,
        schema: {
          hide: url === '/all/groups/',
          tags: ['groups'],
          summary: 'All groups, newest first (public; also with a trailing slash)',
          description: 'Answers carry a strong ETag and honour If-None-Match (304).',
          response: { 200: Type.Object({ message: Type.String(), data: Type.Array(ref(Group)) }) },
        },
      },
      async (request, reply) => sendRepresentation(request, reply, await list.get()),
    );
  }

  app.get(
    '/single/group/:id',
    {
      compress: false,
      schema: {
        tags: ['groups'],
        summary: 'One group (public)',
        description: 'Answers carry a strong ETag and honour If-None-Match (304).',
        params: Type.Object({ id: Type.String() }),
        response: { 200: GroupAnswer, ...errorResponses(404) },
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      const row = isId(id) ? await findGroup(db, id) : undefined;
      if (!row) throw notFound(GROUP_MESSAGES.notFound);
      const answer = { message: 'Group fetched successfully', data: toApi(row, publicOrigin(app)) };
      return sendRepresentation(request, reply, new JsonRepresentation(answer));
    },
  );

  // The upload routes get the multipart parser in a scope of their own.
  await app.register(async (scope) => {
    await registerUploads(scope);
    const writes = scope.withTypeProvider<TypeBoxTypeProvider>();

    writes.post(
      '/add/group/:userId',
      {
        onRequest: ownAccount,
        config: multipartRoute(GROUP_FORM, pictureDocs(false)),
        schema: {
          tags: ['groups'],
          summary: 'Add a group (multipart: groupName, groupLink, groupDescription, optional groupImage)',
          security: bearerSecurity,
          params: UserParams,
          response: { 201: GroupAnswer, ...errorResponses(400, 401, 403, 413, 415) },
        },
      },
      async (request, reply) => {
        // Worked out first: nothing may fail after the group is written.
        const origin = publicOrigin(app);
        return withForm(request, GROUP_FORM, async (form) => {
          const image = form.files.groupImage;
          if (typeof image === 'string') throw badRequest('The picture must be a picture file');
          const row = await addGroup(db, uploads, form.fields, image);
          list.invalidate();
          return reply.code(201).send({ message: 'Group added successfully', data: toApi(row, origin) });
        });
      },
    );

    writes.post(
      '/edit/group/:userId/:id',
      {
        onRequest: ownAccount,
        config: multipartRoute(GROUP_FORM, pictureDocs(true)),
        schema: {
          tags: ['groups'],
          summary: 'Edit a group (multipart, same fields; groupImage optional, kept when absent)',
          security: bearerSecurity,
          params: GroupParams,
          response: { 200: GroupAnswer, ...errorResponses(400, 401, 403, 404, 413, 415) },
        },
      },
      async (request) => {
        const { id } = request.params;
        const origin = publicOrigin(app);
        // An unknown group is answered before its upload is stored anywhere.
        if (!isId(id) || !(await findGroup(db, id))) throw notFound(GROUP_MESSAGES.notFound);
        return withForm(request, GROUP_FORM, async (form) => {
          const row = await updateGroup(db, uploads, id, form.fields, form.files.groupImage);
          list.invalidate();
          return { message: 'Group updated successfully', data: toApi(row, origin) };
        });
      },
    );
  });

  app.delete(
    '/group/:userId/:id',
    {
      onRequest: ownAccount,
      schema: {
        tags: ['groups'],
        summary: 'Delete a group and its picture',
        security: bearerSecurity,
        params: GroupParams,
        response: { 200: Type.Object({ message: Type.String() }), ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => {
      const { id } = request.params;
      if (!isId(id) || !(await deleteGroup(db, uploads, id))) throw notFound(GROUP_MESSAGES.notFound);
      list.invalidate();
      return { message: 'Group deleted successfully' };
    },
  );
}
