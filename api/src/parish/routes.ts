import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { bearerSecurity, MESSAGES, requireAdmin } from '../auth/guard';
import { can, refusal } from '../auth/permissions';
import type { WriteFacts } from '../activity/record';
import { addSchemas, ref } from '../http/contract';
import { badRequest, forbidden, unauthorized } from '../http/errors';
import { errorResponses, trimFields } from '../http/validation';
import { ParishInput, ParishSettings } from './schemas';
import {
  canonicalTimeZone,
  isCurrencyCode,
  PARISH_MESSAGES,
  parishSettings,
  saveParishSettings,
  type Parish,
} from './settings';

const DAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

/** Settings → Parish is an Admin's to change (the permission that runs the team), anyone's to read. */
async function adminOnly(request: FastifyRequest): Promise<void> {
  const role = request.admin?.role;
  if (!role) throw unauthorized(MESSAGES.noToken);
  if (can(role, 'team')) return;
  throw forbidden(role === 'Guest User' ? refusal(role, 'team') : PARISH_MESSAGES.manager);
}

/** The activity line: the settings as saved. */
function parishChange({ data }: WriteFacts): string {
  const parish = data as Parish | undefined;
  if (!parish) return "Changed the parish's settings";
  return `Changed the parish's settings: “${parish.name}”, ${parish.currency}, ${parish.timeZone}, weeks from ${DAYS[parish.weekStart]}`;
}

export async function parishRoutes(parent: FastifyInstance): Promise<void> {
  const app = parent.withTypeProvider<TypeBoxTypeProvider>();
  const { db } = app;
  addSchemas(app, ParishSettings, ParishInput);
  const tags = ['parish'];
  const answer = Type.Object({ message: Type.String(), data: ref(ParishSettings) });

  app.get(
    '/parish',
    {
      onRequest: [requireAdmin],
      schema: {
        tags,
        summary: "The parish's name, currency, time zone and first day of the week (every member's to read)",
        security: bearerSecurity,
        response: { 200: answer, ...errorResponses(401) },
      },
    },
    async () => ({ message: 'Parish settings fetched successfully', data: await parishSettings(db) }),
  );

  app.put(
    '/parish',
    {
      config: { activity: { kind: 'parish', says: parishChange } },
      onRequest: [requireAdmin, adminOnly],
      preValidation: trimFields('name', 'currency', 'timeZone'),
      schema: {
        tags,
        summary: "Change the parish's name, currency (ISO 4217), time zone (IANA) and first day of the week",
        security: bearerSecurity,
        body: ref(ParishInput),
        response: { 200: answer, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => {
      const { name, weekStart } = request.body;
      const currency = request.body.currency.toUpperCase();
      if (!isCurrencyCode(currency)) throw badRequest(PARISH_MESSAGES.currency);
      const timeZone = canonicalTimeZone(request.body.timeZone);
      if (!timeZone) throw badRequest(PARISH_MESSAGES.timeZone);
      const data = await saveParishSettings(db, { name, currency, timeZone, weekStart });
      return { message: 'Parish settings saved', data };
    },
  );
}
