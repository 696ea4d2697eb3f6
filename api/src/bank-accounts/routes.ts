import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { bearerSecurity, financeAccount } from '../auth/guard';
import { isId } from '../db/ids';
import { notFound } from '../http/errors';
import { PublicListCache, sendRepresentation } from '../http/public-cache';
import { addSchemas, ref } from '../http/contract';
import { errorResponses, trimFields } from '../http/validation';
import {
  addBankAccount,
  BANK_ACCOUNT_MESSAGES,
  BANK_ACCOUNTS_LIST,
  deleteBankAccount,
  listBankAccounts,
  updateBankAccount,
} from './repository';
import { BANK_ACCOUNT_FIELDS, BankAccount, BankAccountInput, type BankAccountRecord } from './schemas';

const BankAccountAnswer = Type.Object({ message: Type.String(), data: ref(BankAccount) });
const UserParams = Type.Object({ userId: Type.String({ description: "The administrator's _id" }) });
const AccountParams = Type.Object({
  userId: Type.String({ description: "The administrator's _id" }),
  id: Type.String(),
});

const toRecord = (body: BankAccountInput): BankAccountRecord => ({
  ...body,
  bankRoutingNumber: body.bankRoutingNumber ?? '',
  bankSwiftCode: body.bankSwiftCode ?? '',
});

export async function bankAccountRoutes(parent: FastifyInstance): Promise<void> {
  const app = parent.withTypeProvider<TypeBoxTypeProvider>();
  const { config, db } = app;
  addSchemas(app, BankAccount, BankAccountInput);

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
        response: { 200: Type.Object({ message: Type.String(), data: Type.Array(ref(BankAccount)) }) },
      },
    },
    async (request, reply) => sendRepresentation(request, reply, await list.get()),
  );

  app.post(
    '/add/account/:userId',
    {
      onRequest: financeAccount,
      preValidation: trimFields(...BANK_ACCOUNT_FIELDS),
      schema: {
        tags: ['bank accounts'],
        summary: 'Add a bank account',
        security: bearerSecurity,
        params: UserParams,
        body: ref(BankAccountInput),
        response: { 201: BankAccountAnswer, ...errorResponses(400, 401, 403) },
      },
    },
    async (request, reply) => {
      const data = await addBankAccount(db, toRecord(request.body));
      list.invalidate();
      return reply.code(201).send({ message: 'Bank account added successfully', data });
    },
  );

  app.put(
    '/edit/account/:userId/:id',
    {
      onRequest: financeAccount,
      preValidation: trimFields(...BANK_ACCOUNT_FIELDS),
      schema: {
        tags: ['bank accounts'],
        summary: 'Edit a bank account (same fields)',
        security: bearerSecurity,
        params: AccountParams,
        body: ref(BankAccountInput),
        response: { 200: BankAccountAnswer, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const { id } = request.params;
      const data = isId(id) ? await updateBankAccount(db, id, toRecord(request.body)) : undefined;
      if (!data) throw notFound(BANK_ACCOUNT_MESSAGES.notFound);
      list.invalidate();
      return { message: 'Bank account updated successfully', data };
    },
  );

  app.delete(
    '/delete/account/:userId/:id',
    {
      onRequest: financeAccount,
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
