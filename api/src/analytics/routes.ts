import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { bearerSecurity, ownAccount } from '../auth/guard';
import { addSchemas, ref } from '../http/contract';
import { UserParams } from '../auth/account-routes';
import { errorResponses } from '../http/validation';
import { badRequest } from '../http/errors';
import { DATE_MESSAGE, isCalendarDate } from '../http/dates';
import { parishNow } from '../parish/settings';
import { contentCalendar } from './calendar';
import { computeAnalytics } from './figures';
import { Analytics, CALENDAR_DAYS, ContentCalendar } from './schemas';

const AnalyticsResponse = Type.Object({ message: Type.String(), data: ref(Analytics) });
const LAST_FROM = `9999-12-${String(31 - CALENDAR_DAYS + 1).padStart(2, '0')}`;
const CalendarResponse = Type.Object({ message: Type.String(), data: ref(ContentCalendar) });
const CalendarQuery = Type.Object({
  from: Type.Optional(
    Type.String({
      maxLength: 10,
      title: 'From',
      description: "The first day, YYYY-MM-DD: the browser's today; the parish's (Settings → Parish) when not given",
    }),
  ),
});

export async function analyticsRoutes(parent: FastifyInstance): Promise<void> {
  const app = parent.withTypeProvider<TypeBoxTypeProvider>();
  addSchemas(app, Analytics, ContentCalendar);

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

  app.get(
    '/analytics/calendar/:userId',
    {
      onRequest: ownAccount,
      schema: {
        tags: ['analytics'],
        summary: `The content calendar: the reflections and readings of the next ${CALENDAR_DAYS} days (?from=YYYY-MM-DD)`,
        security: bearerSecurity,
        params: UserParams,
        querystring: CalendarQuery,
        response: { 200: CalendarResponse, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => {
      const from = request.query.from ?? (await parishNow(app.db)).date;
      // The window's 30 days stay within the year 9999: dates past it are not written YYYY-MM-DD.
      if (!isCalendarDate(from) || from > LAST_FROM) throw badRequest(DATE_MESSAGE('From'));
      return { message: 'Content calendar fetched successfully', data: await contentCalendar(app.db, from) };
    },
  );
}
