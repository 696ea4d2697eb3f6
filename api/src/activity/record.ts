import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import { isId, newId, timestamp } from '../db/ids';
import type { Db } from '../db/database';
import type { Database } from '../db/schema';
import { addRouteHooks, needsSession, reads } from '../http/route-hooks';

/** The kind of record a write's path is about, most specific first. */
const KINDS: [RegExp, string][] = [
  [/\/reflection\/image\//, 'reflection image'],
  [/\/prayer\/request/, 'prayer request'],
  [/reading/, 'Bible reading'],
  [/book/, 'book'],
  [/stream/, 'live stream'],
  [/adult\/reflection/, 'adult reflection'],
  [/children\/reflection/, 'children reflection'],
  [/group/, 'group'],
  [/donation/, 'donation'],
  [/\/(add|edit|delete)\/account\//, 'bank account'],
  [/prayer/, 'Section A prayer'],
  [/about/, 'About Us'],
  [/^\/api\/v1\/team/, 'team'],
  [/^\/api\/v1\/account/, 'account'],
];

export const ACTIVITY_KINDS = [...new Set(KINDS.map(([, kind]) => kind))];

export const kindOf = (path: string) => KINDS.find(([words]) => words.test(path))?.[1];

/**
 * Where a record of each kind keeps its name, for the writes whose answer does not carry the record:
 * a delete (looked up before the record goes) and a team member's new link.
 */
const NAME_COLUMNS: Partial<Record<string, { table: keyof Database; column: string }>> = {
  book: { table: 'books', column: 'book_name' },
  'live stream': { table: 'streams', column: 'name' },
  'Bible reading': { table: 'readings', column: 'passage' },
  'adult reflection': { table: 'reflections', column: 'topic' },
  'children reflection': { table: 'reflections', column: 'topic' },
  group: { table: 'groups', column: 'group_name' },
  donation: { table: 'donations', column: 'donation_name' },
  'bank account': { table: 'bank_accounts', column: 'bank_name' },
  'Section A prayer': { table: 'prayers', column: 'title' },
  'prayer request': { table: 'prayer_requests', column: 'request' },
  team: { table: 'admins', column: 'name' },
};

/** The fields that name a record in the answers, in the order they are looked for. */
const NAME_FIELDS = ['bookName', 'groupName', 'donationName', 'bankName', 'name', 'title', 'topic', 'passage', 'email'];

function verbOf(method: string, path: string): string {
  if (/\/import\//.test(path)) return 'Imported';
  if (method === 'DELETE' || /\/delete\//.test(path)) return 'Deleted';
  if (method === 'PUT' || /\/edit\//.test(path)) return 'Edited';
  return 'Added';
}

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
function summarise(
  method: string,
  path: string,
  kind: string,
  name: string | undefined,
  body: unknown,
  data: unknown,
): string {
  const named = name ? ` “${shorten(name, 80)}”` : '';
  const counted = (data ?? {}) as { deleted?: number; signedOut?: number };
  if (kind === 'account') {
    if (path.endsWith('/two-factor/setup')) return 'Started setting up two-factor sign-in';
    if (path.endsWith('/two-factor/enable')) return 'Turned on two-factor sign-in';
    if (path.endsWith('/two-factor/disable')) return 'Turned off two-factor sign-in';
    if (path.endsWith('/password')) return 'Changed their password';
    if (path.endsWith('/sessions')) return `Signed out all their other sessions (${counted.signedOut ?? 0})`;
    if (path.includes('/sessions/')) return 'Signed out another session of theirs';
    return 'Saved their profile';
  }
  if (kind === 'prayer request' && /\/all\/prayer\/request\//.test(path)) {
    return `Deleted every prayer request (${counted.deleted ?? 0})`;
  }
  if (kind === 'team') {
    if (path.endsWith('/two-factor'))
      return (body as { required?: boolean } | undefined)?.required
        ? 'Required two-factor sign-in for every Admin'
        : 'Stopped requiring two-factor sign-in for Admins';
    if (path.endsWith('/link')) return `Made a password link for a member${named}`;
    if (method === 'POST') return `Added a member${named}`;
    const change = body as { role?: string; active?: boolean } | undefined;
    if (change?.active === false) return `Deactivated a member${named}`;
    if (change?.active === true) return `Reactivated a member${named}`;
    return `Changed the role of a member${named}${change?.role ? ` to ${change.role}` : ''}`;
  }
  if (kind === 'Bible reading' && /\/import\//.test(path)) {
    const count = (body as { readings?: unknown[] } | undefined)?.readings?.length;
    return `Imported ${count ?? 'the'} Bible readings`;
  }
  return `${verbOf(method, path)} ${kind}${named}`;
}

function nameIn(data: unknown): string | undefined {
  if (!data || typeof data !== 'object') return undefined;
  const record = data as Record<string, unknown>;
  for (const field of NAME_FIELDS) if (typeof record[field] === 'string' && record[field]) return record[field];
  return undefined;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Set for a write that succeeded: the record its answer carried, for the activity record. */
    answered?: unknown;
    /** The name of the record a write names by its id, read before the write (a delete's record goes). */
    recordName?: string;
  }
}

/** The id a write's path names (`:id`, or the books' `:bookId`). */
function idIn(params: unknown): string | undefined {
  const { id, bookId } = (params ?? {}) as Record<string, unknown>;
  return [id, bookId].find((value): value is string => typeof value === 'string');
}

/**
 * Records every successful write of a signed-in member (Settings → Activity): who, when, what kind of
 * record, which one, and a line saying what was done. Written after the answer is sent; a failure to
 * record is logged, never the member's problem. Only the write routes that need a session carry its
 * hooks.
 */
export function recordActivity(app: FastifyInstance): void {
  app.decorateRequest('answered', undefined);
  addRouteHooks(app, (route) => !reads(route) && needsSession(route), {
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
    // Before the write, while the record is there: the name of the record it names by id. Only for the
    // writes whose answer does not carry the record (deletes, a member's new link); an edit's does.
    preHandler: async (request: FastifyRequest) => {
      const id = idIn(request.params);
      const path = request.url.split('?')[0]!;
      const named = NAME_COLUMNS[kindOf(path) ?? ''];
      // A malformed id names no record (the route answers 404): it never reaches a query.
      if (!isId(id) || !named || !request.admin) return;
      if (verbOf(request.method, path) !== 'Deleted' && !path.endsWith('/link')) return;
      const row = (await app.db.kysely
        .selectFrom(named.table)
        .select(sql.ref<string>(named.column).as('name'))
        .$if(named.table === 'admins', (query) => query.select('email'))
        .where('_id', '=', id)
        .executeTakeFirst()) as { name?: string; email?: string } | undefined;
      request.recordName = row?.name || row?.email || undefined;
    },
    onResponse: (request: FastifyRequest, reply: FastifyReply, done: () => void) => {
      const admin = request.admin;
      if (admin && reply.statusCode < 400) void write(request, admin);
      done();
    },
  });
  const write = async (request: FastifyRequest, admin: NonNullable<FastifyRequest['admin']>) => {
    const path = request.url.split('?')[0]!;
    const kind = kindOf(path);
    if (!kind) return;
    const data = request.answered;
    const recordId =
      (data && typeof data === 'object' && typeof (data as { _id?: unknown })._id === 'string'
        ? (data as { _id: string })._id
        : undefined) ?? idIn(request.params);
    try {
      await addActivity(app.db, {
        adminId: admin._id,
        member: admin.name || admin.email,
        kind,
        recordId,
        summary: summarise(request.method, path, kind, nameIn(data) ?? request.recordName, request.body, data),
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
      admin_id: entry.adminId,
      member: entry.member,
      kind: entry.kind,
      record_id: entry.recordId === undefined ? null : shorten(entry.recordId, 100),
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
