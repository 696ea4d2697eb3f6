import type { FastifyRequest } from 'fastify';
import { Type, type TSchema } from '@sinclair/typebox';

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
