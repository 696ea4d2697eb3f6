import { Type, type TObject, type TSchema } from '@sinclair/typebox';
import type { ActivityKind } from '../activity/record';
import { bearerSecurity, ownAccount } from '../auth/guard';
import { ref, type Named } from './contract';
import { trimFields } from './validation';

// The routes of a signed-in member's own account: the path that names it, and the writes that take a
// record as a JSON body.

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
