import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type, type Static, type TObject } from '@sinclair/typebox';
import { bearerSecurity, ownAccount } from '../auth/guard';
import { isId } from '../db/ids';
import { addSchemas, ref, type Named } from '../http/contract';
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

  massWrites(parent, {
    kind: 'regular Mass',
    paths: {
      add: '/add/regular/mass/:userId',
      edit: '/edit/regular/mass/:userId/:id',
      remove: '/delete/regular/mass/:userId/:id',
    },
    summaries: {
      add: 'Add a regular Mass: a weekday and a time, every week',
      edit: "Change a regular Mass; its dates to come follow (a cap below a date's intentions is refused)",
      remove: 'Delete a regular Mass: its dates to come without intentions go; the others stay as Masses of their own',
    },
    input: RegularMassInput,
    trimmed: ['place', 'celebrant'],
    record: RegularMass,
    removed: RegularMass,
    removeErrors: [401, 403, 404],
    inWords: regularInWords,
    add: (body) => addRegularMass(db, body),
    edit: (id, body) => {
      if (!isId(id)) throw notFound(MASS_MESSAGES.regularNotFound);
      return editRegularMass(db, id, body);
    },
    remove: async (id) => {
      const data = isId(id) ? await deleteRegularMass(db, id) : undefined;
      if (!data) throw notFound(MASS_MESSAGES.regularNotFound);
      return data;
    },
    invalidate,
  });

  massWrites(parent, {
    kind: 'Mass',
    paths: { add: '/add/mass/:userId', edit: '/edit/mass/:userId/:id', remove: '/delete/mass/:userId/:id' },
    summaries: {
      add: 'Add a one-off Mass (a wedding, a funeral)',
      edit:
        'Change or move a dated Mass (or one date of a regular Mass): it keeps its intentions; ' +
        'a cap below them is refused',
      remove: 'Delete a one-off Mass that holds no intention',
    },
    input: MassInput,
    trimmed: ['place', 'celebrant', 'title'],
    record: Mass,
    removed: PlacedMass,
    removeErrors: [401, 403, 404, 409],
    inWords: massInWords,
    add: (body) => addMass(db, { ...body, date: checkedDay(body.date) }),
    edit: (id, body) => editMass(db, id, { ...body, date: checkedDay(body.date) }),
    remove: async (id) => {
      const mass = isId(id) ? await deleteMass(db, id) : undefined;
      if (!mass) throw notFound(MASS_MESSAGES.notFound);
      const { _id, date, time, place, title } = mass;
      return { _id, date, time, place, title };
    },
    invalidate,
  });

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

/** What the add, edit and delete of a Mass or a regular Mass differ by. */
interface MassWrites<Input extends Named<TObject>, Row> {
  kind: 'Mass' | 'regular Mass';
  paths: { add: string; edit: string; remove: string };
  summaries: { add: string; edit: string; remove: string };
  input: Input;
  trimmed: readonly string[];
  /** The record an add and an edit answer with, and what a delete answers with. */
  record: Named;
  removed: Named;
  removeErrors: number[];
  /** The record in words, for the activity record: "Sunday 10:30, Main church". */
  inWords: (record: Row) => string;
  add: (body: Static<Input>) => Promise<Row>;
  edit: (id: string, body: Static<Input>) => Promise<Row>;
  remove: (id: string) => Promise<unknown>;
  /** Drops the intentions' list answers kept by this process (their rows name their Masses). */
  invalidate: () => void;
}

/**
 * The add, edit and delete routes of a Mass or a regular Mass: each on the member's own account,
 * recorded in Settings → Activity with the record in words, and answered '<Kind> added successfully' ….
 */
function massWrites<Input extends Named<TObject>, Row>(parent: FastifyInstance, of: MassWrites<Input, Row>): void {
  const app = parent.withTypeProvider<TypeBoxTypeProvider>();
  const Kind = of.kind[0]!.toUpperCase() + of.kind.slice(1);
  const says =
    (done: string) =>
    ({ data }: { data: unknown }) =>
      `${done} ${of.kind} “${of.inWords(data as Row)}”`;
  const write = (summary: string, params: typeof UserParams | typeof RecordParams, errors: number[], code: 200 | 201) =>
    jsonWrite({
      kind: of.kind,
      tags: TAGS,
      summary,
      params,
      body: of.input,
      trimmed: of.trimmed,
      response: { [code]: Type.Object({ message: Type.String(), data: ref(of.record) }), ...errorResponses(...errors) },
    });

  app.post(
    of.paths.add,
    {
      ...write(of.summaries.add, UserParams, [400, 401, 403], 201),
      config: { activity: { kind: of.kind, done: 'Added', says: says('Added') } },
    },
    async (request, reply) => {
      const data = await of.add(request.body as Static<Input>);
      of.invalidate();
      return reply.code(201).send({ message: `${Kind} added successfully`, data });
    },
  );

  app.put(
    of.paths.edit,
    {
      ...write(of.summaries.edit, RecordParams, [400, 401, 403, 404, 409], 200),
      config: { activity: { kind: of.kind, says: says('Edited') } },
    },
    async (request) => {
      const data = await of.edit((request.params as Static<typeof RecordParams>).id, request.body as Static<Input>);
      of.invalidate();
      return { message: `${Kind} updated successfully`, data };
    },
  );

  app.delete(
    of.paths.remove,
    {
      onRequest: ownAccount,
      config: { activity: { kind: of.kind, says: says('Deleted') } },
      schema: {
        tags: TAGS,
        summary: of.summaries.remove,
        security: bearerSecurity,
        params: RecordParams,
        response: {
          200: Type.Object({ message: Type.String(), data: ref(of.removed) }),
          ...errorResponses(...of.removeErrors),
        },
      },
    },
    async (request) => {
      const data = await of.remove((request.params as Static<typeof RecordParams>).id);
      of.invalidate();
      return { message: `${Kind} deleted successfully`, data };
    },
  );
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
