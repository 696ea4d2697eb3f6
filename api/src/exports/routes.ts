import type { FastifyInstance } from 'fastify';
import { Type } from '@sinclair/typebox';
import { bearerSecurity, requireAdmin } from '../auth/guard';
import { can } from '../auth/permissions';
import { NO_CONTROL_CHARACTERS } from '../http/contract';
import { localTimeZone } from '../http/dates';
import { badRequest, forbidden } from '../http/errors';
import { errorResponses } from '../http/validation';
import { exportCsv, isTimeZone, todayIn } from './csv';
import type { ExportDefinition } from './definition';
import { EXPORTS } from './lists';

/** The search and the time zone every export takes, beside its list's filters. */
const ExportQuery = {
  q: Type.Optional(
    Type.String({
      maxLength: 200,
      pattern: NO_CONTROL_CHARACTERS,
      title: 'q',
      description: "Only the rows the list's search matches",
    }),
  ),
  tz: Type.Optional(
    Type.String({
      maxLength: 64,
      title: 'tz',
      description:
        "The time zone the dates are written in (the browser's, e.g. Europe/London); the server's by default",
    }),
  ),
};

export const TIME_ZONE_MESSAGE = 'tz must be a time zone such as Europe/London or UTC';

/** The words of a refusal to a role that cannot read the list. */
export const cannotRead = (role: string, definition: ExportDefinition) =>
  `Your role (${role}) cannot read ${definition.what}, so it cannot export them`;

/**
 * `GET /export/{list}.csv`: each list as a CSV file of what its screen shows with the same filter and
 * search, for every member who may read the list (exports/definition.ts, exports/csv.ts).
 */
export async function exportRoutes(app: FastifyInstance): Promise<void> {
  for (const definition of EXPORTS) {
    const filters = Object.fromEntries(
      (definition.filters ?? []).map((filter) => [filter.name, Type.Optional(filter.schema)]),
    );
    app.get(
      `/export/${definition.name}.csv`,
      {
        onRequest: [
          requireAdmin,
          async (request) => {
            const { role } = request.admin!;
            if (definition.read && !can(role, definition.read)) throw forbidden(cannotRead(role, definition));
          },
        ],
        schema: {
          tags: [definition.tag],
          summary: `Export the ${definition.what} as CSV, as the list shows them (?q=${Object.keys(filters)
            .map((name) => `&${name}=`)
            .join('')})`,
          description:
            'A CSV file (attachment): UTF-8 with a byte order mark, RFC 4180 quoting, dates as dd/mm/yyyy, and ' +
            "every cell starting with =, +, -, @, a tab or a carriage return prefixed with ' (formula injection). " +
            'Streamed from the database a page at a time.',
          security: bearerSecurity,
          querystring: Type.Object({ ...ExportQuery, ...filters }, { additionalProperties: false }),
          produces: ['text/csv'],
          response: {
            200: {
              description: 'The CSV file',
              content: { 'text/csv': { schema: Type.String({ description: 'The CSV file' }) } },
            },
            ...errorResponses(400, 401, 403),
          },
        },
      },
      async (request, reply) => {
        const query = request.query as Record<string, string | undefined>;
        const timeZone = query.tz ?? localTimeZone();
        if (!isTimeZone(timeZone)) throw badRequest(TIME_ZONE_MESSAGE);
        const values = Object.fromEntries(
          Object.keys(filters).flatMap((name) => (query[name] === undefined ? [] : [[name, query[name]!]])),
        );
        const file = `${definition.name}-${todayIn(timeZone)}.csv`;
        return reply
          .header('content-type', 'text/csv; charset=utf-8')
          .header('content-disposition', `attachment; filename="${file}"`)
          .header('cache-control', 'no-store')
          .send(exportCsv(app.db, definition, { q: (query.q ?? '').trim(), filters: values, timeZone }));
      },
    );
  }
}
