import type { FastifyRequest } from 'fastify';
import { allowedTo, bearerToken, requireAdmin } from '../auth/guard';
import { attemptsIn, countAttempt, wait } from '../http/rate-limit';
import { forbidden, HttpError, unauthorized } from '../http/errors';
import { findDeployToken, markUsed, SECRET_PREFIX, type FoundDeployToken } from './repository';
import type { DeployScope } from './schemas';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by releaseAccess for a call made with a deploy token: the token. */
    deployToken?: FoundDeployToken;
  }
}

export const TOKEN_MESSAGES = {
  unknown: 'This deploy token is not valid: ask an Admin for a new one (Settings → Deployed versions)',
  revoked: (name: string) => `The deploy token “${name}” was revoked: ask an Admin for a new one`,
  expired: (name: string, at: string) => `The deploy token “${name}” expired on ${at}: ask an Admin for a new one`,
  otherRemote: (name: string, remote: string, asked: string) =>
    `The deploy token “${name}” is for ${remote}; it cannot touch ${asked}`,
  publishOnly: (name: string) =>
    `The deploy token “${name}” may publish releases only; going live and rolling back need a token with the deploy scope`,
  tooMany: 'Too many attempts with deploy tokens that are not valid',
} as const;

/** How a deploy token's use is named in the activity record. */
export const tokenActor = (token: FoundDeployToken) => ({
  adminId: token.creatorId,
  member: `Deploy token “${token.name}”`,
});

/** `2026-11-27 12:00 UTC`: a CI log's reader may be anywhere. */
const inUtc = (iso: string) => `${iso.slice(0, 16).replace('T', ' ')} UTC`;

const failedKey = (request: FastifyRequest) => `deploy token ${request.ip}`;

/**
 * Hook of the release calls (`:remote` in the path): an Admin's session, or a deploy token for that
 * remote with the scope the call needs. A token opens these calls only: every other guard looks its
 * bearer up among the sessions, where it is not. Failed token attempts are limited per address as the
 * logins are (LOGIN_RATE_MAX in LOGIN_RATE_WINDOW_MS).
 */
export function releaseAccess(scope: DeployScope) {
  const admin = [requireAdmin, allowedTo('team')];
  return async (request: FastifyRequest): Promise<void> => {
    const secret = bearerToken(request);
    if (!secret?.startsWith(SECRET_PREFIX)) {
      for (const hook of admin) await hook(request);
      return;
    }
    const { db, config } = request.server;
    const failed = await attemptsIn(db, failedKey(request));
    if (failed.current >= config.loginRateMax) {
      throw new HttpError(429, `${TOKEN_MESSAGES.tooMany}. Please wait ${wait(failed.ttl)} and try again.`);
    }
    const token = await findDeployToken(db, secret);
    const refusal = !token
      ? TOKEN_MESSAGES.unknown
      : token.state === 'revoked'
        ? TOKEN_MESSAGES.revoked(token.name)
        : token.state === 'expired'
          ? TOKEN_MESSAGES.expired(token.name, inUtc(token.expiresAt))
          : undefined;
    if (refusal || !token) {
      await countAttempt(db, failedKey(request), config.loginRateWindowMs);
      throw unauthorized(refusal ?? TOKEN_MESSAGES.unknown);
    }
    const { remote } = request.params as { remote?: string };
    if (remote !== token.remote) throw forbidden(TOKEN_MESSAGES.otherRemote(token.name, token.remote, remote ?? ''));
    if (scope === 'deploy' && token.scope !== 'deploy') throw forbidden(TOKEN_MESSAGES.publishOnly(token.name));
    request.deployToken = token;
    request.actor = tokenActor(token);
    await markUsed(db, token._id);
  };
}
