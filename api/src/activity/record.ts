import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import { sql } from 'kysely';
import { isId, newId, timestamp } from '../db/ids';
import type { Db } from '../db/database';
import type { Database } from '../db/schema';
import { addRouteHooks, needsSession, reads } from '../http/route-hooks';

/**
 * The kinds of record Settings → Activity names (the contract's filter lists them in this order). The
 * features declare which they record (registry.ts): a kind here that none records, or a route that
 * records one no feature declares, stops the server from starting. The list stays here because every
 * feature's routes are typed by it, and deriving it would make them import the registry above them.
 */
export const ACTIVITY_KINDS = [
  'reflection image',
  'prayer request',
  'mass intention',
  'regular Mass',
  'Mass',
  'Bible reading',
  'book',
  'live stream',
  'adult reflection',
  'children reflection',
  'group',
  'donation',
  'bank account',
  'Section A prayer',
  'About Us',
  'team',
  'account',
  'trash',
  'deploy token',
  'release',
  'parish',
  'backup',
] as const;
export type ActivityKind = (typeof ACTIVITY_KINDS)[number];

/** What a write did to its record: by default a DELETE deleted, a PUT edited and a POST added. */
export type ActivityDone = 'Added' | 'Edited' | 'Deleted';

/** What the line of a write that is not one record's add, edit or delete is made from. */
export interface WriteFacts {
  /** ` “the record's name”`, or '' when the write names none. */
  named: string;
  /** The record's name uncut (a line that names many records shortens each itself). */
  name: string | undefined;
  /** The request's body, and the answer's `data`. */
  body: unknown;
  data: unknown;
}

/**
 * What a write route records in Settings → Activity, declared with the route (`config.activity`):
 * the kind of record, what was done to it (or its own line), and where a record keeps its name when
 * the answer does not carry it (a delete, looked up before the record goes).
 */
export interface RecordedActivity {
  kind: ActivityKind;
  done?: ActivityDone;
  says?: (write: WriteFacts) => string;
  nameFrom?: { table: keyof Database; column: string };
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Every write that needs a session says what it records (recordActivity refuses one that does not). */
    activity?: RecordedActivity;
  }
  interface FastifyRequest {
    /** Set for a write that succeeded: the record its answer carried, for the activity record. */
    answered?: unknown;
    /** The name of the record a write names by its id, read before the write (a delete's record goes). */
    recordName?: string;
    /**
     * Who made a write that came with another credential than a session (a deploy token): the Admin
     * its entry is filed under, and how the entry names who did it.
     */
    actor?: Actor;
  }
}

/**
 * The names of who made a write that are not a member's own (a deploy token, the server): their lines
 * keep them, where a member's own line shows the member as they are named now.
 */
