import { SHELL } from '../releases/store';
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { allowedTo, bearerSecurity, requireAdmin } from '../auth/guard';
import { isId } from '../db/ids';
import { badRequest, notFound } from '../http/errors';
import { addSchemas, ref } from '../http/contract';
import { errorResponses, trimFields } from '../http/validation';
import { deployTokenNotice } from '../mail/notices';
import { queueMail } from '../mail/outbox';
import { parishSettings } from '../parish/settings';
import { publicOrigin } from '../uploads/store';
import { createDeployToken, listDeployTokens, revokeDeployToken } from './repository';
import { CreatedDeployToken, DeployToken, DeployTokenInput, MAX_DAYS } from './schemas';

export const DEPLOY_TOKEN_MESSAGES = {
  notFound: 'Deploy token not found',
  unknownRemote: (remote: string, known: string[]) =>
    `"${remote}" is not a remote with published releases (known: ${known.join(', ') || 'none yet'})`,
  past: 'The expiry must be in the future',
  tooFar: `A deploy token expires within ${MAX_DAYS} days: a CI secret is rotated at least once a year`,
  retried:
    'This Idempotency-Key already created a deploy token; its secret was shown once, in that answer, and is not kept. ' +
    'If nobody copied it, revoke that token and create another.',
} as const;

const DAY_MS = 86_400_000;

/**
 * The Admins' calls for the remote teams' deploy tokens (Settings → Deployed versions): list,
 * create (the only answer carrying the secret) and revoke. The tokens open the release calls only
 * (releases/upload-routes.ts).
 */
export async function deployTokenRoutes(parent: FastifyInstance): Promise<void> {
  const app = parent.withTypeProvider<TypeBoxTypeProvider>();
  const { db } = app;
  addSchemas(app, DeployToken, CreatedDeployToken, DeployTokenInput);
  const onRequest = [requireAdmin, allowedTo('team')];
  const tags = ['deploy tokens'];
  const labelOf = (name: string) =>
    app.liveMap.current().served.remotes.find((served) => served.name === name)?.label ??
    name.charAt(0).toUpperCase() + name.slice(1);

  app.get(
    '/deploy-tokens',
    {
      onRequest,
      schema: {
        tags,
        summary: "The remote teams' deploy tokens, newest first (never their secrets)",
        security: bearerSecurity,
        response: {
          200: Type.Object({ message: Type.String(), data: Type.Array(ref(DeployToken)) }),
          ...errorResponses(401, 403),
        },
      },
    },
    async () => ({ message: 'Deploy tokens fetched successfully', data: await listDeployTokens(db) }),
  );

  app.post(
    '/deploy-tokens',
    {
      // The answer carries the secret, which is never stored: a retry of its key is refused in words
      // rather than making a second token whose secret nobody saw.
      config: {
        replayable: { once: DEPLOY_TOKEN_MESSAGES.retried },
        activity: {
          kind: 'deploy token',
          says: ({ named, data }) => {
            const { token } = data as { token: DeployToken };
            // In the words of the screens (the remote's label, what the scope allows), not the API's values.
            const may = token.scope === 'deploy' ? 'publish, go live and roll back' : 'publish only';
            return `Created the deploy token${named} for ${labelOf(token.remote)}: it may ${may}`;
          },
        },
      },
      onRequest,
      preValidation: trimFields('name'),
      schema: {
        tags,
        summary: 'Create a deploy token for one remote; the answer shows its secret, this once',
        security: bearerSecurity,
        body: ref(DeployTokenInput),
        response: {
          201: Type.Object({ message: Type.String(), data: ref(CreatedDeployToken) }),
          ...errorResponses(400, 401, 403),
        },
      },
    },
    async (request, reply) => {
      const { remote, expiresAt } = request.body;
      // The shell (the login page among its files) is released by an Admin, never by a team's token.
      const known = app.releases.store.remotes().filter((name) => name !== SHELL);
      if (!known.includes(remote)) throw badRequest(DEPLOY_TOKEN_MESSAGES.unknownRemote(remote, known));
      const expiry = new Date(expiresAt).getTime();
      if (!(expiry > Date.now())) throw badRequest(DEPLOY_TOKEN_MESSAGES.past);
      if (expiry > Date.now() + MAX_DAYS * DAY_MS) throw badRequest(DEPLOY_TOKEN_MESSAGES.tooFar);
      const admin = request.admin!;
      const by = admin.name || admin.email;
      // Read before the transaction: SQLite's one connection is the transaction's until it ends.
      const parish = await parishSettings(db);
      const data = await createDeployToken(db, request.body, { _id: admin._id, name: by }, async (trx, token) => {
        // A security notice to every active Admin, the maker too: each their own message.
        const admins = await trx
          .selectFrom('admins')
          .select(['name', 'email'])
          .where('role', '=', 'Admin')
          .where('active', '=', 1)
          .orderBy('email')
          .execute();
        const made = { ...token, remote: labelOf(token.remote), by };
        for (const to of admins)
          await queueMail(trx, app.config.mail, deployTokenNotice(to, parish, publicOrigin(app), made));
      });
      request.recordName = data.token.name;
      return reply.code(201).send({ message: 'Deploy token created: copy its secret now', data });
    },
  );

  app.post(
    '/deploy-tokens/:id/revoke',
    {
      config: { activity: { kind: 'deploy token', says: ({ named }) => `Revoked the deploy token${named}` } },
      onRequest,
      schema: {
        tags,
        summary: 'Revoke a deploy token: it stops working at once (revoking it again changes nothing)',
        security: bearerSecurity,
        params: Type.Object({ id: Type.String() }),
        response: {
          200: Type.Object({ message: Type.String(), data: ref(DeployToken) }),
          ...errorResponses(401, 403, 404),
        },
      },
    },
    async (request) => {
      const { id } = request.params;
      const data = isId(id) ? await revokeDeployToken(db, id) : undefined;
      if (!data) throw notFound(DEPLOY_TOKEN_MESSAGES.notFound);
      return { message: 'Deploy token revoked', data };
    },
  );
}
