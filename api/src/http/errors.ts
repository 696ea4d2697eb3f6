import { isDatabaseUnavailable } from '../db/unavailable';
import { closeAfterAnswer } from './connections';
import { CURRENCY_FORMAT, HTTP_URL_FORMAT, NO_CONTROL_CHARACTERS } from './contract';
import { REQUEST_ID_HEADER } from './request-id';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/** An error whose message is meant for the administrator; thrown from handlers and hooks. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

export const ADDRESS_PART_TOO_LONG = 'A part of the address is too long';

export const badRequest = (message: string) => new HttpError(400, message);
export const unauthorized = (message: string) => new HttpError(401, message);
export const forbidden = (message: string) => new HttpError(403, message);
export const notFound = (message: string) => new HttpError(404, message);

/** The 415 of a route that reads a multipart form (config `multipart: true`) sent something else. */
export const NOT_MULTIPART = 'The request body must be sent as multipart/form-data';

export const SERVER_ERROR_MESSAGE = 'Something went wrong on the server. Please try again later.';

/** Seconds a call refused while the database cannot be reached is told to wait. */
export const DATABASE_RETRY_AFTER_SECONDS = 10;

export const DATABASE_UNAVAILABLE = 'The database cannot be reached just now. Please try again in a minute.';

/** How often the cause of the 503s of a database away is logged at most (every call is, by request-log.ts). */
const DATABASE_LOG_EVERY_MS = 10_000;
const databaseLoggedAt = new WeakMap<FastifyInstance, number>();

interface AjvError {
  keyword: string;
  instancePath: string;
  params: Record<string, unknown>;
  message?: string;
  /** With ajv's `verbose`: the schema holding the failed keyword (the field's own, or the object's for 'required'). */
  parentSchema?: object;
}

interface TitledSchema {
  title?: unknown;
  properties?: Record<string, { title?: unknown } | undefined>;
}

/** The field in words: its schema's `title` ('Title', from Input's words), else its name. */
function fieldWords(error: AjvError, field: string, missing: string | undefined): string {
  if (field.includes('.')) return field;
  const schema = error.parentSchema as TitledSchema | undefined;
  const title = missing ? schema?.properties?.[missing]?.title : schema?.title;
  return typeof title === 'string' && title ? title : field;
}

const TYPE_WORDS: Record<string, string> = {
  string: 'text',
  number: 'a number',
  integer: 'a whole number',
  boolean: 'true or false',
  object: 'an object',
  array: 'a list',
};

/** Turns the first ajv error of a failed route schema into a sentence naming the field in words. */
export function validationMessage(errors: AjvError[], context: string | undefined): string {
  const error = errors[0];
  if (!error) return 'The request is not valid';
  const path = error.instancePath.replace(/^\//, '').replace(/\//g, '.');
  const missing = typeof error.params.missingProperty === 'string' ? error.params.missingProperty : undefined;
  const name = missing ? (path ? `${path}.${missing}` : missing) : path;
  const field = name && fieldWords(error, name, missing);

  if (error.keyword === 'additionalProperties') {
    const unknown = String(error.params.additionalProperty);
    return `${path ? `${path}.${unknown}` : unknown} is not a field this request accepts`;
  }
  if (!field) {
    if (error.keyword === 'type' && context === 'body') return 'The request body must be a JSON object';
    return `The request ${context ?? 'input'} is not valid`;
  }
  const limit = error.params.limit;
  switch (error.keyword) {
    case 'required':
      return `${field} is required`;
    case 'minLength':
      // Text fields are trimmed before validation, so "at least 1 character" means "left empty".
      return limit === 1 ? `${field} is required` : `${field} must be at least ${String(limit)} characters long`;
    case 'maxLength':
      return `${field} must be at most ${String(limit)} characters long`;
    case 'format':
      if (error.params.format === 'email') return `${field} must be a valid email address`;
      if (error.params.format === HTTP_URL_FORMAT)
        return `${field} must be a valid URL starting with http:// or https://`;
      if (error.params.format === CURRENCY_FORMAT)
        return `${field} must be an ISO 4217 currency code, like NGN, GHS or EUR`;
      return `${field} must be a valid ${String(error.params.format)}`;
    case 'type':
      return `${field} must be ${TYPE_WORDS[String(error.params.type)] ?? String(error.params.type)}`;
    case 'minimum':
      return `${field} must be at least ${String(limit)}`;
    case 'maximum':
      return `${field} must be at most ${String(limit)}`;
    case 'maxItems':
      return `${field} must have at most ${String(limit)} items`;
    case 'enum':
      return `${field} must be one of: ${(error.params.allowedValues as unknown[]).join(', ')}`;
    case 'pattern':
      if (error.params.pattern === NO_CONTROL_CHARACTERS) return `${field} must not contain control characters`;
      return `${field} is not in the expected format`;
    default:
      return `${field} ${error.message ?? 'is not valid'}`;
  }
}

// Fastify's own request errors, reworded for an administrator.
const FASTIFY_MESSAGES: Record<string, string> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'The request body is not valid JSON',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'The request body is empty but was sent as JSON',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'This kind of request body is not accepted here; send JSON',
  FST_ERR_CTP_BODY_TOO_LARGE: 'The request body is too large',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'The request body does not match its declared length',
};

