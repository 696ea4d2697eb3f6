import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { bearerSecurity, ownAccount } from '../auth/guard';
import { isId } from '../db/ids';
import { notFound } from '../http/errors';
import { rateLimited } from '../http/rate-limit';
import { addSchemas, ref } from '../http/contract';
import { GrowingListAnswers } from '../http/paging';
import { growingListRoute, recordDelete, UserParams } from '../http/account-routes';
import { errorResponses, trimFields } from '../http/validation';
import {
  addPrayerRequest,
  deleteAllPrayerRequests,
  deletePrayerRequest,
  listPrayerRequests,
  PRAYER_REQUESTS_LIST,
} from './repository';
import { PrayerRequest, PrayerRequestInput } from './schemas';
import { TRASH_ENTRY_DESCRIPTION, TRASH_ENTRY_HEADER } from '../trash/header';

export const PRAYER_REQUEST_NOT_FOUND = 'Prayer request not found';

export async function prayerRequestRoutes(parent: FastifyInstance): Promise<void> {
  const app = parent.withTypeProvider<TypeBoxTypeProvider>();
  const { config, db } = app;
  addSchemas(app, PrayerRequest, PrayerRequestInput);
  const answers = new GrowingListAnswers(db, {
    name: PRAYER_REQUESTS_LIST,
    message: 'Prayer requests fetched successfully',
    checkEveryMs: config.listCacheCheckMs,
    list: (paging) => listPrayerRequests(db, paging),
  });

  app.route(
    growingListRoute('/prayer/request/:userId', answers, {
      tags: ['prayer requests'],
      summary: 'All prayer requests, newest first; or a page of them (?page=&limit=&q=) with the total',
      entity: PrayerRequest,
    }),
  );

  app.delete(
    '/prayer/request/:userId/:id',
    recordDelete({
      kind: 'prayer request',
      nameFrom: { table: 'prayer_requests', column: 'request' },
      tags: ['prayer requests'],
      summary: 'Delete one prayer request',
    }),
    async (request, reply) => {
      const { id } = request.params;
      const entry = isId(id) ? await deletePrayerRequest(db, id, request.admin!) : undefined;
      if (!entry) throw notFound(PRAYER_REQUEST_NOT_FOUND);
      answers.invalidate();
      reply.header(TRASH_ENTRY_HEADER, entry);
      return { message: 'Prayer request deleted successfully' };
    },
  );

  app.delete(
    '/all/prayer/request/:userId',
    {
      config: {
        activity: {
          kind: 'prayer request',
          says: ({ data }) =>
            `Deleted every prayer request (${(data as { deleted?: number } | undefined)?.deleted ?? 0})`,
        },
      },
      onRequest: ownAccount,
      schema: {
        tags: ['prayer requests'],
        summary: 'Delete every prayer request',
        description: TRASH_ENTRY_DESCRIPTION,
        security: bearerSecurity,
        params: UserParams,
        response: {
          200: Type.Object({
            message: Type.String(),
            data: Type.Object({ deleted: Type.Integer({ description: 'How many requests were deleted' }) }),
          }),
          ...errorResponses(401, 403),
        },
      },
    },
    async (request, reply) => {
      const { deleted, entry } = await deleteAllPrayerRequests(db, request.admin!);
      answers.invalidate();
      if (entry) reply.header(TRASH_ENTRY_HEADER, entry);
      return { message: 'All prayer requests deleted successfully', data: { deleted } };
    },
  );

  // Public: the mobile app submits requests here (see ARCHITECTURE "The API contract").
  app.post(
    '/prayer/request',
    {
      config: rateLimited(config.publicRateMax, config.publicRateWindowMs, 'Too many requests from this address'),
      preValidation: trimFields('request'),
      schema: {
        tags: ['prayer requests'],
        summary: 'Submit a prayer request (mobile app)',
        body: ref(PrayerRequestInput),
        response: {
          201: Type.Object({ message: Type.String(), data: ref(PrayerRequest) }),
          ...errorResponses(400, 429),
        },
      },
    },
    async (request, reply) => {
      const data = await addPrayerRequest(db, request.body.request);
      answers.invalidate();
      return reply.code(201).send({ message: 'Prayer request submitted successfully', data });
    },
  );
}
