import { apiClient, pathId, unwrap, type ApiEnvelope } from 'shared';
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
  list: (signal?: AbortSignal) => unwrap<BankAccount[]>(apiClient.get('/all/accounts', { signal })),
  create: async (userId: string, input: BankAccountInput) =>
    bankAccounts.write(
      (await apiClient.post<ApiEnvelope<BankAccount>>(`/add/account/${pathId(userId)}`, body(input))).data,
    ),
  update: async (userId: string, id: string, input: BankAccountInput) =>
    bankAccounts.write(
      (await apiClient.put<ApiEnvelope<BankAccount>>(`/edit/account/${pathId(userId)}/${pathId(id)}`, body(input)))
        .data,
    ),
  remove: async (userId: string, id: string) =>
    bankAccounts.write(
      (await apiClient.delete<{ message: string }>(`/delete/account/${pathId(userId)}/${pathId(id)}`)).data,
    ),
};
