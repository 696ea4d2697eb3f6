import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { bearerSecurity, ownAccount } from '../auth/guard';
import { addSchemas, ref } from '../http/contract';
import { UserParams } from '../http/account-routes';
import { errorResponses } from '../http/validation';
import { computeAnalytics } from './figures';
import { Analytics } from './schemas';

const AnalyticsResponse = Type.Object({ message: Type.String(), data: ref(Analytics) });

export async function analyticsRoutes(parent: FastifyInstance): Promise<void> {
  const app = parent.withTypeProvider<TypeBoxTypeProvider>();
  addSchemas(app, Analytics);

  app.get(
    '/analytics/:userId',
    {
      onRequest: ownAccount,
      schema: {
        tags: ['analytics'],
        summary: 'Dashboard figures',
        security: bearerSecurity,
        params: UserParams,
        response: { 200: AnalyticsResponse, ...errorResponses(401, 403) },
      },
    },
    async () => ({ message: 'Analytics fetched successfully', data: await computeAnalytics(app.db) }),
  );
}
