import { defineResource } from '../resources/definition';
import { BankAccount, BankAccountInput, type BankAccountRow } from './schemas';

/** The parish's bank accounts (spec §3), taken as a JSON body. */
export const bankAccountResource = defineResource<BankAccountRow>({
  table: 'bankAccounts',
  entity: BankAccount,
  fields: BankAccountInput,
  addedAt: 'createdAt',
  // In the order they were added, so that a table's S/N stays put as accounts are added.
  listed: 'oldest first',
  leftOutOnEdit: 'empty',
  permission: 'finance',
  activity: { kind: 'bank account', nameColumn: 'bankName' },
  routes: {
    list: { urls: ['/all/accounts'] },
    add: { url: '/add/account/:userId' },
    edit: { method: 'PUT', url: '/edit/account/:userId/:id', summary: 'Edit a bank account (same fields)' },
    delete: { url: '/delete/account/:userId/:id' },
  },
});
