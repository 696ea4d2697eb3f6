import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { bearerSecurity, ownAccount } from '../auth/guard';
import { isId } from '../db/ids';
import { notFound } from '../http/errors';
import { rateLimited } from '../http/rate-limit';
import { addSchemas, OneOf, ref } from '../http/contract';
import { GrowingListAnswers } from '../http/paging';
import { sortableOf } from '../exports/definition';
import { prayerRequestsExport } from './export';
import { growingListRoute, jsonWrite, recordDelete, RecordParams, UserParams } from '../auth/account-routes';
import { errorResponses, trimFields } from '../http/validation';
import {
  addPrayerRequest,
  CARE_MESSAGES,
  carePrayerRequest,
  deleteAllPrayerRequests,
  deletePrayerRequest,
  inState,
  listAssignees,
  listPrayerRequests,
  markPrayerRequests,
  PRAYER_REQUESTS_LIST,
} from './repository';
import {
  Assignee,
  CaredPrayerRequest,
  PRAYER_STATES,
  PrayerRequest,
  PrayerRequestCare,
  PrayerRequestInput,
  PrayerRequestsMarked,
  type PrayerRequestCare as Care,
  type PrayerState,
} from './schemas';
import { shorten } from '../activity/record';
import { parishSettings } from '../parish/settings';
import { publicOrigin } from '../uploads/store';
import { queueAssignmentMail } from './assignment-mail';
import { TRASH_ENTRY_DESCRIPTION, TRASH_ENTRY_HEADER } from '../trash/header';

/** The columns the list sorts by: its export's. */
const sortable = sortableOf(prayerRequestsExport);

export const PRAYER_REQUEST_NOT_FOUND = 'Prayer request not found';

