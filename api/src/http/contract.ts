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
    Object.entries(properties).map(([name, schema]) => [name, { ...plainText(schema), title: words[name as keyof P] }]),
  ) as P;
  return Type.Object(titled, { ...options, $id: id, additionalProperties: false }) as Named<TObject<P>>;
}

/**
 * Control characters other than tab, LF and CR. Refused in every text a write accepts: they have no
 * place in the product's texts, and PostgreSQL cannot store NUL at all.
 */
export const NO_CONTROL_CHARACTERS = '^[^\\u0000-\\u0008\\u000B\\u000C\\u000E-\\u001F\\u007F]*$';
const CONTROL_CHARACTER = new RegExp(NO_CONTROL_CHARACTERS.replace('^[^', '[').replace(']*$', ']'), 'u');

export function hasControlCharacters(text: string): boolean {
  return CONTROL_CHARACTER.test(text);
}

/** The schema with every free text in it (not a list of values, not a file) refusing control characters. */
function plainText<T extends TSchema>(schema: T): T {
  const s = schema as TSchema & { anyOf?: TSchema[]; items?: TSchema; properties?: Record<string, TSchema> };
  if (s.type === 'string' && s.enum === undefined && s.pattern === undefined && s.format !== 'binary') {
    return { ...schema, pattern: NO_CONTROL_CHARACTERS };
  }
  if (s.anyOf) return { ...schema, anyOf: s.anyOf.map(plainText) };
  if (s.type === 'array' && s.items) return { ...schema, items: plainText(s.items) };
  if (s.type === 'object' && s.properties) {
    return {
      ...schema,
      properties: Object.fromEntries(Object.entries(s.properties).map(([name, inner]) => [name, plainText(inner)])),
    };
  }
  return schema;
}

/** What an answer carries. */
export function Entity<P extends TProperties>(id: string, properties: P, options: ObjectOptions = {}) {
  return Type.Object(properties, { ...options, $id: id }) as Named<TObject<P>>;
}

/**
 * A stored row as `entity` answers it: each of its properties is the row's column of that name (the
 * query layer names columns as the answers do, db/case.ts), but those `own` gives: what differs from
 * the row (a URL made from a stored name, a computed field, a renamed column, a narrower type). The
 * row's other columns stay out of the answer; one the entity needs and the row lacks is a type error.
 */
export function fromRow<T extends TObject, Own extends Partial<Static<T>> = object>(
  entity: T,
  row: Omit<Static<T>, keyof Own>,
  own?: Own,
): Static<T> {
  const column = row as Record<string, unknown>;
  const given: Record<string, unknown> = own ?? {};
  return Object.fromEntries(
    Object.keys(entity.properties).map((field) => [field, field in given ? given[field] : column[field]]),
  ) as Static<T>;
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

/**
 * The format of a currency: an ISO 4217 code ('NGN') as the JavaScript engine knows them (Intl), the
 * list the clients' currency pickers offer (shared/src/format/money.ts), with no table of our own.
 */
export const CURRENCY_FORMAT = 'currency-code';

const CURRENCY_CODES = new Set(Intl.supportedValuesOf('currency'));

export const isCurrencyCode = (text: string): boolean => CURRENCY_CODES.has(text);

/** A required ISO 4217 currency code; `maxLength` keeps the refusal of a long text in its usual words. */
export const CurrencyCode = (maxLength: number, options: StringOptions = {}) =>
  Type.String({
    description: 'An ISO 4217 currency code: NGN, GBP, EUR …',
    ...options,
    minLength: 1,
    maxLength,
    format: CURRENCY_FORMAT,
  });

/** A host name (letters, digits, hyphens, underscores; IDNs arrive as xn--), an IPv4 or a bracketed IPv6 address. */
const HOST_NAME =
  /^(?:[a-z0-9_](?:[a-z0-9_-]*[a-z0-9_])?)(?:\.[a-z0-9_](?:[a-z0-9_-]*[a-z0-9_])?)*\.?$|^\[[0-9a-f:.]+\]$/;

/**
 * An absolute http(s) address written out in full ("https:example.org" and "https:alert(1)" are
 * not), with a real host and nothing a browser would silently drop or reinterpret (spaces, control
 * characters, backslashes).
 */
export function isHttpUrl(text: string): boolean {
  if (!/^https?:\/\//i.test(text) || /[\s\\]/.test(text) || hasControlCharacters(text)) return false;
  try {
    const url = new URL(text);
    return (url.protocol === 'http:' || url.protocol === 'https:') && HOST_NAME.test(url.hostname);
  } catch {
    return false;
  }
}

/** The link as it is stored and sent: parsed and written out again (scheme and host lower case, unsafe characters escaped). */
export function normalisedLink(text: string): string {
  return new URL(text).href;
}

/** The input with every http-url field of its schema (valid already) normalised. */
export function withNormalisedLinks<T>(schema: TObject, input: T): T {
  const value = input as Record<string, unknown>;
  for (const [name, field] of Object.entries(schema.properties)) {
    if ((field as { format?: unknown }).format === HTTP_URL_FORMAT && typeof value[name] === 'string') {
      value[name] = normalisedLink(value[name]);
    }
  }
  return input;
}

/** ajv plugin (Fastify's `ajv.plugins`): the http-url format, and the currency-code one. */
export function httpUrlFormat<Ajv extends { addFormat(name: string, check: (text: string) => boolean): unknown }>(
  ajv: Ajv,
): Ajv {
  ajv.addFormat(HTTP_URL_FORMAT, isHttpUrl);
  ajv.addFormat(CURRENCY_FORMAT, isCurrencyCode);
  return ajv;
}
