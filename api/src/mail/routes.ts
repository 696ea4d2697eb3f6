import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type, type Static } from '@sinclair/typebox';
import { allowedTo, bearerSecurity, requireAdmin } from '../auth/guard';
import type { MailConfig } from '../config';
import { isId, timestamp } from '../db/ids';
import { addSchemas, Entity, OneOf, ref } from '../http/contract';
import { HttpError, notFound } from '../http/errors';
import { errorResponses } from '../http/validation';
import { parishSettings } from '../parish/settings';
import { publicOrigin } from '../uploads/store';
import { compose } from './compose';
import { queueMail, type OutboxRow } from './outbox';

/** How many of the latest messages Settings → Mail lists. */
export const OUTBOX_SHOWN = 100;

export const MAIL_ROUTE_MESSAGES = {
  notConfigured: 'No mail server is configured: set SMTP_URL and MAIL_FROM and restart the server (docs/mail.md)',
  notFound: 'Message not found',
  alreadySent: 'This message was already sent',
  sending: 'This message is being sent right now',
} as const;

export const OutboxMessage = Entity('OutboxMessage', {
  _id: Type.String(),
  kind: Type.String({
    description:
      'What sent it: invitation, new-link, password-reset, password-changed, password-set, two-factor-off, deploy-token-made, prayer-request-assigned, weekly-digest, test',
  }),
  toName: Type.String(),
  toAddress: Type.String(),
  subject: Type.String(),
  state: OneOf(['waiting', 'sending', 'sent', 'failed'] as const),
  attempts: Type.Integer(),
  nextTryAt: Type.String({ description: 'When a waiting message is tried next' }),
  lastError: Type.Union([Type.String(), Type.Null()], {
    description: "The server's words on the last failure, or why it was not sent",
  }),
  createdAt: Type.String(),
  sentAt: Type.Union([Type.String(), Type.Null()]),
});
type OutboxMessage = Static<typeof OutboxMessage>;

export const MailStatus = Entity('MailStatus', {
  configured: Type.Boolean(),
  server: Type.Union([
    Type.Object({
      host: Type.String(),
      port: Type.Integer(),
      secure: Type.Boolean({ description: 'smtps: TLS from the start; otherwise STARTTLS where offered' }),
      user: Type.String({ description: "The user name ('' for none); the password is never shown" }),
    }),
    Type.Null(),
  ]),
  from: Type.Union([Type.String(), Type.Null()]),
  replyTo: Type.Union([Type.String(), Type.Null()]),
  messages: Type.Array(ref(OutboxMessage), { description: `The latest ${OUTBOX_SHOWN}, newest first` }),
});

const toMessage = (row: OutboxRow): OutboxMessage => ({
  _id: row._id,
  kind: row.kind,
  toName: row.toName,
  toAddress: row.toAddress,
  subject: row.subject,
  state: row.state,
  attempts: Number(row.attempts),
  nextTryAt: row.nextTryAt,
  lastError: row.lastError,
  createdAt: row.createdAt,
  sentAt: row.sentAt,
});

/** The mail server as an Admin may see it: never its password. */
function serverOf(config: MailConfig) {
  if (!config.smtpUrl) return null;
  const url = new URL(config.smtpUrl);
  const secure = url.protocol === 'smtps:';
  return {
    host: url.hostname,
    port: url.port ? Number(url.port) : secure ? 465 : 587,
    secure,
    user: decodeURIComponent(url.username),
  };
}

