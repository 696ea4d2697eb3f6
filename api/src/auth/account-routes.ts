import type { RouteOptions } from 'fastify';
import { Type, type Static, type TObject, type TSchema } from '@sinclair/typebox';
import type { ActivityKind, RecordedActivity } from '../activity/record';
import { bearerSecurity, ownAccount } from './guard';
import { TRASH_ENTRY_DESCRIPTION } from '../trash/header';
import { ref, type Named } from '../http/contract';
import { PagedFields, PagingQuery, pagingOf, type GrowingListAnswers, type ListFilter } from '../http/paging';
import { SortParameter, type Sortable } from '../http/sorting';
import { errorResponses, trimFields } from '../http/validation';

// The routes of a signed-in member's own account: the path that names it, and the writes that take a
// record as a JSON body, the deletes of one record by its id, and the lists of what the mobile app sends.

/** The path of a write names the account of the member who makes it (auth/guard.ts checks it is theirs)… */
export const UserParams = Type.Object({ userId: Type.String({ description: "The administrator's _id" }) });
/** …and, for an edit or a delete, the record's id. */
export const RecordParams = Type.Object({
  userId: Type.String({ description: "The administrator's _id" }),
  id: Type.String(),
});

/**
 * The options of an add or an edit that takes a record's fields as a JSON body, on the member's own
 * account: recorded in Settings → Activity as a write of `kind`, its text fields trimmed before the body
 * is checked against the contract's schema.
 */
export function jsonWrite<
  Params extends TObject,
  Body extends Named<TObject>,
  Response extends Record<number, TSchema>,
>(write: {
  kind: ActivityKind;
  tags: string[];
  summary: string;
  params: Params;
  body: Body;
  /** The fields trimmed of surrounding white space. */
  trimmed: readonly string[];
  response: Response;
  /** Bytes, when the body may be larger than the server's default limit. */
  bodyLimit?: number;
}) {
  return {
    config: { activity: { kind: write.kind } },
    onRequest: ownAccount,
    preValidation: trimFields(...write.trimmed),
    ...(write.bodyLimit === undefined ? {} : { bodyLimit: write.bodyLimit }),
    schema: {
      tags: write.tags,
      summary: write.summary,
      security: bearerSecurity,
      params: write.params,
      body: ref(write.body),
      response: write.response,
    },
  };
}

/**
 * The options of a delete of one record by its id, on the member's own account: recorded in Settings →
 * Activity with the record's name, read from `nameFrom` before the record goes; answered in words, the
 * record moved to the trash.
 */
export function recordDelete(remove: {
  kind: ActivityKind;
  nameFrom: NonNullable<RecordedActivity['nameFrom']>;
  tags: string[];
  summary: string;
}) {
  return {
    config: { activity: { kind: remove.kind, nameFrom: remove.nameFrom } },
    onRequest: ownAccount,
    schema: {
      tags: remove.tags,
      summary: remove.summary,
      description: TRASH_ENTRY_DESCRIPTION,
      security: bearerSecurity,
      params: RecordParams,
      response: { 200: Type.Object({ message: Type.String() }), ...errorResponses(401, 403, 404) },
    },
  };
}

/**
 * The GET of a list that grows with what the mobile app sends, read by a member on their own account:
 * the whole list, or a page of it (?page=&limit=&q=&sort=) with the total, from `answers`.
 */
export function growingListRoute<Row>(
  url: string,
  answers: GrowingListAnswers<Row>,
  list: { tags: string[]; summary: string; entity: Named<TObject>; filter?: ListFilter; sortable: Sortable },
): RouteOptions {
  const { filter, sortable } = list;
  const querystring = Type.Object(
    {
      ...PagingQuery.properties,
      ...(filter ? { [filter.name]: Type.Optional(filter.schema) } : {}),
      sort: Type.Optional(SortParameter(sortable)),
    },
    { additionalProperties: false },
  );
  return {
    method: 'GET',
    url,
    onRequest: ownAccount,
    // Answers are compressed once and kept (GrowingListAnswers), not at every request.
    compress: false,
    schema: {
      tags: list.tags,
      summary: list.summary,
      security: bearerSecurity,
      params: UserParams,
      querystring,
      response: {
        200: Type.Object({ message: Type.String(), data: Type.Array(ref(list.entity)), ...PagedFields }),
        ...errorResponses(401, 403),
      },
    },
    handler: async (request, reply) =>
      answers.send(request, reply, pagingOf(request.query as Static<typeof PagingQuery>, filter, sortable)),
  };
}
