import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { bearerSecurity, requireAdmin } from '../auth/guard';
import { hashPassword } from '../auth/password';
import { passwordAgain } from '../auth/prove-again';
import { isId } from '../db/ids';
import { revokeAllTokens, revokeOtherTokens } from '../auth/tokens';
import { addSchemas, ref } from '../http/contract';
import { badRequest, notFound } from '../http/errors';
import { rateLimited } from '../http/rate-limit';
import { errorResponses, trimFields } from '../http/validation';
import { endSession, findAccount, listSessions, updateProfile, usePasswordLink } from './repository';
import { Account, ACCOUNT_MESSAGES, AccountInput, PasswordChange, PasswordSet, Session } from './schemas';
import { savePasswordHash } from '../auth/admins';
import { addActivity } from '../activity/record';
import { passwordChangedNotice, passwordSetNotice } from '../mail/notices';
import { queueMail } from '../mail/outbox';
import { parishSettings } from '../parish/settings';
import { publicOrigin } from '../uploads/store';

const Message = Type.Object({ message: Type.String() });

/**
 * The signed-in member's own account (Settings → Profile): the profile, the password and the sessions.
 * The account is the token's: no `:userId` in these paths, so no one reaches another's.
 */
export async function accountRoutes(parent: FastifyInstance): Promise<void> {
  const app = parent.withTypeProvider<TypeBoxTypeProvider>();
  const { config, db } = app;
  addSchemas(app, Account, AccountInput, PasswordChange, PasswordSet, Session);
  const tags = ['account'];

  app.get(
    '/account',
    {
      onRequest: requireAdmin,
      schema: {
        tags,
        summary: 'My account: profile and role',
        security: bearerSecurity,
        response: { 200: Type.Object({ message: Type.String(), data: ref(Account) }), ...errorResponses(401) },
      },
    },
    async (request) => ({
      message: 'Account fetched successfully',
      data: (await findAccount(db, request.admin!._id))!,
    }),
  );

  app.put(
    '/account',
    {
      config: { activity: { kind: 'account', says: () => 'Saved their profile' } },
      onRequest: requireAdmin,
      preValidation: trimFields('name', 'email', 'phone'),
      schema: {
        tags,
        summary: 'Save my profile (name, email, phone, country); 409 when the email is another account’s',
        security: bearerSecurity,
        body: ref(AccountInput),
        response: {
          200: Type.Object({ message: Type.String(), data: ref(Account) }),
          ...errorResponses(400, 401, 409),
        },
      },
    },
    async (request) => ({
      message: ACCOUNT_MESSAGES.profileSaved,
      data: await updateProfile(db, request.admin!._id, request.body),
    }),
  );

  app.put(
    '/account/password',
    {
      onRequest: requireAdmin,
      // A guess of the current password is a login attempt: the login's limit applies.
      config: {
        ...rateLimited(config.loginRateMax, config.loginRateWindowMs, 'Too many password attempts'),
        replayable: false,
        activity: { kind: 'account', says: () => 'Changed their password' },
      },
      schema: {
        tags,
        summary: 'Change my password (the current one required); every other session is signed out',
        security: bearerSecurity,
        body: ref(PasswordChange),
        response: { 200: Message, ...errorResponses(400, 401, 429) },
      },
    },
    async (request, reply) => {
      const admin = request.admin!;
      const { currentPassword, newPassword } = request.body;
      if (!(await passwordAgain(request, reply, currentPassword))) throw badRequest(ACCOUNT_MESSAGES.wrongPassword);
      if (currentPassword === newPassword) throw badRequest(ACCOUNT_MESSAGES.samePassword);
      const hash = await hashPassword(newPassword, config.passwordHashCost);
      const parish = await parishSettings(db);
      // The notice is stored with the change: no change without its mail, no mail without the change.
      await db.kysely.transaction().execute(async (trx) => {
        await savePasswordHash({ ...db, kysely: trx }, admin._id, hash);
        await queueMail(trx, config.mail, passwordChangedNotice(admin, parish.name, publicOrigin(app)));
      });
      await revokeOtherTokens(db, admin._id, admin.sessionId);
      return { message: ACCOUNT_MESSAGES.passwordChanged };
    },
  );

  app.get(
    '/account/sessions',
    {
      onRequest: requireAdmin,
      schema: {
        tags,
        summary: 'My sessions that have not ended, the most recently used first',
        security: bearerSecurity,
        response: {
          200: Type.Object({ message: Type.String(), data: Type.Array(ref(Session)) }),
          ...errorResponses(401),
        },
      },
    },
    async (request) => ({
      message: 'Sessions fetched successfully',
      data: await listSessions(db, request.admin!._id, request.admin!.sessionId),
    }),
  );

  app.delete(
    '/account/sessions/:id',
    {
      config: { activity: { kind: 'account', says: () => 'Signed out another session of theirs' } },
      onRequest: requireAdmin,
      schema: {
        tags,
        summary: 'Sign out one of my other sessions',
        security: bearerSecurity,
        params: Type.Object({ id: Type.String({ maxLength: 100 }) }),
        response: { 200: Message, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => {
      const { id } = request.params;
      if (id === request.admin!.sessionId) throw badRequest(ACCOUNT_MESSAGES.currentSession);
      if (!isId(id) || !(await endSession(db, request.admin!._id, id)))
        throw notFound(ACCOUNT_MESSAGES.sessionNotFound);
      return { message: 'Session signed out' };
    },
  );

  app.delete(
    '/account/sessions',
    {
      config: {
        activity: {
          kind: 'account',
          says: ({ data }) =>
            `Signed out all their other sessions (${(data as { signedOut?: number } | undefined)?.signedOut ?? 0})`,
        },
      },
      onRequest: requireAdmin,
      schema: {
        tags,
        summary: 'Sign out all my other sessions',
        security: bearerSecurity,
        response: {
          200: Type.Object({ message: Type.String(), data: Type.Object({ signedOut: Type.Integer() }) }),
          ...errorResponses(401),
        },
      },
    },
    async (request) => ({
      message: 'Other sessions signed out',
      data: { signedOut: await revokeOtherTokens(db, request.admin!._id, request.admin!.sessionId) },
    }),
  );

  // Public: the one-time link of an invitation, a forgotten password, an Admin's new link or `npm run admin -- reset-password`.
  app.post(
    '/account/set-password',
    {
      config: { ...rateLimited(config.loginRateMax, config.loginRateWindowMs, 'Too many attempts'), replayable: false },
      schema: {
        tags,
        summary: 'Set a password with a one-time link; every session of the account is signed out',
        body: ref(PasswordSet),
        response: { 200: Message, ...errorResponses(400, 429) },
      },
    },
    async (request) => {
      const adminId = await usePasswordLink(db, request.body.token);
      if (!adminId) throw badRequest(ACCOUNT_MESSAGES.badLink);
      const hash = await hashPassword(request.body.password, config.passwordHashCost);
      const account = await findAccount(db, adminId);
      const parish = await parishSettings(db);
      // The notice is stored with the new password: whoever used the link, the account's owner hears of it.
      await db.kysely.transaction().execute(async (trx) => {
        await savePasswordHash({ ...db, kysely: trx }, adminId, hash);
        if (account) await queueMail(trx, config.mail, passwordSetNotice(account, parish.name, publicOrigin(app)));
      });
      await revokeAllTokens(db, adminId);
      // No session made this write, so the recorder does not see it.
      if (account) {
        await addActivity(db, {
          adminId,
          member: account.name || account.email,
          kind: 'account',
          summary: 'Set their password with a one-time link',
        });
      }
      return { message: ACCOUNT_MESSAGES.passwordSet };
    },
  );
}
