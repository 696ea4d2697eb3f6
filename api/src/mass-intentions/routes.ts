import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { rateLimited } from '../http/rate-limit';
import { addSchemas, ref } from '../http/contract';
import { GrowingListAnswers } from '../http/paging';
import { sortableOf } from '../exports/definition';
import { massIntentionsExport } from './export';
import { growingListRoute } from '../auth/account-routes';
import { errorResponses, trimFields } from '../http/validation';
import { listScheduledIntentions } from '../masses/repository';
import { massRoutes } from '../masses/routes';
import { ScheduledMassIntention } from '../masses/schemas';
import { addMassIntention, MASS_INTENTIONS_LIST } from './repository';
import { MassIntention, MassIntentionInput } from './schemas';

/** The columns the list sorts by: its export's. */
const sortable = sortableOf(massIntentionsExport);

export async function massIntentionRoutes(parent: FastifyInstance): Promise<void> {
  const app = parent.withTypeProvider<TypeBoxTypeProvider>();
  const { config, db } = app;
  addSchemas(app, MassIntention, MassIntentionInput);
  const answers = new GrowingListAnswers(db, {
    name: MASS_INTENTIONS_LIST,
    message: 'Mass intentions fetched successfully',
    checkEveryMs: config.listCacheCheckMs,
    list: (paging) => listScheduledIntentions(db, paging, sortable),
  });
  // The Masses, and the scheduling of these intentions into them.
  massRoutes(app, () => answers.invalidate());

  app.route(
    growingListRoute('/mass/intention/:userId', answers, {
      tags: ['mass intentions'],
      summary:
        'All mass intention requests with their state and Mass, newest first; or a page of them (?page=&limit=&q=&sort=) with the total',
      entity: ScheduledMassIntention,
      sortable,
    }),
  );

  // Public: the mobile app submits requests here (see ARCHITECTURE "The API contract").
  app.post(
    '/mass/intention',
    {
      config: rateLimited(config.publicRateMax, config.publicRateWindowMs, 'Too many requests from this address'),
      preValidation: trimFields('fullname', 'email', 'intention'),
      schema: {
        tags: ['mass intentions'],
        summary: 'Submit a mass intention request (mobile app)',
        body: ref(MassIntentionInput),
        response: {
          201: Type.Object({ message: Type.String(), data: ref(MassIntention) }),
          ...errorResponses(400, 429),
        },
      },
    },
    async (request, reply) => {
      const data = await addMassIntention(db, request.body);
      answers.invalidate();
      return reply.code(201).send({ message: 'Mass intention submitted successfully', data });
    },
  );
}
