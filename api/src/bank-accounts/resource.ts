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
  export: {
    name: 'bank-accounts',
    what: 'bank accounts',
    columns: [
      { header: 'Bank Name', column: 'bankName', sort: 'text' },
      { header: 'Account Number', column: 'bankAccountNumber', sort: 'text' },
      { header: 'Account Holder', column: 'bankAccountHolderName', sort: 'text' },
      { header: 'Routing Number', column: 'bankRoutingNumber', sort: 'text' },
      { header: 'Swift Code', column: 'bankSwiftCode', sort: 'text' },
      { header: 'Currency', column: 'currency', sort: 'text' },
    ],
    searched: (cell) => [cell('Bank Name'), cell('Account Number'), cell('Account Holder'), cell('Currency')],
  },
  activity: { kind: 'bank account', nameColumn: 'bankName' },
  routes: {
    list: { urls: ['/all/accounts'] },
    add: { url: '/add/account/:userId' },
    edit: { method: 'PUT', url: '/edit/account/:userId/:id', summary: 'Edit a bank account (same fields)' },
    delete: { url: '/delete/account/:userId/:id' },
  },
});
