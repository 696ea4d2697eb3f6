import { callApi } from 'shared';
import type { Schemas } from 'api/contract';
import { resource } from 'shared/data';

/** A bank account (spec §3). The account number is text: leading zeros stay. */
export type BankAccount = Schemas['BankAccount'];

/** The form's values: every field as text ('' for an optional one left empty). */
export type BankAccountInput = Required<Schemas['BankAccountInput']>;

const body = (input: BankAccountInput): BankAccountInput => ({
  bankName: input.bankName.trim(),
  bankAccountNumber: input.bankAccountNumber.trim(),
  bankAccountHolderName: input.bankAccountHolderName.trim(),
  bankRoutingNumber: input.bankRoutingNumber.trim(),
  bankSwiftCode: input.bankSwiftCode.trim(),
  currency: input.currency.trim(),
});

/** Its query keys, and the invalidation every write below does. */
export const bankAccounts = resource('bank-accounts');

export const bankAccountsApi = {
  /** The list is the body's `data` (the spec's "data.data" is axios' response.data.data). */
  list: async (signal?: AbortSignal) => (await callApi('get', '/api/v1/all/accounts', { signal })).data,
  create: async (userId: string, input: BankAccountInput) =>
    bankAccounts.write(callApi('post', '/api/v1/add/account/{userId}', { params: { userId }, body: body(input) })),
  update: async (userId: string, id: string, input: BankAccountInput) =>
    bankAccounts.write(
      callApi('put', '/api/v1/edit/account/{userId}/{id}', { params: { userId, id }, body: body(input) }),
    ),
  remove: async (userId: string, id: string) =>
    bankAccounts.write(callApi('delete', '/api/v1/delete/account/{userId}/{id}', { params: { userId, id } })),
};
