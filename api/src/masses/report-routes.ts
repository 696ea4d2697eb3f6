import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { bearerSecurity, ownAccount } from '../auth/guard';
import { addSchemas, ref } from '../http/contract';
import { UserParams } from '../auth/account-routes';
import { errorResponses } from '../http/validation';
import { parishNow } from '../parish/settings';
import { intentionsReportExports } from './report-exports';
import {
  IntentionsReport,
  intentionsReport,
  ReportIntention,
  ReportMass,
  ReportQuery,
  reportPeriod,
  ReportStateTotal,
} from './report';

/**
 * The intentions report of a period, read by whoever reads the Mass week (the same guard), and its
 * CSV and Excel exports (report-exports.ts).
 */
export function reportRoutes(parent: FastifyInstance): void {
  const app = parent.withTypeProvider<TypeBoxTypeProvider>();
  const { db } = app;
  addSchemas(app, ReportIntention, ReportMass, ReportStateTotal, IntentionsReport);

  app.get(
    '/masses/report/:userId',
    {
      onRequest: ownAccount,
      schema: {
        tags: ['masses'],
        summary:
          'The intentions report of a period (?from=&to=, both included; this month by default): the Masses ' +
          'holding intentions, each with its intentions, stipends and receipts; totals by Mass, state and period',
        security: bearerSecurity,
        params: UserParams,
        querystring: ReportQuery,
        response: {
          200: Type.Object({ message: Type.String(), data: ref(IntentionsReport) }),
          ...errorResponses(400, 401, 403),
        },
      },
    },
    async (request) => {
      const { from, to } = reportPeriod(request.query, (await parishNow(db)).date);
      return { message: 'Intentions report fetched successfully', data: await intentionsReport(db, from, to) };
    },
  );

  intentionsReportExports(parent);
}
