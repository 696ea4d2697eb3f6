import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type, type Static } from '@sinclair/typebox';
import { bearerSecurity, ownAccount } from '../auth/guard';
import { isId } from '../db/ids';
import { addSchemas, ref } from '../http/contract';
import { badRequest, notFound } from '../http/errors';
import { jsonWrite, RecordParams, UserParams } from '../auth/account-routes';
import { errorResponses } from '../http/validation';
import { isCalendarDate } from '../http/dates';
import type { WeekPdfInput } from './pdf';
import { reportRoutes } from './report-routes';
import { parishNow, parishSettings } from '../parish/settings';
import {
  addMass,
  addRegularMass,
  careIntention,
  deleteMass,
  deleteRegularMass,
  editMass,
  editRegularMass,
  listRegularMasses,
  MASS_MESSAGES,
  massInWords,
  massWeek,
  placeIntention,
} from './repository';
import {
  IntentionCare,
  IntentionPlacement,
  Mass,
  MassInput,
  MassIntentionInMass,
  MassWeek,
  PlacedMass,
  RegularMass,
  RegularMassInput,
  ScheduledMassIntention,
  WeekPdfQuery,
  WeekQuery,
  type IntentionCare as Care,
} from './schemas';

const TAGS = ['masses'];

/** The week's PDF is written on a renderer thread, which loads pdf.ts (and pdfkit) there, not here. */
const WEEK_PDF = path.join(__dirname, `pdf${path.extname(__filename)}`);

/** A regular Mass in words, for the activity record: "Sunday 10:30, Main church". */
const regularInWords = (mass: { weekday: string; time: string; place: string }) =>
  `${mass.weekday} ${mass.time}, ${mass.place}`;

const checkedDay = (date: string, message: string = MASS_MESSAGES.badDate) => {
  if (!isCalendarDate(date)) throw badRequest(message);
  return date;
};

/**
 * The parish's Masses (regular and one-off), the week's listing of them with their intentions, and the
 * scheduling of the mobile app's intention requests into them. `invalidate` drops the intentions' list
 * answers kept by this process (their rows name their Masses).
 */
