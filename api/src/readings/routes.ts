import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { bearerSecurity, ownAccount } from '../auth/guard';
import { isId } from '../db/ids';
import type { ReadingsTable } from '../db/schema';
import { historyRoutes } from '../history/routes';
import { authorOf } from '../history/versions';
import { badRequest, notFound } from '../http/errors';
import { PublicListCache, sendRepresentation } from '../http/public-cache';
import { addSchemas, ref } from '../http/contract';
import { jsonWrite, recordDelete, RecordParams, UserParams } from '../auth/account-routes';
import { errorResponses } from '../http/validation';
import { DATE_MESSAGE, isCalendarDate } from '../http/dates';
import {
  addReading,
  deleteReading,
  findReading,
  importReadings,
  listWeek,
  READING_MESSAGES,
  READINGS_LIST,
  toApi,
  updateReading,
} from './repository';
import { LIMITS, Reading, ReadingImport, ReadingInput } from './schemas';
import { TRASH_ENTRY_HEADER } from '../trash/header';

const ReadingAnswer = Type.Object({ message: Type.String(), data: ref(Reading) });

/** The text fields of a reading, trimmed before they are checked. */
const TRIMMED = ['date', 'passage'];

/** The date field is checked beyond the schema: a real calendar day. */
function readingOf(body: ReadingInput): ReadingInput {
  const { day, week, date, passage } = body;
  if (!isCalendarDate(date)) throw badRequest(DATE_MESSAGE('Date'));
  return { day, week, date, passage };
}

export async function readingRoutes(parent: FastifyInstance): Promise<void> {
  const app = parent.withTypeProvider<TypeBoxTypeProvider>();
  const { config, db } = app;
  addSchemas(app, Reading, ReadingInput, ReadingImport);

  // One cache, an answer per week (its key), all refreshed by the one change counter of the readings.
  const weeks = new PublicListCache({
    db,
    name: READINGS_LIST,
    checkEveryMs: config.listCacheCheckMs,
    build: async (week) => ({
      message: 'Readings fetched successfully',
      data: (await listWeek(db, Number(week))).map(toApi),
    }),
  });
  const invalidate = () => weeks.invalidate();

  app.get(
    '/weekly/reading/:week',
    {
      compress: false,
      schema: {
        tags: ['bible plan'],
        summary: "The week's readings by day (public)",
        description: 'Answers carry a strong ETag and honour If-None-Match (304).',
        params: Type.Object({ week: Type.String({ description: '1–52' }) }),
        response: {
          200: Type.Object({ message: Type.String(), data: Type.Array(ref(Reading)) }),
          ...errorResponses(400),
        },
      },
    },
    async (request, reply) => {
      const { week } = request.params;
      if (!/^\d{1,2}$/.test(week) || Number(week) < 1 || Number(week) > LIMITS.week) {
        throw badRequest(`Week must be a whole number from 1 to ${LIMITS.week}`);
      }
      // The answer holds no URLs.
      return sendRepresentation(request, reply, await weeks.get(String(Number(week))));
    },
  );

  app.post(
    '/add/reading/:userId',
    jsonWrite({
      kind: 'Bible reading',
      tags: ['bible plan'],
      summary: 'Add a reading',
      params: UserParams,
      body: ReadingInput,
      trimmed: TRIMMED,
      response: { 201: ReadingAnswer, ...errorResponses(400, 401, 403, 409) },
    }),
    async (request, reply) => {
      const row = await addReading(db, readingOf(request.body));
      invalidate();
      return reply.code(201).send({ message: 'Reading added successfully', data: toApi(row) });
    },
  );

  app.put(
    '/edit/reading/:userId/:id',
    jsonWrite({
      kind: 'Bible reading',
      tags: ['bible plan'],
      summary: 'Edit a reading',
      params: RecordParams,
      body: ReadingInput,
      trimmed: TRIMMED,
      response: { 200: ReadingAnswer, ...errorResponses(400, 401, 403, 404, 409) },
    }),
    async (request) => {
      const { id } = request.params;
      if (!isId(id)) throw notFound(READING_MESSAGES.notFound);
      const row = await updateReading(db, id, readingOf(request.body), authorOf(request.admin));
      invalidate();
      return { message: 'Reading updated successfully', data: toApi(row) };
    },
  );

  historyRoutes<ReadingsTable>(app, {
    resource: 'readings',
    kind: 'Bible reading',
    tag: 'bible plan',
    entity: Reading,
    notFound: READING_MESSAGES.notFound,
    find: (id) => findReading(db, id),
    toApi,
    restore: async (id, version, by) => {
      const { day, week, date, passage } = version;
      const row = await updateReading(db, id, { day: Number(day), week: Number(week), date, passage }, by);
      invalidate();
      return row;
    },
  });

  app.delete(
    '/delete/reading/:userId/:id',
    recordDelete({
      kind: 'Bible reading',
      nameFrom: { table: 'readings', column: 'passage' },
      tags: ['bible plan'],
      summary: 'Delete a reading',
    }),
    async (request, reply) => {
      const { id } = request.params;
      const entry = isId(id) ? await deleteReading(db, id, request.admin!) : undefined;
      if (!entry) throw notFound(READING_MESSAGES.notFound);
      invalidate();
      reply.header(TRASH_ENTRY_HEADER, entry);
      return { message: 'Reading deleted successfully' };
    },
  );

  // Beyond the spec: a whole plan at once (the list screen's CSV import), all or nothing.
  app.post(
    '/import/readings/:userId',
    {
      config: {
        activity: {
          kind: 'Bible reading',
          says: ({ body }) =>
            `Imported ${(body as { readings?: unknown[] } | undefined)?.readings?.length ?? 'the'} Bible readings`,
        },
      },
      onRequest: ownAccount,
      bodyLimit: 2 * 1024 * 1024,
      schema: {
        tags: ['bible plan'],
        summary: 'Import readings (all or nothing)',
        description:
          'Every row is checked like Add reading, plus: a day given twice, or a day the plan already has. ' +
          'Any bad row stores nothing and answers 400 with `errors: [{ row, message }]` (rows counted from 1).',
        security: bearerSecurity,
        params: UserParams,
        body: ref(ReadingImport),
        response: {
          201: Type.Object({ message: Type.String(), data: Type.Object({ imported: Type.Integer() }) }),
          400: Type.Object({
            message: Type.String(),
            errors: Type.Optional(Type.Array(Type.Object({ row: Type.Integer(), message: Type.String() }))),
          }),
          ...errorResponses(401, 403),
        },
      },
    },
    async (request, reply) => {
      const outcome = await importReadings(db, request.body.readings);
      if ('errors' in outcome) {
        const { errors } = outcome;
        const first = errors.slice(0, 3).map((e) => `Row ${e.row}: ${e.message}`);
        const more = errors.length > 3 ? ` (and ${errors.length - 3} more)` : '';
        const rows = errors.length === 1 ? '1 row has an error' : `${errors.length} rows have errors`;
        return reply.code(400).send({ message: `Nothing was imported: ${rows}. ${first.join('; ')}${more}`, errors });
      }
      invalidate();
      const n = outcome.imported;
      return reply
        .code(201)
        .send({ message: `${n} ${n === 1 ? 'reading' : 'readings'} imported successfully`, data: outcome });
    },
  );
}
