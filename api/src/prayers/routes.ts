import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { bearerSecurity, ownAccount } from '../auth/guard';
import { isId } from '../db/ids';
import { notFound } from '../http/errors';
import { PublicListCache, sendRepresentation } from '../http/public-cache';
import { addSchemas, ref } from '../http/contract';
import { errorResponses, trimFields } from '../http/validation';
import { addPrayer, deletePrayer, listPrayers, PRAYER_MESSAGES, PRAYERS_LIST, updatePrayer } from './repository';
import { Prayer, PrayerInput } from './schemas';

const PrayerAnswer = Type.Object({ message: Type.String(), data: ref(Prayer) });
const UserParams = Type.Object({ userId: Type.String({ description: "The administrator's _id" }) });
const PrayerParams = Type.Object({
  userId: Type.String({ description: "The administrator's _id" }),
  id: Type.String(),
});

export async function prayerRoutes(parent: FastifyInstance): Promise<void> {
  const app = parent.withTypeProvider<TypeBoxTypeProvider>();
  const { config, db } = app;
  addSchemas(app, Prayer, PrayerInput);

  const list = new PublicListCache({
    db,
    name: PRAYERS_LIST,
    checkEveryMs: config.listCacheCheckMs,
    // No URLs inside: one answer serves every origin.
    build: async () => ({ message: 'Prayers fetched successfully', data: await listPrayers(db) }),
  });

  app.get(
    '/get/prayers',
    {
      compress: false,
      schema: {
        tags: ['prayers'],
        summary: 'All Section A prayers, in the order they were added (public)',
        description: 'Answers carry a strong ETag and honour If-None-Match (304).',
        response: { 200: Type.Object({ message: Type.String(), data: Type.Array(ref(Prayer)) }) },
      },
    },
    async (request, reply) => sendRepresentation(request, reply, await list.get()),
  );

  app.post(
    '/add/prayer/:userId',
    {
      onRequest: ownAccount,
      preValidation: trimFields('title', 'prayer'),
      schema: {
        tags: ['prayers'],
        summary: 'Add a Section A prayer',
        security: bearerSecurity,
        params: UserParams,
        body: ref(PrayerInput),
        response: { 201: PrayerAnswer, ...errorResponses(400, 401, 403) },
      },
    },
    async (request, reply) => {
      const data = await addPrayer(db, request.body);
      list.invalidate();
      return reply.code(201).send({ message: 'Prayer added successfully', data });
    },
  );

  app.put(
    '/edit/prayer/:userId/:id',
    {
      onRequest: ownAccount,
      preValidation: trimFields('title', 'prayer'),
      schema: {
        tags: ['prayers'],
        summary: 'Edit a Section A prayer',
        security: bearerSecurity,
        params: PrayerParams,
        body: ref(PrayerInput),
        response: { 200: PrayerAnswer, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const { id } = request.params;
      const data = isId(id) ? await updatePrayer(db, id, request.body) : undefined;
      if (!data) throw notFound(PRAYER_MESSAGES.notFound);
      list.invalidate();
      return { message: 'Prayer updated successfully', data };
    },
  );

  // A POST, as spec §7 has it (the mobile app's backend answers it this way).
  app.post(
    '/delete/prayer/:userId/:id',
    {
      onRequest: ownAccount,
      schema: {
        tags: ['prayers'],
        summary: 'Delete a Section A prayer (POST, no body)',
        security: bearerSecurity,
        params: PrayerParams,
        response: { 200: Type.Object({ message: Type.String() }), ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => {
      const { id } = request.params;
      if (!isId(id) || !(await deletePrayer(db, id))) throw notFound(PRAYER_MESSAGES.notFound);
      list.invalidate();
      return { message: 'Prayer deleted successfully' };
    },
  );
}
