import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { addSchemas, ref } from '../http/contract';
import { LoginAnswer, LoginInput, signIn } from './login';
import { secondStepRoute } from '../two-factor/routes';
import { errorResponses, trimFields } from '../http/validation';
import { rateLimited } from '../http/rate-limit';
import { findAdminByEmail, savePasswordHash } from './admins';
import { bearerSecurity, bearerToken, requireAdmin } from './guard';
import { dummyPasswordHash, hashPassword, needsRehash, verifyPassword } from './password';
import { revokeToken } from './tokens';
import { checkedPassword } from './attempts';
import { forbidden, unauthorized } from '../http/errors';
import { requiredForAdmins, twoFactorOf } from '../two-factor/repository';
import { challengeFor, enrolmentFor } from '../two-factor/login';
import { TwoFactorChallenge, TwoFactorEnrolment } from '../two-factor/schemas';

export const INVALID_CREDENTIALS = 'Invalid email or password';
export const DEACTIVATED = 'This account is deactivated. Ask an Admin to reactivate it.';

export async function authRoutes(parent: FastifyInstance): Promise<void> {
  const app = parent.withTypeProvider<TypeBoxTypeProvider>();
  const { config, db } = app;
  addSchemas(app, LoginInput, LoginAnswer, TwoFactorChallenge, TwoFactorEnrolment);

  app.post(
    '/admin/login',
    {
      // The answer is a session: never kept for a retry.
      config: {
        ...rateLimited(config.loginRateMax, config.loginRateWindowMs, 'Too many login attempts'),
        replayable: false,
      },
      preValidation: trimFields('email'),
      schema: {
        tags: ['auth'],
        summary:
          'Log in as the administrator; with two-factor sign-in on, the answer is a challenge for POST /admin/login/two-factor; ' +
          'an Admin without it while the team requires it gets an enrolment ticket for POST /admin/login/two-factor/setup',
        body: ref(LoginInput),
        response: {
          200: Type.Union([ref(LoginAnswer), ref(TwoFactorChallenge), ref(TwoFactorEnrolment)]),
          ...errorResponses(400, 401, 403, 429),
        },
      },
    },
    async (request, reply) => {
      const { email, password } = request.body;
      const admin = await findAdminByEmail(db, email);
      // An unknown email still pays for one scrypt, so timing does not reveal which emails exist.
      const cost = config.passwordHashCost;
      const stored = admin?.passwordHash ?? (await dummyPasswordHash(cost));
      // Placed before any hash: an account or an address that keeps failing cannot queue everyone's logins.
      const account = admin?._id ?? `email ${email.toLowerCase()}`;
      const ok = await checkedPassword(request, reply, account, (priority) =>
        verifyPassword(password, stored, priority),
      );
      if (!admin || !ok) throw unauthorized(INVALID_CREDENTIALS);
      // Said only to whoever knows the password: an Admin deactivated the account.
      if (!admin.active) throw forbidden(DEACTIVATED);
      // A hash made at a lower cost than today's is made again now that the password is known.
      if (needsRehash(admin.passwordHash, cost)) {
        const upgraded = await hashPassword(password, cost, 0);
        await savePasswordHash(db, admin._id, upgraded);
      }
      // With a second factor the password alone opens no session: the code comes in a second call.
      if ((await twoFactorOf(db, admin._id))?.enabled) return await challengeFor(db, admin._id);
      // Nor does it for an Admin the team requires a second factor of, until one is set up.
      if (admin.role === 'Admin' && (await requiredForAdmins(db))) return await enrolmentFor(db, admin._id);
      return await signIn(app, request, admin);
    },
  );

  secondStepRoute(app);

  app.get(
    '/auth/logout',
    {
      onRequest: requireAdmin,
      schema: {
        tags: ['auth'],
        summary: 'Log out: revokes the token',
        security: bearerSecurity,
        response: { 200: Type.Object({ message: Type.Literal('Logout Successful') }), ...errorResponses(401) },
      },
    },
    async (request) => {
      await revokeToken(db, bearerToken(request)!);
      return { message: 'Logout Successful' as const };
    },
  );
}