const NOT_A_MEMBER = /^(?:Deploy token “|The server \()/;

/** Who a line names: the member's name now (their email before they saved one), else who made it. */
export function shownMember(member: string, now: { name: string | null; email: string | null } | undefined): string {
  if (NOT_A_MEMBER.test(member) || !now) return member;
  return now.name || now.email || member;
}

/** Who made a write, as the activity record files and names it. */
export interface Actor {
  adminId: string;
  member: string;
}

/** The fields that name a record in the answers, in the order they are looked for. */
const NAME_FIELDS = ['bookName', 'groupName', 'donationName', 'bankName', 'name', 'title', 'topic', 'passage', 'email'];

const doneBy = (method: string): ActivityDone =>
  method === 'DELETE' ? 'Deleted' : method === 'PUT' ? 'Edited' : 'Added';

const graphemes = new Intl.Segmenter(undefined, { granularity: 'grapheme' });

/**
 * Text cut to at most `max` characters as a reader counts them (an emoji, a flag or an accented letter
 * is one), with an ellipsis when cut: cutting UTF-16 units could split an emoji and store invalid text.
 */
export function shorten(text: string, max: number): string {
  if (text.length <= max) return text;
  const characters = Array.from(graphemes.segment(text), ({ segment }) => segment);
  return characters.length <= max ? text : `${characters.slice(0, max - 1).join('')}…`;
}

/** One line for a write: what was done, to what. Never a password, a token or a link. */
function summarise(activity: RecordedActivity, method: string, name: string | undefined, body: unknown, data: unknown) {
  const named = name ? ` “${shorten(name, 80)}”` : '';
  if (activity.says) return activity.says({ named, name, body, data });
  return `${activity.done ?? doneBy(method)} ${activity.kind}${named}`;
}

function nameIn(data: unknown): string | undefined {
  if (!data || typeof data !== 'object') return undefined;
  const record = data as Record<string, unknown>;
  for (const field of NAME_FIELDS) if (typeof record[field] === 'string' && record[field]) return record[field];
  return undefined;
}

/** The id a write's path names (`:id`, or the books' `:bookId`). */
function idIn(params: unknown): string | undefined {
  const { id, bookId } = (params ?? {}) as Record<string, unknown>;
  return [id, bookId].find((value): value is string => typeof value === 'string');
}

/** What a write records, as the tests read it: the kind, and what was done (none when it words its own line). */
export interface DeclaredActivity {
  kind: ActivityKind;
  done?: ActivityDone;
}

/** `METHOD url` of each write that needs a session, and what it records (for the tests' census). */
export const declaredActivity = new WeakMap<FastifyInstance, Map<string, DeclaredActivity>>();

/**
 * Records every successful write of a signed-in member (Settings → Activity): who, when, what kind of
 * record, which one, and a line saying what was done, as the route declares (`config.activity`).
 * Written as the answer is sent, before it leaves; a failure to record is logged, never the member's problem. Only the
 * write routes that need a session carry its hooks, and each must declare what it records.
 */
export function recordActivity(app: FastifyInstance, kinds: ReadonlySet<ActivityKind>): void {
  app.decorateRequest('answered', undefined);
  app.decorateRequest('actor', undefined);
  const declared = new Map<string, DeclaredActivity>();
  declaredActivity.set(app, declared);
  const recorded = (route: RouteOptions) => !reads(route) && needsSession(route);
  app.addHook('onRoute', (route) => {
    if (!recorded(route)) return;
    const activity = route.config?.activity;
    const method = [route.method].flat().join(',');
    const name = `${method} ${route.url}`;
    if (!activity) throw new Error(`${name} writes for a signed-in member but does not say what it records`);
    if (!kinds.has(activity.kind)) throw new Error(`${name} records "${activity.kind}", a kind no feature declares`);
    // A write that words its own line records what it did only when it says so (an add with its own words).
    declared.set(name, { kind: activity.kind, done: activity.done ?? (activity.says ? undefined : doneBy(method)) });
  });
  addRouteHooks(app, recorded, {
    // The answer before it is serialised: its `data` is the record written.
    preSerialization: (
      request: FastifyRequest,
      reply: FastifyReply,
      payload: unknown,
      done: (error: null, payload: unknown) => void,
    ) => {
      if (reply.statusCode < 400) request.answered = (payload as { data?: unknown } | null)?.data;
      done(null, payload);
    },
    // Before the write, while the record is there: the name of the record it names by id, for the
    // writes that declare where to find it (their answer does not carry the record).
    preHandler: async (request: FastifyRequest) => {
      const id = idIn(request.params);
      const named = request.routeOptions.config.activity?.nameFrom;
      // A malformed id names no record (the route answers 404): it never reaches a query.
      if (!isId(id) || !named || !request.admin) return;
      const row = (await app.db.kysely
        .selectFrom(named.table)
        .select(sql.ref<string>(named.column).as('name'))
        .$if(named.table === 'admins', (query) => query.select('email'))
        .where('_id', '=', id)
        .executeTakeFirst()) as { name?: string; email?: string } | undefined;
      request.recordName = row?.name || row?.email || undefined;
    },
    // Before the answer goes: the next call may read the line (an edit right after an add names the
    // add's author as the saver of the version it keeps).
    onSend: async (request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
      const admin = request.admin;
      const actor = admin ? { adminId: admin._id, member: admin.name || admin.email } : request.actor;
      if (actor && reply.statusCode < 400) await write(request, actor);
      return payload;
    },
  });
  const write = async (request: FastifyRequest, actor: Actor) => {
    const activity = request.routeOptions.config.activity;
    if (!activity) return;
    const data = request.answered;
    const recordId =
      (data && typeof data === 'object' && typeof (data as { _id?: unknown })._id === 'string'
        ? (data as { _id: string })._id
        : undefined) ?? idIn(request.params);
    const name = nameIn(data) ?? request.recordName;
    try {
      await addActivity(app.db, {
        ...actor,
        kind: activity.kind,
        recordId,
        summary: summarise(activity, request.method, name, request.body, data),
      });
    } catch (error) {
      request.log.error(error, 'the activity record could not be written');
    }
  };
}

/**
 * Adds one entry. The recorder above does it for every signed-in write; a write made without a session
 * (a set-password link) or on the server (`npm run admin`) adds its own. `member` is who did it, as
 * they are named now; `adminId` whose record it is filed under.
 */
export async function addActivity(
  db: Db,
  entry: { adminId: string; member: string; kind: string; recordId?: string; summary: string },
): Promise<void> {
  await db.kysely
    .insertInto('activity')
    .values({
      _id: newId(),
      at: timestamp(),
      adminId: entry.adminId,
      member: entry.member,
      kind: entry.kind,
      recordId: entry.recordId === undefined ? null : shorten(entry.recordId, 100),
      summary: shorten(entry.summary, 400),
    })
    .execute();
}

/** Deletes what is older than the record keeps (an hourly chore). */
export async function forgetOldActivity(app: FastifyInstance, now = new Date()): Promise<number> {
  const before = timestamp(new Date(now.getTime() - app.config.activityKeepDays * 86_400_000));
  const result = await app.db.kysely.deleteFrom('activity').where('at', '<', before).executeTakeFirst();
  return Number(result.numDeletedRows);
}