/** Settings → Mail (an Admin's): whether mail is configured, a test message, and the outbox. */
export async function mailRoutes(parent: FastifyInstance): Promise<void> {
  const app = parent.withTypeProvider<TypeBoxTypeProvider>();
  const { db } = app;
  const mail = app.config.mail;
  addSchemas(app, OutboxMessage, MailStatus);
  const onRequest = [requireAdmin, allowedTo('team')];
  const tags = ['mail'];
  const configured = () => {
    if (!mail.smtpUrl || !mail.from) throw new HttpError(409, MAIL_ROUTE_MESSAGES.notConfigured);
  };

  app.get(
    '/mail',
    {
      onRequest,
      schema: {
        tags,
        summary: 'Whether mail is configured (never the password), and the latest messages of the outbox',
        security: bearerSecurity,
        response: {
          200: Type.Object({ message: Type.String(), data: ref(MailStatus) }),
          ...errorResponses(401, 403),
        },
      },
    },
    async () => {
      const rows = await db.kysely
        .selectFrom('outbox')
        .selectAll()
        .orderBy('createdAt', 'desc')
        .orderBy('_id', 'desc')
        .limit(OUTBOX_SHOWN)
        .execute();
      const from = mail.from && (mail.from.name ? `${mail.from.name} <${mail.from.address}>` : mail.from.address);
      return {
        message: 'Mail fetched successfully',
        data: {
          configured: !!(mail.smtpUrl && mail.from),
          server: serverOf(mail),
          from: from ?? null,
          replyTo: mail.replyTo ?? null,
          messages: rows.map(toMessage),
        },
      };
    },
  );

  app.post(
    '/mail/test',
    {
      config: { replayable: false, activity: { kind: 'team', says: () => 'Sent a test message' } },
      onRequest,
      schema: {
        tags,
        summary: 'Send a test message to the signed-in Admin',
        security: bearerSecurity,
        response: {
          201: Type.Object({ message: Type.String(), data: ref(OutboxMessage) }),
          ...errorResponses(401, 403, 409),
        },
      },
    },
    async (request, reply) => {
      configured();
      const admin = request.admin!;
      const parish = await parishSettings(db);
      const id = await queueMail(db.kysely, mail, {
        kind: 'test',
        to: { name: admin.name, address: admin.email },
        subject: `A test message from ${parish.name}'s back-office`,
        ...compose({
          parish: parish.name,
          greeting: `Dear ${admin.name || admin.email},`,
          paragraphs: [
            "This is the test message you asked for in Settings → Mail. If you are reading it, the back-office's mail works.",
          ],
          link: { label: 'Open Settings → Mail', url: `${publicOrigin(app)}/settings/mail` },
        }),
      });
      const row = await db.kysely.selectFrom('outbox').selectAll().where('_id', '=', id).executeTakeFirstOrThrow();
      return reply.code(201).send({ message: `Test message on its way to ${admin.email}`, data: toMessage(row) });
    },
  );

  app.post(
    '/mail/messages/:id/send-again',
    {
      config: { replayable: false, activity: { kind: 'team', says: () => 'Sent a message again' } },
      onRequest,
      schema: {
        tags,
        summary: 'Send a failed or waiting message again now',
        security: bearerSecurity,
        params: Type.Object({ id: Type.String({ maxLength: 100 }) }),
        response: {
          200: Type.Object({ message: Type.String(), data: ref(OutboxMessage) }),
          ...errorResponses(401, 403, 404, 409),
        },
      },
    },
    async (request) => {
      configured();
      const { id } = request.params;
      const row = isId(id)
        ? await db.kysely.selectFrom('outbox').selectAll().where('_id', '=', id).executeTakeFirst()
        : undefined;
      if (!row) throw notFound(MAIL_ROUTE_MESSAGES.notFound);
      if (row.state === 'sent') throw new HttpError(409, MAIL_ROUTE_MESSAGES.alreadySent);
      if (row.state === 'sending') throw new HttpError(409, MAIL_ROUTE_MESSAGES.sending);
      // Only a message still failed or waiting is put back: a worker may have taken it meanwhile.
      const updated = await db.kysely
        .updateTable('outbox')
        .set({ state: 'waiting', nextTryAt: timestamp() })
        .where('_id', '=', id)
        .where('state', 'in', ['failed', 'waiting'])
        .returningAll()
        .executeTakeFirst();
      if (!updated) throw new HttpError(409, MAIL_ROUTE_MESSAGES.sending);
      return { message: 'Message on its way again', data: toMessage(updated) };
    },
  );
}
