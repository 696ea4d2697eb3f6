import type { FastifyRequest } from 'fastify';
import { Type, type TSchema } from '@sinclair/typebox';
import { badRequest } from './errors';

/** The body of every error answer. */
export const ErrorResponse = Type.Object(
  { message: Type.String() },
  { description: 'What went wrong, in words for the administrator' },
);

/** Route-schema responses for the errors a route can answer with, for the OpenAPI document. */
export function errorResponses(...codes: number[]): Record<number, TSchema> {
  return Object.fromEntries(codes.map((code) => [code, ErrorResponse]));
}

/**
 * preValidation hook: trims the named text fields of a JSON body, so that "  " fails `minLength: 1`
 * ("… is required") and stored values carry no stray spaces.
 */
export function trimFields(...fields: string[]) {
  return async (request: FastifyRequest): Promise<void> => {
    const body = request.body as Record<string, unknown> | null | undefined;
    if (!body || typeof body !== 'object') return;
    for (const field of fields) {
      const value = body[field];
      if (typeof value === 'string') body[field] = value.trim();
    }
  };
}

// Checks of form fields read by hand (multipart forms are not validated by the route schema).
// Each throws a 400 naming the field, worded like the schema validation's messages.

/** Trimmed text, required and at most `max` characters long. */
export function requiredText(value: string | undefined, field: string, max: number): string {
  const text = value?.trim() ?? '';
  if (!text) throw badRequest(`${field} is required`);
  if (text.length > max) throw badRequest(`${field} must be at most ${max} characters long`);
  return text;
}

/** A required http(s) address of at most `max` characters. */
export function httpUrl(value: string | undefined, field: string, max: number): string {
  const text = requiredText(value, field, max);
  let url: URL | undefined;
  try {
    url = new URL(text);
  } catch {
    url = undefined;
  }
  if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:') || !url.hostname || /\s/.test(text)) {
    throw badRequest(`${field} must be a valid URL starting with http:// or https://`);
  }
  return text;
}

/** A required value out of a fixed list (compared after trimming, exactly). */
export function oneOf<T extends string>(value: string | undefined, field: string, allowed: readonly T[]): T {
  const text = value?.trim() ?? '';
  if (!text) throw badRequest(`${field} is required`);
  if (!(allowed as readonly string[]).includes(text))
    throw badRequest(`${field} must be one of: ${allowed.join(', ')}`);
  return text as T;
}