/** Every failure answers `{ message }`; only unexpected errors (bugs) become a logged 500. */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError & { validation?: AjvError[] }, request, reply) => {
    if (error.validation) {
      return reply.code(400).send({ message: validationMessage(error.validation, error.validationContext) });
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      const multipartRoute = request.routeOptions.config?.multipart === true;
      const message =
        error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE' && multipartRoute
          ? NOT_MULTIPART
          : (error.code && FASTIFY_MESSAGES[error.code]) || error.message || 'The request is not valid';
      // A body too large is not read to its end: the connection closes after the answer.
      if (status === 413) closeAfterAnswer(request, reply);
      return reply.code(status).send({ message });
    }
    // A 503 the server chose (load shedding) says so in words; it is not a bug.
    if (error instanceof HttpError && status === 503) return reply.code(503).send({ message: error.message });
    // Nor is a database away (PostgreSQL stopped or restarting): the call can be made again in a moment.
    if (isDatabaseUnavailable(error)) {
      const now = Date.now();
      if (now - (databaseLoggedAt.get(request.server) ?? 0) >= DATABASE_LOG_EVERY_MS) {
        databaseLoggedAt.set(request.server, now);
        request.log.error(`the database cannot be reached: ${error.message || error.code}`);
      }
      reply.header('Retry-After', String(DATABASE_RETRY_AFTER_SECONDS));
      return reply.code(503).send({ message: DATABASE_UNAVAILABLE });
    }
    request.log.error({ err: error }, 'request failed');
    return reply.code(status >= 500 && status < 600 ? status : 500).send({ message: SERVER_ERROR_MESSAGE });
  });
}

export function sendNotFound(request: FastifyRequest, reply: FastifyReply) {
  const path = request.url.split('?')[0];
  const message = path.startsWith('/api/')
    ? `There is no API call ${request.method} ${path}`
    : `Nothing was found at ${path}`;
  return reply.code(404).send({ message });
}

/** Errors the router raises before any route or hook runs (Fastify's `frameworkErrors` option). */
export function frameworkErrors(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  const messages: Record<string, [number, string]> = {
    FST_ERR_BAD_URL: [400, 'The address is not valid (a part of it is wrongly encoded)'],
    FST_ERR_MAX_PARAM_LENGTH: [414, ADDRESS_PART_TOO_LONG],
  };
  const known = error.code ? messages[error.code] : undefined;
  if (!known) request.log.error({ err: error }, 'router failed');
  const [status, message] = known ?? [500, SERVER_ERROR_MESSAGE];
  // No hook runs before the router fails: the id is sent from here.
  void reply.code(status).header(REQUEST_ID_HEADER, request.id).send({ message });
}
