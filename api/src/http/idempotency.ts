import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import { Type } from '@sinclair/typebox';
import { timestamp } from '../db/ids';
import type { Db } from '../db/database';
import type { IdempotencyKeysTable } from '../db/schema';
import { WriteScope } from '../db/write-scope';
import { badRequest, HttpError } from './errors';
import { errorResponses } from './validation';
import { addRouteHooks, reads } from './route-hooks';

/**
 * Writes safe to retry. A POST, PUT or DELETE sent with an `Idempotency-Key` header runs in one write
 * scope (db/write-scope.ts) with a note of its key, of what was asked and of the answer given, committed
 * together. The same key with the same request, within a day, answers that answer again without writing
 * twice, whoever sends it and however the sendings interleave: the key's row is the one that lands. The
 * same key with another request is refused. A crash before the commit leaves neither the write nor the
 * note (the retry writes); after it, both (the retry gets the answer).
 *
 * Only successful answers are kept: a refused write changed nothing, so its retry is simply asked again.
 * Keys are per member (the mobile app's calls share one owner, 'public'), so one member's key never
 * answers another's request.
 */
export const IDEMPOTENCY_HEADER = 'idempotency-key';
/** How long an answer is kept for its retries. */
export const IDEMPOTENCY_KEEP_MS = 24 * 3_600_000;

export const idempotencyMessages = {
  badKey: 'The Idempotency-Key header must be 1 to 255 characters: letters, digits and punctuation, without spaces',
  otherRequest: 'This Idempotency-Key was already used for a different request. Send a new key with a new request.',
};

/** 1–255 visible ASCII characters (a UUID, a ULID or any opaque token of the client's). */
const KEY = /^[\x21-\x7e]{1,255}$/;
const PUBLIC_OWNER = 'public';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * false: the answer carries a secret (a session token, an authenticator's key, recovery codes), so it
     * is never kept; a key sent with it is checked and the request is simply answered. For calls whose
     * retry answered anew does no harm (a new session; a new link or key that replaces the last).
     *
     * { once }: the answer carries the secret of something that lives on (a deploy token), so a retry
     * must neither make a second one nobody saw nor find the secret stored here (the table, its WAL and
     * every backup would then hold a live credential the rest of the server keeps only hashed). The key
     * is noted with the write as any other, without the answer: a retry of it is refused (409) with
     * these words, and nothing is made twice.
     */
    replayable?: boolean | { once: string };
  }
  interface FastifyRequest {
    /** What a multipart form said (uploads/form.ts), the same for every sending of it. */
    bodyDigest?: string;
    /** Set while a write sent with a key runs. */
    keyed?: KeyedWrite;
  }
}

type OnSendDone = (error: Error | null, payload?: unknown) => void;

interface KeyedWrite {
  owner: string;
  key: string;
  scope: WriteScope;
}

type KeptAnswer = Pick<IdempotencyKeysTable, 'request' | 'status' | 'contentType' | 'body'>;

/**
 * JSON of a parsed body with every object's keys sorted: the same for the same values, whatever order
 * the client wrote them in (a list keeps its order, which means something). Bodies nest at most
 * JSON_MAX_DEPTH levels (json-body.ts), so the recursion is bounded.
 */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map((item) => canonicalJson(item ?? null)).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.keys(value)
      .sort()
      .flatMap((key) => {
        const inner = (value as Record<string, unknown>)[key];
        return inner === undefined ? [] : [`${JSON.stringify(key)}:${canonicalJson(inner)}`];
      });
    return `{${entries.join(',')}}`;
  }
  return JSON.stringify(value ?? null);
}

/** sha-256 of the method, the URL and what the body said; undefined while a form is still unread. */
function requestPrint(request: FastifyRequest): string | undefined {
  const multipart = /^multipart\//i.test(request.headers['content-type'] ?? '');
  const body = multipart ? request.bodyDigest : canonicalJson(request.body);
  if (body === undefined) return undefined;
  return createHash('sha256').update(`${request.method} ${request.url}\n${body}`).digest('hex');
}

const keptSince = () => timestamp(new Date(Date.now() - IDEMPOTENCY_KEEP_MS));

async function findKept(db: Db, owner: string, key: string): Promise<KeptAnswer | undefined> {
  return await db.kysely
    .selectFrom('idempotencyKeys')
    .select(['request', 'status', 'contentType', 'body'])
    .where('owner', '=', owner)
    .where('key', '=', key)
    .where('createdAt', '>=', keptSince())
    .executeTakeFirst();
}

/** The kept answer again, or the refusal of a key used for another request. */
function answerKept(reply: FastifyReply, kept: KeptAnswer, print: string | undefined): string {
  if (print !== kept.request) {
    reply.code(422).type('application/json; charset=utf-8');
    return JSON.stringify({ message: idempotencyMessages.otherRequest });
  }
  reply.code(kept.status).header('idempotent-replayed', 'true');
  if (kept.contentType) reply.type(kept.contentType);
  return kept.body;
}

