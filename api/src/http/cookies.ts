import type { FastifyReply, FastifyRequest } from 'fastify';
import { parse, serialize } from 'cookie';

/** A cookie of the request, by name (undefined when absent or empty). */
export function readCookie(request: FastifyRequest, name: string): string | undefined {
  const header = request.headers.cookie;
  if (!header) return undefined;
  return parse(header)[name] || undefined;
}

/**
 * Sets a cookie only the server reads (HttpOnly, SameSite=Lax, the whole origin), Secure when the
 * request came over HTTPS; `maxAgeSeconds` 0 removes it.
 */
export function setServerCookie(
  request: FastifyRequest,
  reply: FastifyReply,
  name: string,
  value: string,
  maxAgeSeconds: number,
): void {
  const cookie = serialize(name, value, {
    path: '/',
    maxAge: maxAgeSeconds,
    httpOnly: true,
    sameSite: 'lax',
    secure: request.protocol === 'https',
  });
  const existing = reply.getHeader('Set-Cookie');
  const all = existing === undefined ? [] : Array.isArray(existing) ? existing : [String(existing)];
  reply.header('Set-Cookie', [...all, cookie]);
}
