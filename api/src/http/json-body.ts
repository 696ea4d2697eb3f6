import type { FastifyInstance } from 'fastify';
import { badRequest } from './errors';

/**
 * How deep a JSON body may nest objects and lists. The API's bodies nest a few levels; everything that
 * walks a body recursively (the Idempotency-Key's print, validation, the activity record, history)
 * would overflow the stack somewhere in the thousands, and answer 500.
 */
export const JSON_MAX_DEPTH = 32;
export const JSON_TOO_DEEP = `The request body nests too deeply: at most ${JSON_MAX_DEPTH} levels of objects and lists`;

const OPEN_OBJECT = 0x7b; // {
const OPEN_LIST = 0x5b; // [
const CLOSE_OBJECT = 0x7d; // }
const CLOSE_LIST = 0x5d; // ]
const QUOTE = 0x22; // "
const BACKSLASH = 0x5c; // \

/**
 * Whether JSON text nests objects and lists deeper than `max`, in one pass over its characters and
 * without parsing it: brackets inside strings are text. Malformed text is left to JSON.parse.
 */
export function nestsDeeperThan(text: string, max: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === BACKSLASH) i++;
      else if (c === QUOTE) inString = false;
    } else if (c === QUOTE) inString = true;
    else if (c === OPEN_OBJECT || c === OPEN_LIST) {
      if (++depth > max) return true;
    } else if (c === CLOSE_OBJECT || c === CLOSE_LIST) depth--;
  }
  return false;
}

/**
 * Every JSON body of every route: refused (400, in words) when it nests past JSON_MAX_DEPTH, before
 * anything parses or walks it; otherwise Fastify's own parser (its __proto__ and constructor checks).
 * Call on the root instance before any route, so that every plugin inherits it.
 */
export function registerJsonBody(app: FastifyInstance): void {
  const { onProtoPoisoning = 'error', onConstructorPoisoning = 'error' } = app.initialConfig;
  const parse = app.getDefaultJsonParser(onProtoPoisoning, onConstructorPoisoning);
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = body as string;
    if (nestsDeeperThan(text, JSON_MAX_DEPTH)) return done(badRequest(JSON_TOO_DEEP), undefined);
    return parse(request, text, done);
  });
}