export function massRoutes(parent: FastifyInstance, invalidate: () => void): void {
  const app = parent.withTypeProvider<TypeBoxTypeProvider>();
  const { db } = app;
  addSchemas(
    app,
    RegularMass,
    RegularMassInput,
    MassIntentionInMass,
    Mass,
    MassInput,
    MassWeek,
    PlacedMass,
    ScheduledMassIntention,
    IntentionPlacement,
    IntentionCare,
  );

  app.get(
    '/masses/week/:userId',
    {
      onRequest: ownAccount,
      schema: {
        tags: TAGS,
        summary: "A week's Masses (Monday to Sunday), regular and one-off, each with its intentions",
        security: bearerSecurity,
        params: UserParams,
        querystring: WeekQuery,
        response: {
          200: Type.Object({ message: Type.String(), data: ref(MassWeek) }),
          ...errorResponses(400, 401, 403),
        },
      },
    },
    async (request) => {
      const day = request.query.week
        ? checkedDay(request.query.week, MASS_MESSAGES.badWeek)
        : (await parishNow(db)).date;
      return { message: 'Masses fetched successfully', data: await massWeek(db, day) };
    },
  );

  // On the untyped instance: its answer is a stream, which the schema's string type cannot name.
  parent.get<{ Params: Static<typeof UserParams>; Querystring: Static<typeof WeekPdfQuery> }>(
    '/masses/week/:userId/pdf',
    {
      // Seconds of CPU with its fonts: one at a time per member, written off the event loop (exports/heavy-work.ts).
      config: { heavyWork: true },
      onRequest: ownAccount,
      schema: {
        tags: TAGS,
        summary: "A week's Masses and their intentions as one A4 PDF, the print view's sheet (?week=&large=1)",
        security: bearerSecurity,
        params: UserParams,
        querystring: WeekPdfQuery,
        response: {
          200: {
            description: 'The PDF file',
            content: { 'application/pdf': { schema: Type.String({ format: 'binary', description: 'The PDF file' }) } },
          },
          ...errorResponses(400, 401, 403, 429),
        },
      },
    },
    async (request, reply) => {
      const day = request.query.week
        ? checkedDay(request.query.week, MASS_MESSAGES.badWeek)
        : (await parishNow(db)).date;
      const week = await massWeek(db, day);
      const { name: parish } = await parishSettings(db);
      const pdf = await request.renderer!.job().finish({
        type: 'document',
        module: WEEK_PDF,
        input: { week, large: request.query.large === '1', parish } satisfies WeekPdfInput,
      });
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', `attachment; filename="mass-intentions-${week.week}.pdf"`)
        .header('cache-control', 'no-store')
        .send(pdf);
    },
  );

  app.get(
    '/masses/regular/:userId',
    {
      onRequest: ownAccount,
      schema: {
        tags: TAGS,
        summary: 'The regular Masses, Monday to Sunday, by time',
        security: bearerSecurity,
        params: UserParams,
        response: {
          200: Type.Object({ message: Type.String(), data: Type.Array(ref(RegularMass)) }),
          ...errorResponses(401, 403),
        },
      },
    },
    async () => ({ message: 'Regular Masses fetched successfully', data: await listRegularMasses(db) }),
  );

  app.post(
    '/add/regular/mass/:userId',
    {
      ...jsonWrite({
        kind: 'regular Mass',
        tags: TAGS,
        summary: 'Add a regular Mass: a weekday and a time, every week',
        params: UserParams,
        body: RegularMassInput,
        trimmed: ['place', 'celebrant'],
        response: {
          201: Type.Object({ message: Type.String(), data: ref(RegularMass) }),
          ...errorResponses(400, 401, 403),
        },
      }),
      config: {
        activity: {
          kind: 'regular Mass',
          done: 'Added',
          says: ({ data }) => `Added regular Mass “${regularInWords(data as RegularMass)}”`,
        },
      },
    },
    async (request, reply) => {
      const data = await addRegularMass(db, request.body);
      invalidate();
      return reply.code(201).send({ message: 'Regular Mass added successfully', data });
    },
  );

  app.put(
    '/edit/regular/mass/:userId/:id',
    {
      ...jsonWrite({
        kind: 'regular Mass',
        tags: TAGS,
        summary: "Change a regular Mass; its dates to come follow (a cap below a date's intentions is refused)",
        params: RecordParams,
        body: RegularMassInput,
        trimmed: ['place', 'celebrant'],
        response: {
          200: Type.Object({ message: Type.String(), data: ref(RegularMass) }),
          ...errorResponses(400, 401, 403, 404, 409),
        },
      }),
      config: {
        activity: {
          kind: 'regular Mass',
          says: ({ data }) => `Edited regular Mass “${regularInWords(data as RegularMass)}”`,
        },
      },
    },
    async (request) => {
      const { id } = request.params;
      if (!isId(id)) throw notFound(MASS_MESSAGES.regularNotFound);
      const data = await editRegularMass(db, id, request.body);
      invalidate();
      return { message: 'Regular Mass updated successfully', data };
    },
  );

  app.delete(
    '/delete/regular/mass/:userId/:id',
    {
      onRequest: ownAccount,
      config: {
        activity: {
          kind: 'regular Mass',
          says: ({ data }) => `Deleted regular Mass “${regularInWords(data as RegularMass)}”`,
        },
      },
      schema: {
        tags: TAGS,
        summary:
          'Delete a regular Mass: its dates to come without intentions go; the others stay as Masses of their own',
        security: bearerSecurity,
        params: RecordParams,
        response: {
          200: Type.Object({ message: Type.String(), data: ref(RegularMass) }),
          ...errorResponses(401, 403, 404),
        },
      },
    },
    async (request) => {
      const { id } = request.params;
      const data = isId(id) ? await deleteRegularMass(db, id) : undefined;
      if (!data) throw notFound(MASS_MESSAGES.regularNotFound);
      invalidate();
      return { message: 'Regular Mass deleted successfully', data };
    },
  );

  app.post(
    '/add/mass/:userId',
    {
      ...jsonWrite({
        kind: 'Mass',
        tags: TAGS,
        summary: 'Add a one-off Mass (a wedding, a funeral)',
        params: UserParams,
        body: MassInput,
        trimmed: ['place', 'celebrant', 'title'],
        response: { 201: Type.Object({ message: Type.String(), data: ref(Mass) }), ...errorResponses(400, 401, 403) },
      }),
      config: {
        activity: { kind: 'Mass', done: 'Added', says: ({ data }) => `Added Mass “${massInWords(data as Mass)}”` },
      },
    },
    async (request, reply) => {
      checkedDay(request.body.date);
      const data = await addMass(db, request.body);
      invalidate();
      return reply.code(201).send({ message: 'Mass added successfully', data });
    },
  );

  app.put(
    '/edit/mass/:userId/:id',
    {
      ...jsonWrite({
        kind: 'Mass',
        tags: TAGS,
        summary:
          'Change or move a dated Mass (or one date of a regular Mass): it keeps its intentions; ' +
          'a cap below them is refused',
        params: RecordParams,
        body: MassInput,
        trimmed: ['place', 'celebrant', 'title'],
        response: {
          200: Type.Object({ message: Type.String(), data: ref(Mass) }),
          ...errorResponses(400, 401, 403, 404, 409),
        },
      }),
      config: { activity: { kind: 'Mass', says: ({ data }) => `Edited Mass “${massInWords(data as Mass)}”` } },
    },
    async (request) => {
      checkedDay(request.body.date);
      const data = await editMass(db, request.params.id, request.body);
      invalidate();
      return { message: 'Mass updated successfully', data };
    },
  );

  app.delete(
    '/delete/mass/:userId/:id',
    {
      onRequest: ownAccount,
      config: {
        activity: { kind: 'Mass', says: ({ data }) => `Deleted Mass “${massInWords(data as Mass)}”` },
      },
      schema: {
        tags: TAGS,
        summary: 'Delete a one-off Mass that holds no intention',
        security: bearerSecurity,
        params: RecordParams,
        response: {
          200: Type.Object({ message: Type.String(), data: ref(PlacedMass) }),
          ...errorResponses(401, 403, 404, 409),
        },
      },
    },
    async (request) => {
      const { id } = request.params;
      const mass = isId(id) ? await deleteMass(db, id) : undefined;
      if (!mass) throw notFound(MASS_MESSAGES.notFound);
      invalidate();
      const { _id, date, time, place, title } = mass;
      return { message: 'Mass deleted successfully', data: { _id, date, time, place, title } };
    },
  );

  app.put(
    '/mass/intention/place/:userId/:id',
    {
      ...jsonWrite({
        kind: 'mass intention',
        tags: ['mass intentions'],
        summary: "Place a Requested intention in a Mass (by its id, or 'next': the first Mass from now with room)",
        params: RecordParams,
        body: IntentionPlacement,
        trimmed: ['massId'],
        response: {
          200: Type.Object({ message: Type.String(), data: ref(ScheduledMassIntention) }),
          ...errorResponses(400, 401, 403, 404, 409),
        },
      }),
      config: {
        activity: {
          kind: 'mass intention',
          says: ({ data }) => {
            const intention = data as { fullname: string; mass: Mass };
            return `Placed mass intention of “${intention.fullname}” in “${massInWords(intention.mass)}”`;
          },
        },
      },
    },
    async (request) => {
      const { intention } = await placeIntention(db, request.params.id, request.body.massId, request.admin!);
      invalidate();
      return { message: 'Mass intention scheduled successfully', data: intention };
    },
  );

  app.put(
    '/mass/intention/:userId/:id',
    {
      ...jsonWrite({
        kind: 'mass intention',
        tags: ['mass intentions'],
        summary: "Change one intention's state (Requested, Said, Cancelled), stipend or receipt number",
        params: RecordParams,
        body: IntentionCare,
        trimmed: ['receipt'],
        response: {
          200: Type.Object({ message: Type.String(), data: ref(ScheduledMassIntention) }),
          ...errorResponses(400, 401, 403, 404, 409),
        },
      }),
      config: {
        activity: {
          kind: 'mass intention',
          says: ({ body, data }) => careLine((data as { fullname: string }).fullname, body as Care),
        },
      },
    },
    async (request) => {
      const data = await careIntention(db, request.params.id, request.body, request.admin!);
      invalidate();
      return { message: 'Mass intention updated successfully', data };
    },
  );

  reportRoutes(parent);
}

/** The activity line of a change to one intention: what changed. */
function careLine(fullname: string, care: Care): string {
  const parts = [
    ...(care.state !== undefined ? [`marked ${care.state}`] : []),
    ...(care.stipend !== undefined ? [care.stipend ? 'stipend recorded' : 'stipend cleared'] : []),
    ...(care.receipt !== undefined ? [care.receipt ? 'receipt recorded' : 'receipt cleared'] : []),
  ];
  return `Mass intention of “${fullname}”: ${parts.join(', ')}`;
}