/** Deletes the answers kept longer than a day (an hourly chore). */
export async function forgetOldIdempotencyKeys(db: Db): Promise<number> {
  const result = await db.kysely.deleteFrom('idempotencyKeys').where('createdAt', '<', keptSince()).executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** Call before any route is declared: the write routes of the API get the key's hooks as they are. */
export function registerIdempotency(app: FastifyInstance, prefix: string): void {
  const { db } = app;
  app.decorateRequest('bodyDigest', undefined);
  app.decorateRequest('keyed', undefined);
  const writes = (route: RouteOptions) => !reads(route) && route.url.startsWith(`${prefix}/`);

  // The handler runs inside the write's scope: every query it makes, through any transaction.
  app.addHook('onRoute', (route) => {
    if (!writes(route)) return;
    const replayable = route.config?.replayable ?? true;
    // Documented on every write; the hook below checks it, in words (the schema accepts any text).
    route.schema = {
      ...route.schema,
      headers: Type.Object({
        [IDEMPOTENCY_HEADER]: Type.Optional(
          Type.String({
            title: 'Idempotency-Key',
            description:
              replayable === false
                ? 'Accepted and checked (1–255 visible characters); this answer is never kept, so a retry is answered anew'
                : replayable === true
                  ? 'One key per write attempt (1–255 visible characters, e.g. a UUID). Sent again with the same request within 24 hours, the first answer comes back (header Idempotent-Replayed: true) and nothing is written twice; with another request, 422.'
                  : 'One key per write attempt (1–255 visible characters, e.g. a UUID). The answer carries a secret shown once and never kept: sent again within 24 hours, the same request is refused (409, header Idempotent-Replayed: true) and nothing is made twice; another request, 422.',
          }),
        ),
      }),
      response: {
        // The key's own refusals: a malformed key, a key already used for another request, and the
        // retry of an answer given once.
        ...errorResponses(
          400,
          ...(replayable === false ? [] : [422]),
          ...(typeof replayable === 'object' ? [409] : []),
        ),
        ...(route.schema?.response as object | undefined),
      },
    };
    const handler = route.handler;
    route.handler = function keyedHandler(this: FastifyInstance, request, reply) {
      const keyed = request.keyed;
      return keyed ? keyed.scope.run(() => handler.call(this, request, reply)) : handler.call(this, request, reply);
    };
  });

  addRouteHooks(app, writes, {
    // After the route's own hooks (the session): the owner is known.
    preHandler: async (request: FastifyRequest, reply: FastifyReply) => {
      const key = request.headers[IDEMPOTENCY_HEADER];
      if (key === undefined) return;
      if (typeof key !== 'string' || !KEY.test(key)) throw badRequest(idempotencyMessages.badKey);
      if (request.routeOptions.config.replayable === false) return;
      const owner = request.admin?._id ?? PUBLIC_OWNER;
      // A form is known only once read: its retry runs, and the note decides at the end.
      const print = requestPrint(request);
      if (print !== undefined) {
        const kept = await findKept(db, owner, key);
        if (kept) return reply.send(answerKept(reply, kept, print));
      }
      request.keyed = { owner, key, scope: new WriteScope() };
    },
    onResponse: async (request: FastifyRequest) => {
      // An answer that never went through onSend (the connection closed): nothing of it is kept.
      if (request.keyed && !request.keyed.scope.isOver) await request.keyed.scope.rollback();
    },
  });

  // The writes' first onSend hook, as a root hook would be (before the activity's, before the
  // compression's: the kept answer is the one serialised, not a compressed stream), yet on the writes
  // alone: the reads, most of the traffic, then have no onSend hook to run at all.
  const keepAnswer = (request: FastifyRequest, reply: FastifyReply, payload: unknown, done: OnSendDone) => {
    const keyed = request.keyed;
    if (!keyed || keyed.scope.isOver) return done(null, payload);
    keep(request, reply, payload, keyed).then((sent) => done(null, sent), done);
  };
  app.addHook('onRoute', (route) => {
    if (!writes(route)) return;
    route.onSend = [keepAnswer, ...(route.onSend === undefined ? [] : [route.onSend].flat())];
  });

  const keep = async (
    request: FastifyRequest,
    reply: FastifyReply,
    payload: unknown,
    { scope, owner, key }: KeyedWrite,
  ): Promise<unknown> => {
    const print = requestPrint(request);
    const { replayable } = request.routeOptions.config;
    try {
      const succeeded = reply.statusCode >= 200 && reply.statusCode < 300;
      if (succeeded && print !== undefined && (payload === null || typeof payload === 'string')) {
        // An answer given once is noted as the refusal its retries get, never with its secret.
        const once = typeof replayable === 'object';
        const kept = once
          ? { status: 409, type: 'application/json; charset=utf-8', body: JSON.stringify({ message: replayable.once }) }
          : { status: reply.statusCode, type: String(reply.getHeader('content-type') ?? ''), body: payload ?? '' };
        const landed = await scope.run(async () => {
          // A day-old note of the same key no longer holds: the key starts afresh.
          await db.kysely
            .deleteFrom('idempotencyKeys')
            .where('owner', '=', owner)
            .where('key', '=', key)
            .where('createdAt', '<', keptSince())
            .execute();
          const inserted = await db.kysely
            .insertInto('idempotencyKeys')
            .values({
              owner,
              key,
              request: print,
              status: kept.status,
              contentType: kept.type || null,
              body: kept.body,
              createdAt: timestamp(),
            })
            .onConflict((conflict) => conflict.columns(['owner', 'key']).doNothing())
            .executeTakeFirst();
          return Number(inserted.numInsertedOrUpdatedRows ?? 0) === 1;
        });
        if (landed) {
          await scope.commit();
          return payload;
        }
      }
      // Not kept: undone. If another sending of the key landed (the first, whose answer was lost),
      // its answer is this one's too.
      await scope.rollback();
      const kept = await findKept(db, owner, key);
      return kept && print !== undefined ? answerKept(reply, kept, print) : payload;
    } catch (error) {
      await scope.rollback().catch(() => undefined);
      request.log.error({ err: error }, 'a write sent with an Idempotency-Key could not be committed');
      throw new HttpError(500, 'The change could not be saved. Please try again.');
    }
  };
}
