import type { FastifyRequest } from 'fastify';
import { forbidden, unauthorized } from '../http/errors';
import { isReadRequest } from '../http/route-hooks';
import { can, refusal, type Permission } from './permissions';
import { findAdminByToken, type AuthenticatedAdmin } from './tokens';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by requireAdmin: the administrator the bearer token belongs to. */
    admin?: AuthenticatedAdmin;
  }
}

export const MESSAGES = {
  noToken: 'Please log in: this call needs an administrator token',
  badToken: 'Your session has expired or is not valid. Please log in again.',
  foreignUser: 'You may only act on your own account',
} as const;

/** Reads `Authorization: Bearer <token>`; anything else counts as no token. */
export function bearerToken(request: FastifyRequest): string | undefined {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(request.headers.authorization ?? '');
  return match?.[1];
}

/**
 * Hook (use as onRequest, so a missing token answers 401 before the body is even validated):
 * 401 without a valid, unexpired, unrevoked token; otherwise sets request.admin.
 */
export async function requireAdmin(request: FastifyRequest): Promise<void> {
  const token = bearerToken(request);
  if (!token) throw unauthorized(MESSAGES.noToken);
  const admin = await findAdminByToken(request.server.db, token);
  if (!admin) throw unauthorized(MESSAGES.badToken);
  request.admin = admin;
}

/**
 * Hook after requireAdmin for paths carrying `:userId` (the spec puts the admin's _id in the path
 * of every write): 403 unless it is the token's own admin. Any string is compared, never parsed.
 */
export async function ownsPath(request: FastifyRequest): Promise<void> {
  if (!request.admin) throw unauthorized(MESSAGES.noToken);
  const { userId } = (request.params ?? {}) as { userId?: unknown };
  if (userId !== request.admin._id) throw forbidden(MESSAGES.foreignUser);
}

/**
 * Hook after requireAdmin: 403 unless the member's role has the permission (auth/permissions.ts). Without
 * one named, a write needs `content` and a read needs none.
 */
export function allowedTo(permission?: Permission) {
  return async (request: FastifyRequest): Promise<void> => {
    if (!request.admin) throw unauthorized(MESSAGES.noToken);
    const needed = permission ?? (isReadRequest(request) ? undefined : 'content');
    if (needed && !can(request.admin.role, needed)) throw forbidden(refusal(request.admin.role, needed));
  };
}

/** `onRequest: ownAccount` — the usual guard of a `/…/:userId` route: signed in, own path, role allows. */
export const ownAccount = [requireAdmin, ownsPath, allowedTo()];

/** The guard of the donations' and bank accounts' calls: an Admin's only. */
export const financeAccount = [requireAdmin, ownsPath, allowedTo('finance')];

/** OpenAPI marker for routes that need the bearer token. */
export const bearerSecurity = [{ bearerAuth: [] as string[] }];
