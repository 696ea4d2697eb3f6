import type { FastifyReply, FastifyRequest } from 'fastify';
import { badRequest } from '../http/errors';
import { checkCode, twoFactorOf } from '../two-factor/repository';
import { checkedPassword } from './attempts';
import { verifyPassword } from './password';

/**
 * Whether `password` is the signed-in member's. A guess counts as a login's does, placed in the hash
 * queue as one (auth/attempts.ts): asking again is no way around the login's limits.
 */
export async function passwordAgain(request: FastifyRequest, reply: FastifyReply, password: string): Promise<boolean> {
  const { db } = request.server;
  const admin = request.admin!;
  const row = await db.kysely
    .selectFrom('admins')
    .select('passwordHash')
    .where('_id', '=', admin._id)
    .executeTakeFirstOrThrow();
  return checkedPassword(request, reply, admin._id, (priority) => verifyPassword(password, row.passwordHash, priority));
}

/** What a refusal of proveAgain says. */
export interface ProofWords {
  wrongPassword: string;
  codeNeeded: string;
  wrongCode: string;
}

/** A code as typed, its spaces gone ("123 456"). */
export const typedCode = (code: string) => code.replace(/\s/g, '');

/**
 * The signed-in member proves it is them again before something that cannot be undone: their password,
 * and a code of their app where their two-factor sign-in is on. Refused (400) in `words` otherwise.
 */
export async function proveAgain(
  request: FastifyRequest,
  reply: FastifyReply,
  proof: { password?: string; code?: string },
  words: ProofWords,
): Promise<void> {
  const { db, config } = request.server;
  const admin = request.admin!;
  if (!(await passwordAgain(request, reply, proof.password ?? ''))) throw badRequest(words.wrongPassword);
  if (!(await twoFactorOf(db, admin._id))?.enabled) return;
  const code = typedCode(proof.code ?? '');
  if (!code) throw badRequest(words.codeNeeded);
  if ((await checkCode(db, config.dataDir, admin._id, code)) !== 'accepted') throw badRequest(words.wrongCode);
}
