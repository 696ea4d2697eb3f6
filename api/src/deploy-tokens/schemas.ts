import { Type, type Static } from '@sinclair/typebox';
import { Entity, Input, OneOf, ref, RequiredText } from '../http/contract';

export const LIMITS = { name: 80 } as const;

/** What a token may do: publish releases only, or publish, put live and roll back. */
export const DEPLOY_SCOPES = ['publish', 'deploy'] as const;
export type DeployScope = (typeof DEPLOY_SCOPES)[number];

/** A token is active until it expires or an Admin revokes it. */
export const DEPLOY_TOKEN_STATES = ['active', 'expired', 'revoked'] as const;

/** The longest a token may live: a CI secret is rotated at least once a year. */
export const MAX_DAYS = 366;

/** A remote team's deploy token as the Admins see it: never its secret. */
export const DeployToken = Entity('DeployToken', {
  _id: Type.String(),
  name: Type.String(),
  remote: Type.String({ description: 'The one remote it may publish (and deploy)' }),
  scope: OneOf(DEPLOY_SCOPES, { description: 'publish: publish only; deploy: publish, go live and roll back' }),
  expiresAt: Type.String({ format: 'date-time' }),
  createdAt: Type.String({ format: 'date-time' }),
  createdBy: Type.String({ description: 'Who created it, as they were named then' }),
  lastUsedAt: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
  revokedAt: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
  state: OneOf(DEPLOY_TOKEN_STATES),
});
export type DeployToken = Static<typeof DeployToken>;

/** A new token: the answer of its creation, the only one that carries its secret. */
export const CreatedDeployToken = Entity('CreatedDeployToken', {
  token: ref(DeployToken),
  secret: Type.String({
    description: 'Send as `Authorization: Bearer <secret>` (DEPLOY_TOKEN); shown this once, never again',
  }),
});

export const DeployTokenInput = Input(
  'DeployTokenInput',
  {
    name: RequiredText(LIMITS.name),
    remote: Type.String({ maxLength: 40, description: 'A remote with published releases' }),
    scope: OneOf(DEPLOY_SCOPES),
    expiresAt: Type.String({
      format: 'date-time',
      maxLength: 40,
      description: `When it stops working: in the future, at most ${MAX_DAYS} days ahead`,
    }),
  },
  { name: 'Name', remote: 'Remote', scope: 'Scope', expiresAt: 'Expires' },
);
export type DeployTokenInput = Static<typeof DeployTokenInput>;
