import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { bearerSecurity, ownAccount } from '../auth/guard';
import { isId } from '../db/ids';
import { notFound } from '../http/errors';
import { PublicListCache, sendRepresentation } from '../http/public-cache';
import { errorResponses, trimFields } from '../http/validation';
import {
  addBankAccount,
  BANK_ACCOUNT_MESSAGES,
  BANK_ACCOUNTS_LIST,
  deleteBankAccount,
  listBankAccounts,
  updateBankAccount,
  type BankAccountInput,
} from './repository';

export const LIMITS = {
  bankName: 200,
  bankAccountNumber: 64,
  bankAccountHolderName: 200,
  bankRoutingNumber: 64,
  bankSwiftCode: 64,
  currency: 50,
} as const;

const FIELDS = Object.keys(LIMITS) as (keyof typeof LIMITS)[];

const required = (max: number, description?: string) => Type.String({ minLength: 1, maxLength: max, description });
const optional = (max: number) =>
  Type.Optional(Type.String({ maxLength: max, description: 'Optional; "" when not given' }));

const BankAccountBody = Type.Object({
  bankName: required(LIMITS.bankName),
  bankAccountNumber: required(LIMITS.bankAccountNumber, 'Text: leading zeros are kept'),
  bankAccountHolderName: required(LIMITS.bankAccountHolderName),
  bankRoutingNumber: optional(LIMITS.bankRoutingNumber),
  bankSwiftCode: optional(LIMITS.bankSwiftCode),
  currency: required(LIMITS.currency),
});

const BankAccount = Type.Object({
  _id: Type.String(),
  bankName: Type.String(),
  bankAccountNumber: Type.String(),
  bankAccountHolderName: Type.String(),
  bankRoutingNumber: Type.String(),
  bankSwiftCode: Type.String(),
  currency: Type.String(),
  createdAt: Type.String({ format: 'date-time' }),
});

const BankAccountAnswer = Type.Object({ message: Type.String(), data: BankAccount });
const UserParams = Type.Object({ userId: Type.String({ description: "The administrator's _id" }) });
const AccountParams = Type.Object({
  userId: Type.String({ description: "The administrator's _id" }),
  id: Type.String(),
});

const toInput = (body: {
  bankName: string;
  bankAccountNumber: string;
  bankAccountHolderName: string;
  bankRoutingNumber?: string;
  bankSwiftCode?: string;
  currency: string;
}): BankAccountInput => ({
  ...body,
  bankRoutingNumber: body.bankRoutingNumber ?? '',
  bankSwiftCode: body.bankSwiftCode ?? '',
});

export async function bankAccountRoutes(parent: FastifyInstance): Promise<void> {
  const app = parent.withTypeProvider<TypeBoxTypeProvider>();
  const { config, db } = app;

  const list = new PublicListCache({
    db,
    name: BANK_ACCOUNTS_LIST,
    checkEveryMs: config.listCacheCheckMs,
    // No URLs inside: one answer serves every origin.
    build: async () => ({ message: 'Bank accounts fetched successfully', data: await listBankAccounts(db) }),
  });

  app.get(
    '/all/accounts',
    {
      compress: false,
      schema: {
        tags: ['bank accounts'],
        summary: 'All bank accounts, in the order they were added (public)',
        description: 'Answers carry a strong ETag and honour If-None-Match (304).',
        response: { 200: Type.Object({ message: Type.String(), data: Type.Array(BankAccount) }) },
      },
    },
    async (request, reply) => sendRepresentation(request, reply, await list.get('')),
  );

  app.post(
    '/add/account/:userId',
    {
      onRequest: ownAccount,
      preValidation: trimFields(...FIELDS),
      schema: {
        tags: ['bank accounts'],
        summary: 'Add a bank account',
        security: bearerSecurity,
        params: UserParams,
        body: BankAccountBody,
        response: { 201: BankAccountAnswer, ...errorResponses(400, 401, 403) },
      },
    },
    async (request, reply) => {
      const data = await addBankAccount(db, toInput(request.body));
      list.invalidate();
      return reply.code(201).send({ message: 'Bank account added successfully', data });
    },
  );

  app.put(
    '/edit/account/:userId/:id',
    {
      onRequest: ownAccount,
      preValidation: trimFields(...FIELDS),
      schema: {
        tags: ['bank accounts'],
        summary: 'Edit a bank account (same fields)',
        security: bearerSecurity,
        params: AccountParams,
        body: BankAccountBody,
        response: { 200: BankAccountAnswer, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const { id } = request.params;
      const data = isId(id) ? await updateBankAccount(db, id, toInput(request.body)) : undefined;
      if (!data) throw notFound(BANK_ACCOUNT_MESSAGES.notFound);
      list.invalidate();
      return { message: 'Bank account updated successfully', data };
    },
  );

  app.delete(
    '/delete/account/:userId/:id',
    {
      onRequest: ownAccount,
      schema: {
        tags: ['bank accounts'],
        summary: 'Delete a bank account',
        security: bearerSecurity,
        params: AccountParams,
        response: { 200: Type.Object({ message: Type.String() }), ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => {
      const { id } = request.params;
      if (!isId(id) || !(await deleteBankAccount(db, id))) throw notFound(BANK_ACCOUNT_MESSAGES.notFound);
      list.invalidate();
      return { message: 'Bank account deleted successfully' };
    },
  );
}
