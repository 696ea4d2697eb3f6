import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { bearerSecurity, ownAccount } from '../auth/guard';
import { invalidateLists } from '../http/public-cache';
import { addSchemas, ref } from '../http/contract';
import { UserParams } from '../auth/account-routes';
import { errorResponses } from '../http/validation';
import { importReadings, READINGS_LIST } from './repository';
import { ReadingImport } from './schemas';

/** The readings' import, beside the calls the resource's definition gives them (resource.ts). */
export async function readingsImportRoute(parent: FastifyInstance): Promise<void> {
  const app = parent.withTypeProvider<TypeBoxTypeProvider>();
  const { db } = app;
  addSchemas(app, ReadingImport);

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
      invalidateLists(db, [READINGS_LIST]);
      const n = outcome.imported;
      return reply
        .code(201)
        .send({ message: `${n} ${n === 1 ? 'reading' : 'readings'} imported successfully`, data: outcome });
    },
  );
}
