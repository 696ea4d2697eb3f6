import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Type, type Static } from '@sinclair/typebox';
import { Entity, Input, RequiredText } from '../http/contract';
import { issueToken } from './tokens';

export const LoginInput = Input(
  'LoginInput',
  {
    email: RequiredText(320, { format: 'email' }),
    password: RequiredText(1024),
  },
  { email: 'Email', password: 'Password' },
);

export const LoginAnswer = Entity('LoginAnswer', {
  message: Type.Literal('Login Successful'),
  token: Type.String({ description: 'Send as `Authorization: Bearer <token>`' }),
  // The spec's name for the logged-in administrator.
  doesUserEmailExist: Type.Object({ _id: Type.String(), email: Type.String() }),
});

/** The login's answer once the account is proven: a new session. */
export async function signIn(
  app: FastifyInstance,
  request: FastifyRequest,
  admin: { _id: string; email: string },
): Promise<Static<typeof LoginAnswer>> {
  const token = await issueToken(app.db, admin._id, app.config.tokenTtlHours, request.headers['user-agent']);
  return { message: 'Login Successful', token, doesUserEmailExist: { _id: admin._id, email: admin.email } };
}
