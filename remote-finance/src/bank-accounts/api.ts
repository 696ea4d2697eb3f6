import type { Schemas } from 'api/contract';
import { recordKind, resourceWithCalls } from 'shared/data';
import { bankAccountForm } from './form';

/** A bank account (spec §3). The account number is text: leading zeros stay. */
export type BankAccount = Schemas['BankAccount'];

/**
 * Its query keys (with the invalidation every write below does), and its calls. The list is the
 * body's `data` (the spec's "data.data" is axios' response.data.data).
 */
export const [bankAccounts, bankAccountsApi] = resourceWithCalls('bank-accounts', bankAccountForm, {
  list: '/api/v1/all/accounts',
  add: ['post', '/api/v1/add/account/{userId}'],
  edit: ['put', '/api/v1/edit/account/{userId}/{id}'],
  remove: ['delete', '/api/v1/delete/account/{userId}/{id}'],
});

/** A bank account as its screens show it: added on a page of its own, edited in its list's modal. */
export const bankAccountKind = recordKind<BankAccount, typeof bankAccountForm.fields>({
  noun: 'Bank account',
  resource: bankAccounts,
  form: bankAccountForm,
  calls: bankAccountsApi,
  list: '/bank-accounts',
  deleteWhat: 'this account',
});
