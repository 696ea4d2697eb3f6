import type { FastifyInstance } from 'fastify';
import { Type, type TSchema } from '@sinclair/typebox';
import { bearerSecurity, requireAdmin } from '../auth/guard';
import { can } from '../auth/permissions';
import { NO_CONTROL_CHARACTERS } from '../http/contract';
import { badRequest, forbidden } from '../http/errors';
import { SortParameter, sortOf } from '../http/sorting';
import { errorResponses } from '../http/validation';
import { parishTimeZone } from '../parish/settings';
import { exportCsv } from './csv';
import { isTimeZone, todayIn, type ExportLimits, type ExportRequest } from './records';
import { exportXlsx } from './xlsx';
import type { Db } from '../db/database';
import { sortableOf, type ExportDefinition } from './definition';
import type { Renderer } from './heavy-work';

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
        "The time zone the dates are written in (e.g. Europe/London); the parish's (Settings → Parish) by default",
    }),
  ),
};

export const TIME_ZONE_MESSAGE = 'tz must be a time zone such as Europe/London or UTC';

/** The words of a refusal to a role that cannot read the list. */
export const cannotRead = (role: string, definition: ExportDefinition) =>
  `Your role (${role}) cannot read ${definition.what}, so it cannot export them`;

/** The files a list exports to: what each is, how the answer names it, and how it is written. */
const FORMATS = [
  {
    extension: 'csv',
    name: 'CSV',
    contentType: 'text/csv; charset=utf-8',
    description:
      'A CSV file (attachment): UTF-8 with a byte order mark, RFC 4180 quoting, dates as dd/mm/yyyy, and ' +
      "every cell starting with =, +, -, @, a tab or a carriage return prefixed with ' (formula injection). " +
      'Streamed from the database a page at a time.',
    write: exportCsv,
    refusals: [],
  },
  {
    extension: 'xlsx',
    name: 'an Excel workbook',
    contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    description:
      'An Excel workbook (attachment) of one sheet: the header row bold and frozen, numbers as numbers, ' +
      'dates as dates shown dd/mm/yyyy (moments at their time in the time zone), every other cell as text ' +
      '(leading zeros kept, never a formula). At most EXCEL_EXPORT_MAX_ROWS rows (20,000 by default): a ' +
      'longer list is refused with 422 in words.',
    write: exportXlsx,
    // More rows than EXCEL_EXPORT_MAX_ROWS, in words.
    refusals: [422],
  },
] satisfies {
  extension: string;
  name: string;
  contentType: string;
  description: string;
  write: (
    db: Db,
    definition: ExportDefinition,
    request: ExportRequest,
    limits: ExportLimits,
    renderer: Renderer,
  ) => unknown;
  refusals: number[];
}[];

/**
 * `GET /export/{list}.csv` and `.xlsx`: each list the features declare (registry.ts) as a file of what its screen shows with the same
 * filter and search, for every member who may read the list (exports/definition.ts, records.ts).
 */
export const exportRoutes = (definitions: readonly ExportDefinition[]) =>
  async function exportsOf(app: FastifyInstance): Promise<void> {
    for (const definition of definitions) {
      const filters = Object.fromEntries(
        (definition.filters ?? []).map((filter) => [filter.name, Type.Optional(filter.schema)]),
      );
      // The sort the list's screen shows, so that the file's rows are in its order.
      const sortable = sortableOf(definition);
      const sorting: Record<string, TSchema> = Object.keys(sortable).length
        ? { sort: Type.Optional(SortParameter(sortable)) }
        : {};
      for (const format of FORMATS) {
        app.get(
          `/export/${definition.name}.${format.extension}`,
          {
            // One at a time per member, a few at once in all (heavy-work.ts).
            config: { heavyWork: true },
            onRequest: [
              requireAdmin,
              async (request) => {
                const { role } = request.admin!;
                if (definition.read && !can(role, definition.read)) throw forbidden(cannotRead(role, definition));
              },
            ],
            schema: {
              tags: [definition.tag],
              summary: `Export the ${definition.what} as ${format.name}, as the list shows them (?q=${[
                ...Object.keys(filters),
                ...Object.keys(sorting),
              ]
                .map((name) => `&${name}=`)
                .join('')})`,
              description: format.description,
              security: bearerSecurity,
              querystring: Type.Object({ ...ExportQuery, ...filters, ...sorting }, { additionalProperties: false }),
              response: {
                200: {
                  description: `The ${format.extension.toUpperCase()} file`,
                  content: {
                    [format.contentType.split(';')[0]!]: {
                      schema: Type.String({
                        description: `The ${format.extension.toUpperCase()} file`,
                        ...(format.extension === 'xlsx' ? { format: 'binary' } : {}),
                      }),
                    },
                  },
                },
                ...errorResponses(400, 401, 403, ...format.refusals, 429),
              },
            },
          },
          async (request, reply) => {
            const query = request.query as Record<string, string | undefined>;
            const timeZone = query.tz ?? (await parishTimeZone(app.db));
            if (!isTimeZone(timeZone)) throw badRequest(TIME_ZONE_MESSAGE);
            const values = Object.fromEntries(
              Object.keys(filters).flatMap((name) => (query[name] === undefined ? [] : [[name, query[name]!]])),
            );
            const file = `${definition.name}-${todayIn(timeZone)}.${format.extension}`;
            const sort = sortOf(sortable, query.sort);
            const exportRequest = { q: (query.q ?? '').trim(), filters: values, timeZone, ...(sort ? { sort } : {}) };
            const limits = { excelMaxRows: app.config.excelExportMaxRows };
            return reply
              .header('content-type', format.contentType)
              .header('content-disposition', `attachment; filename="${file}"`)
              .header('cache-control', 'no-store')
              .send(await format.write(app.db, definition, exportRequest, limits, request.renderer!));
          },
        );
      }
    }
  };