export async function prayerRequestRoutes(parent: FastifyInstance): Promise<void> {
  const app = parent.withTypeProvider<TypeBoxTypeProvider>();
  const { config, db } = app;
  addSchemas(
    app,
    PrayerRequest,
    PrayerRequestInput,
    CaredPrayerRequest,
    PrayerRequestCare,
    PrayerRequestsMarked,
    Assignee,
  );
  const answers = new GrowingListAnswers(db, {
    name: PRAYER_REQUESTS_LIST,
    message: 'Prayer requests fetched successfully',
    checkEveryMs: config.listCacheCheckMs,
    list: (paging) => listPrayerRequests(db, paging, sortable),
  });

  app.route(
    growingListRoute('/prayer/request/:userId', answers, {
      tags: ['prayer requests'],
      summary:
        'All prayer requests with their care, newest first; or a page of them (?page=&limit=&q=&state=&sort=) with the total',
      entity: CaredPrayerRequest,
      filter: {
        name: 'state',
        column: 'state',
        schema: OneOf(PRAYER_STATES, { title: 'state', description: 'Only the requests in this state' }),
      },
      sortable,
    }),
  );

  // The team's care of a request: its state, a note for the staff and the member it is assigned to.
  // Never part of the mobile app's calls: its submit answers the request alone.
  app.put(
    '/prayer/request/:userId/:id',
    {
      ...jsonWrite({
        kind: 'prayer request',
        tags: ['prayer requests'],
        summary: "Change one prayer request's state, note or assignee",
        params: RecordParams,
        body: PrayerRequestCare,
        trimmed: ['note'],
        response: {
          200: Type.Object({ message: Type.String(), data: ref(CaredPrayerRequest) }),
          ...errorResponses(400, 401, 403, 404),
        },
      }),
      config: {
        activity: {
          kind: 'prayer request',
          nameFrom: { table: 'prayerRequests', column: 'request' },
          says: ({ named, body }) => careLine(named, body as Care),
        },
      },
    },
    async (request) => {
      const { id } = request.params;
      if (!isId(id)) throw notFound(PRAYER_REQUEST_NOT_FOUND);
      const by = request.admin!;
      // Read before the transaction: SQLite's one connection is the transaction's until it ends.
      const parish = request.body.assigneeId ? await parishSettings(db) : undefined;
      const data = await carePrayerRequest(db, id, request.body, by, (trx, cared, assignee) =>
        queueAssignmentMail(trx, config.mail, {
          request: cared,
          assignee,
          by: by.name || by.email,
          parish: parish!.name,
          origin: publicOrigin(app),
        }),
      );
      answers.invalidate();
      return { message: CARE_MESSAGES.updated, data };
    },
  );

  app.put(
    '/prayer/requests/state/:userId',
    {
      ...jsonWrite({
        kind: 'prayer request',
        tags: ['prayer requests'],
        summary: 'Mark many prayer requests with one state at once (all or none)',
        params: UserParams,
        body: PrayerRequestsMarked,
        trimmed: [],
        response: {
          200: Type.Object({
            message: Type.String(),
            data: Type.Object({ marked: Type.Integer({ description: 'How many requests are in that state now' }) }),
          }),
          ...errorResponses(400, 401, 403, 404),
        },
      }),
      config: {
        activity: {
          kind: 'prayer request',
          // The names whole (namesOf shortened each): the recorder's cut would leave the first alone.
          says: ({ name, body }) => {
            const { ids, state } = body as { ids: string[]; state: string };
            const count = new Set(ids).size;
            const more = count > NAMED ? ` and ${count - NAMED} more` : '';
            const named = name ? ` “${name}”` : '';
            return `Marked ${count === 1 ? 'prayer request' : `${count} prayer requests`} ${state}:${named}${more}`;
          },
        },
      },
    },
    async (request) => {
      const { ids, state } = request.body;
      const texts = await markPrayerRequests(db, ids, state, request.admin!);
      answers.invalidate();
      // The activity line names the requests marked (recordName is what it quotes).
      request.recordName = namesOf(texts);
      return { message: CARE_MESSAGES.marked(texts.length, state), data: { marked: texts.length } };
    },
  );

  app.get(
    '/prayer/requests/assignees/:userId',
    {
      onRequest: ownAccount,
      schema: {
        tags: ['prayer requests'],
        summary: 'The members a prayer request can be assigned to (the active team, by name)',
        security: bearerSecurity,
        params: UserParams,
        response: {
          200: Type.Object({ message: Type.String(), data: Type.Array(ref(Assignee)) }),
          ...errorResponses(401, 403),
        },
      },
    },
    async () => ({ message: 'Members fetched successfully', data: await listAssignees(db) }),
  );

  app.delete(
    '/prayer/request/:userId/:id',
    recordDelete({
      kind: 'prayer request',
      nameFrom: { table: 'prayerRequests', column: 'request' },
      tags: ['prayer requests'],
      summary: 'Delete one prayer request',
    }),
    async (request, reply) => {
      const { id } = request.params;
      const entry = isId(id) ? await deletePrayerRequest(db, id, request.admin!) : undefined;
      if (!entry) throw notFound(PRAYER_REQUEST_NOT_FOUND);
      answers.invalidate();
      reply.header(TRASH_ENTRY_HEADER, entry);
      return { message: 'Prayer request deleted successfully' };
    },
  );

  // Delete All deletes what the list shows: every request, or (?state=) those of the tab in view.
  app.delete(
    '/all/prayer/request/:userId',
    {
      config: {
        activity: {
          kind: 'prayer request',
          says: ({ data }) => {
            const { deleted = 0, state } = (data ?? {}) as { deleted?: number; state?: PrayerState };
            return state
              ? `Deleted the ${state} prayer requests (${deleted})`
              : `Deleted every prayer request (${deleted})`;
          },
        },
      },
      onRequest: ownAccount,
      schema: {
        tags: ['prayer requests'],
        summary: 'Delete every prayer request, or every one in a state',
        description: TRASH_ENTRY_DESCRIPTION,
        security: bearerSecurity,
        params: UserParams,
        querystring: Type.Object(
          {
            state: Type.Optional(
              OneOf(PRAYER_STATES, { title: 'state', description: 'Only the requests in this state' }),
            ),
          },
          { additionalProperties: false },
        ),
        response: {
          200: Type.Object({
            message: Type.String(),
            data: Type.Object({
              deleted: Type.Integer({ description: 'How many requests were deleted' }),
              state: Type.Optional(OneOf(PRAYER_STATES, { description: 'The state asked for, if any' })),
            }),
          }),
          ...errorResponses(400, 401, 403),
        },
      },
    },
    async (request, reply) => {
      const { state } = request.query;
      const { deleted, entry } = await deleteAllPrayerRequests(db, request.admin!, state);
      answers.invalidate();
      if (entry) reply.header(TRASH_ENTRY_HEADER, entry);
      if (!state) return { message: 'All prayer requests deleted successfully', data: { deleted } };
      return { message: `${inState(deleted, state)} deleted successfully`, data: { deleted, state } };
    },
  );

  // Public: the mobile app submits requests here (see ARCHITECTURE "The API contract").
  app.post(
    '/prayer/request',
    {
      config: rateLimited(config.publicRateMax, config.publicRateWindowMs, 'Too many requests from this address'),
      preValidation: trimFields('request'),
      schema: {
        tags: ['prayer requests'],
        summary: 'Submit a prayer request (mobile app)',
        body: ref(PrayerRequestInput),
        response: {
          201: Type.Object({ message: Type.String(), data: ref(PrayerRequest) }),
          ...errorResponses(400, 429),
        },
      },
    },
    async (request, reply) => {
      const data = await addPrayerRequest(db, request.body.request);
      answers.invalidate();
      return reply.code(201).send({ message: 'Prayer request submitted successfully', data });
    },
  );
}

/** The activity line of a change to one request: what changed, and the new state. */
function careLine(named: string, care: Care): string {
  const parts = [
    ...(care.state !== undefined ? [`marked ${care.state}`] : []),
    ...(care.note !== undefined ? [care.note ? 'note changed' : 'note cleared'] : []),
    ...(care.assigneeId !== undefined ? [care.assigneeId ? 'assigned' : 'unassigned'] : []),
  ];
  return `Cared for prayer request${named}: ${parts.join(', ')}`;
}

/** How many requests the line of a marking names. */
const NAMED = 3;

/** How many characters two texts start with in common. */
function sharedStart(one: string, other: string): number {
  let n = 0;
  while (n < one.length && one[n] === other[n]) n += 1;
  return n;
}

/**
 * The requests a marking's activity line names, as the recorder quotes a record's name: the first
 * few, each by as much of its text as tells it from the others (requests often start alike), at
 * most 80 characters, cut after a word.
 */
function namesOf(texts: string[]): string {
  const named = texts.slice(0, NAMED).map((text) => text.replace(/\s+/g, ' ').trim());
  return named
    .map((text, index) => {
      const shared = Math.max(
        0,
        ...named.filter((_, other) => other !== index).map((other) => sharedStart(text, other)),
      );
      const cut = shorten(text, Math.min(80, Math.max(24, shared + 16)));
      if (!cut.endsWith('…')) return cut;
      // Back to the end of the last whole word past what the texts share.
      const space = cut.lastIndexOf(' ');
      return space > shared ? `${cut.slice(0, space).replace(/[\s,;:.]+$/, '')}…` : cut;
    })
    .join('”, “');
}
