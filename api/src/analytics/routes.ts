import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { bearerSecurity, ownAccount } from '../auth/guard';
import { errorResponses } from '../http/validation';
import { computeAnalytics } from './figures';

const AnalyticsResponse = Type.Object({
  message: Type.String(),
  data: Type.Object({
    totalUsers: Type.Number(),
    totalBooks: Type.Number(),
    newUsers: Type.Number(),
    newBooks: Type.Number(),
    mostDownloadedBook: Type.Union([Type.String(), Type.Null()]),
    totalUsersFollowingReadingPlan: Type.Number(),
    percentageOfUsersCompletingDailyReadings: Type.Number(),
    dropOffRate: Type.Number(),
    totalPrayerRequests: Type.Number(),
    totalPrayerRequestsResponded: Type.Number(),
  }),
});

export async function analyticsRoutes(parent: FastifyInstance): Promise<void> {
  const app = parent.withTypeProvider<TypeBoxTypeProvider>();

  app.get(
    '/analytics/:userId',
    {
      onRequest: ownAccount,
      schema: {
        tags: ['analytics'],
        summary: 'Dashboard figures',
        security: bearerSecurity,
        params: Type.Object({ userId: Type.String({ description: "The administrator's _id" }) }),
        response: { 200: AnalyticsResponse, ...errorResponses(401, 403) },
      },
    },
    async () => ({ message: 'Analytics fetched successfully', data: await computeAnalytics(app.db) }),
  );
}
