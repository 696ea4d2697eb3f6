import type { FastifyInstance } from 'fastify';
import {
  Type,
  type ObjectOptions,
  type Static,
  type StringOptions,
  type TObject,
  type TProperties,
  type TSchema,
} from '@sinclair/typebox';

// The contract of the API is written once, here on the server, as TypeBox schemas:
// - the routes validate requests and serialise answers with them;
// - the server's own types are derived from them (Static<typeof Book>);
// - named schemas become components of GET /api/v1/openapi.json, from which `npm run contract`
//   generates the clients' types and the values their forms need (api/contract/).

/** A schema with a name: a component of the OpenAPI document and a type of the generated client. */
export type Named<T extends TSchema = TSchema> = T & { $id: string };

/**
 * What a write accepts: exactly these properties (an unknown one is refused with a 400 naming it,
 * never stored or silently dropped). JSON bodies and multipart text fields alike. `words` names each
 * field as the forms do ('Title', not bookName): its `title`, which the 400s use ('Title is required').
 */
export function Input<P extends TProperties>(
  id: string,
  properties: P,
  words: { readonly [K in keyof P]: string },
  options: ObjectOptions = {},
) {
  const titled = Object.fromEntries(
    Object.entries(properties).map(([name, schema]) => [name, { ...schema, title: words[name as keyof P] }]),
  ) as P;
  return Type.Object(titled, { ...options, $id: id, additionalProperties: false }) as Named<TObject<P>>;
}

/** What an answer carries. */
export function Entity<P extends TProperties>(id: string, properties: P, options: ObjectOptions = {}) {
  return Type.Object(properties, { ...options, $id: id }) as Named<TObject<P>>;
}

/** A reference to a named schema, typed as the schema itself (register it with addSchemas). */
export function ref<T extends Named>(schema: T) {
  return Type.Unsafe<Static<T>>(Type.Ref(schema.$id));
}

/** Makes named schemas known to the routes of this scope (and to the OpenAPI document). */
export function addSchemas(app: FastifyInstance, ...schemas: Named[]): void {
  for (const schema of schemas) app.addSchema(schema);
}

/** A text out of a fixed list (an `enum`, so that ajv's message and the generated type list the values). */
export function OneOf<T extends string>(values: readonly T[], options: StringOptions = {}) {
  return Type.Unsafe<T>({ ...options, type: 'string', enum: [...values] });
}

/** The format of a link the administrator types: an absolute http(s) address without spaces. */
export const HTTP_URL_FORMAT = 'http-url';

/** Required text of at most `maxLength` characters (trimmed first, so "  " is "… is required"). */
export const RequiredText = (maxLength: number, options: StringOptions = {}) =>
  Type.String({ ...options, minLength: 1, maxLength });

/** A required http(s) address of at most `maxLength` characters. */
export const HttpUrl = (maxLength: number, options: StringOptions = {}) =>
  Type.String({ description: 'An http(s) address', ...options, minLength: 1, maxLength, format: HTTP_URL_FORMAT });

export function isHttpUrl(text: string): boolean {
  if (/\s/.test(text)) return false;
  try {
    const url = new URL(text);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
  } catch {
    return false;
  }
}

/** ajv plugin (Fastify's `ajv.plugins`): the http-url format. */
export function httpUrlFormat<Ajv extends { addFormat(name: string, check: (text: string) => boolean): unknown }>(
  ajv: Ajv,
): Ajv {
  ajv.addFormat(HTTP_URL_FORMAT, isHttpUrl);
  return ajv;
}
