import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type, type Static } from '@sinclair/typebox';
import { findAdminByEmail, insertAdmin } from '../auth/admins';
import { allowedTo, bearerSecurity, requireAdmin } from '../auth/guard';
import { generatePassword, hashPassword } from '../auth/password';
import { createPasswordLink, storePasswordLink } from '../account/repository';
import { ACCOUNT_MESSAGES, LIMITS } from '../account/schemas';
import { ROLES } from '../auth/permissions';
import type { WriteFacts } from '../activity/record';
import { addSchemas, Entity, Input, OneOf, ref, RequiredText } from '../http/contract';
import { HttpError, notFound } from '../http/errors';
import { errorResponses, trimFields } from '../http/validation';
import { isId } from '../db/ids';
import { publicOrigin } from '../uploads/store';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/schema';
import type { AuthenticatedAdmin } from '../auth/tokens';
import { parishSettings, type Parish } from '../parish/settings';
import { queueLinkMail, type LinkMail } from './invitation';

export const TEAM_MESSAGES = {
  lastAdmin: 'The last active Admin can be neither demoted nor deactivated: make another member an Admin first',
  notFound: 'Member not found',
} as const;

export const Member = Entity('Member', {
  _id: Type.String(),
  name: Type.String(),
  email: Type.String(),
  role: OneOf(ROLES),
  active: Type.Boolean(),
  createdAt: Type.String(),
});
type Member = Static<typeof Member>;

export const MemberInput = Input(
  'MemberInput',
  { name: RequiredText(LIMITS.name), email: RequiredText(LIMITS.email, { format: 'email' }), role: OneOf(ROLES) },
  { name: 'Full name', email: 'Email', role: 'Role' },
);

export const MemberChange = Input(
  'MemberChange',
  { role: Type.Optional(OneOf(ROLES)), active: Type.Optional(Type.Boolean()) },
  { role: 'Role', active: 'Active' },
);

const SetPasswordLink = Type.Object({
  url: Type.String({ description: 'Open it to set the password; valid once' }),
  expiresAt: Type.String(),
  mailed: Type.Boolean({ description: 'Whether it is also on its way to the member by mail (SMTP_URL is set)' }),
});

/** The members, oldest first; only the one of id `only` when given (none when it is no id). */
async function listMembers(query: Kysely<Database> | Transaction<Database>, only?: string): Promise<Member[]> {
  if (only !== undefined && !isId(only)) return [];
  const rows = await query
    .selectFrom('admins')
    .select(['_id', 'name', 'email', 'role', 'active', 'createdAt'])
    .$if(only !== undefined, (query) => query.where('_id', '=', only!))
    .orderBy('createdAt')
    .execute();
  return rows.map((row) => ({
    _id: row._id,
    name: row.name,
    email: row.email,
    role: row.role as Member['role'],
    active: Number(row.active) === 1,
    createdAt: row.createdAt,
  }));
}

/**
 * Settings → Team (an Admin's): the members, each added with a one-time set-password link to hand over
 * (and mailed to them when SMTP_URL is set), given a role, deactivated and reactivated. The last active Admin stays one.
 */

/** The line of a member's change: deactivated, reactivated or given another role. */
function memberChange({ named, body }: WriteFacts): string {
  const change = body as { role?: string; active?: boolean } | undefined;
  if (change?.active === false) return `Deactivated a member${named}`;
  if (change?.active === true) return `Reactivated a member${named}`;
  return `Changed the role of a member${named}${change?.role ? ` to ${change.role}` : ''}`;
}

