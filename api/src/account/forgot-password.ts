import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { findAdminByEmail } from '../auth/admins';
import { addSchemas, Input, ref, RequiredText } from '../http/contract';
import { countAttempt, rateLimited } from '../http/rate-limit';
import { errorResponses, trimFields } from '../http/validation';
import { compose } from '../mail/compose';
import { oneLine, queueMail } from '../mail/outbox';
import { parishSettings } from '../parish/settings';
import { publicOrigin } from '../uploads/store';
import { createPasswordLink } from './repository';
import { LIMITS } from './schemas';

/** A forgotten password's link works once, within this time. */
export const FORGOT_LINK_HOURS = 1;
/** At most this many reset mails to one address in FORGOT_WINDOW_MS; more asks change nothing. */
export const FORGOT_PER_ADDRESS = 3;
export const FORGOT_WINDOW_MS = 3_600_000;

/** The one answer, whether or not the address has an account (no one learns which addresses do). */
export const FORGOT_ANSWER =
  'If an account uses this email, a link to set a new password is on its way to it. It works once, within 1 hour.';

export const ForgotPassword = Input(
  'ForgotPassword',
  { email: RequiredText(LIMITS.email, { format: 'email' }) },
  { email: 'Email' },
);

/**
 * "Forgot password?" on the login page: mails an active account a set-password link valid one hour,
 * in the link's transaction. Setting the password ends every session of the account (set-password).
 * Limited per client address (429, the same for every email) and per email address (silently).
 */
export async function forgotPasswordRoutes(parent: FastifyInstance): Promise<void> {
  const app = parent.withTypeProvider<TypeBoxTypeProvider>();
  const { config, db } = app;
  addSchemas(app, ForgotPassword);

  app.post(
    '/account/forgot-password',
    {
      config: { ...rateLimited(config.loginRateMax, config.loginRateWindowMs, 'Too many attempts'), replayable: false },
      preValidation: trimFields('email'),
      schema: {
        tags: ['account'],
        summary:
          'Mail a one-hour set-password link to the account of an email, if there is one (the same answer either way)',
        body: ref(ForgotPassword),
        response: { 200: Type.Object({ message: Type.String() }), ...errorResponses(400, 429) },
      },
    },
    async (request) => {
      const email = request.body.email.toLowerCase();
      const { current } = await countAttempt(db, `forgot-password:${email}`, FORGOT_WINDOW_MS);
      const account = current <= FORGOT_PER_ADDRESS ? await findAdminByEmail(db, email) : undefined;
      if (account && Number(account.active) === 1) {
        const parish = await parishSettings(db);
        await createPasswordLink(
          db,
          account._id,
          new Date(),
          (trx, link) =>
            queueMail(trx, config.mail, {
              kind: 'password-reset',
              to: { name: account.name, address: account.email },
              subject: `Set a new password for ${parish.name}'s back-office`,
              ...compose({
                parish: parish.name,
                greeting: `Dear ${oneLine(account.name) || account.email},`,
                paragraphs: [
                  `Someone asked for a new password for ${account.email} at the login page. Set it at the link below: it works once, within 1 hour.`,
                  'Setting it signs this account out everywhere it is signed in.',
                ],
                link: { label: 'Set a new password', url: `${publicOrigin(app)}/set-password?token=${link.token}` },
                footnote: 'If it was not you, ignore this message: your password stays as it is.',
              }),
            }),
          FORGOT_LINK_HOURS,
        );
      }
      return { message: FORGOT_ANSWER };
    },
  );
}