export async function teamRoutes(parent: FastifyInstance): Promise<void> {
  const app = parent.withTypeProvider<TypeBoxTypeProvider>();
  const { db } = app;
  addSchemas(app, Member, MemberInput, MemberChange);
  const onRequest = [requireAdmin, allowedTo('team')];
  const tags = ['team'];

  const linkUrl = (token: string) => `${publicOrigin(app)}/set-password?token=${token}`;
  /** Stores the link's mail in the caller's transaction (the one that stores the link). */
  const mailLink = (
    trx: Transaction<Database>,
    member: Member,
    kind: LinkMail['kind'],
    by: AuthenticatedAdmin,
    parish: Parish,
    link: { token: string; expiresAt: string },
  ) =>
    queueLinkMail(trx, app.config.mail, {
      kind,
      member,
      by: by.name || by.email,
      url: linkUrl(link.token),
      expiresAt: link.expiresAt,
      parish,
    });
  const answer = (link: { token: string; expiresAt: string }) => ({
    url: linkUrl(link.token),
    expiresAt: link.expiresAt,
    mailed: !!app.config.mail.smtpUrl,
  });

  app.get(
    '/team',
    {
      onRequest,
      schema: {
        tags,
        summary: 'The members of the team, oldest first',
        security: bearerSecurity,
        response: {
          200: Type.Object({ message: Type.String(), data: Type.Array(ref(Member)) }),
          ...errorResponses(401, 403),
        },
      },
    },
    async () => ({ message: 'Team fetched successfully', data: await listMembers(db.kysely) }),
  );

  app.post(
    '/team',
    {
      config: { replayable: false, activity: { kind: 'team', says: ({ named }) => `Added a member${named}` } },
      onRequest,
      preValidation: trimFields('name', 'email'),
      schema: {
        tags,
        summary: 'Add a member; answers the one-time link at which they set their password (48 hours)',
        security: bearerSecurity,
        body: ref(MemberInput),
        response: {
          201: Type.Object({ message: Type.String(), data: ref(Member), link: SetPasswordLink }),
          ...errorResponses(400, 401, 403, 409),
        },
      },
    },
    async (request, reply) => {
      const { name, email, role } = request.body;
      if (await findAdminByEmail(db, email)) throw new HttpError(409, ACCOUNT_MESSAGES.emailTaken);
      // A password nobody knows: the member chooses theirs at the link.
      const passwordHash = await hashPassword(generatePassword(), app.config.passwordHashCost);
      const parish = await parishSettings(db);
      // The member, their link and its mail are stored together: never a member left without an invitation.
      const { member, link } = await db.kysely.transaction().execute(async (trx) => {
        const id = await insertAdmin(trx, email, passwordHash, { name, role });
        const [member] = await listMembers(trx, id);
        const link = await storePasswordLink(trx, id);
        await mailLink(trx, member!, 'invitation', request.admin!, parish, link);
        return { member: member!, link };
      });
      return reply.code(201).send({ message: 'Member added', data: member, link: answer(link) });
    },
  );

  app.put(
    '/team/:id',
    {
      config: { activity: { kind: 'team', says: memberChange } },
      onRequest,
      schema: {
        tags,
        summary: "Change a member's role, or deactivate (sessions end at once) or reactivate them",
        security: bearerSecurity,
        params: Type.Object({ id: Type.String({ maxLength: 100 }) }),
        body: ref(MemberChange),
        response: {
          200: Type.Object({ message: Type.String(), data: ref(Member) }),
          ...errorResponses(400, 401, 403, 404, 409),
        },
      },
    },
    async (request) => {
      const { id } = request.params;
      const [member] = await listMembers(db.kysely, id);
      if (!member) throw notFound(TEAM_MESSAGES.notFound);
      const role = request.body.role ?? member.role;
      const active = request.body.active ?? member.active;
      // The check and the change in one transaction, with the active Admins' rows locked on PostgreSQL
      // (SQLite's one connection runs a transaction alone): two Admins demoting each other at once
      // must not leave none.
      await db.kysely.transaction().execute(async (trx) => {
        const lockRows = <Q extends { forUpdate(): Q }>(query: Q) =>
          db.engine === 'postgres' ? query.forUpdate() : query;
        const activeAdmins = await lockRows(
          trx.selectFrom('admins').select('_id').where('role', '=', 'Admin').where('active', '=', 1),
        ).execute();
        const isActiveAdmin = activeAdmins.some((admin) => admin._id === id);
        if (isActiveAdmin && (role !== 'Admin' || !active) && activeAdmins.length === 1) {
          throw new HttpError(409, TEAM_MESSAGES.lastAdmin);
        }
        await trx
          .updateTable('admins')
          .set({ role, active: active ? 1 : 0 })
          .where('_id', '=', id)
          .execute();
        if (!active) await trx.deleteFrom('tokens').where('adminId', '=', id).execute();
      });
      const message = !active ? 'Member deactivated' : !member.active ? 'Member reactivated' : 'Role changed';
      return { message, data: { ...member, role, active } };
    },
  );

  app.post(
    '/team/:id/link',
    {
      config: {
        replayable: false,
        activity: {
          kind: 'team',
          nameFrom: { table: 'admins', column: 'name' },
          says: ({ named }) => `Made a password link for a member${named}`,
        },
      },
      onRequest,
      schema: {
        tags,
        summary: 'A new one-time set-password link for a member (one who lost theirs, or forgot the password)',
        security: bearerSecurity,
        params: Type.Object({ id: Type.String({ maxLength: 100 }) }),
        response: {
          201: Type.Object({ message: Type.String(), link: SetPasswordLink }),
          ...errorResponses(401, 403, 404),
        },
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      const [member] = await listMembers(db.kysely, id);
      if (!member) throw notFound(TEAM_MESSAGES.notFound);
      const parish = await parishSettings(db);
      const link = await createPasswordLink(db, member._id, new Date(), (trx, link) =>
        mailLink(trx, member, 'new-link', request.admin!, parish, link),
      );
      return reply.code(201).send({ message: 'Link made', link: answer(link) });
    },
  );
}
