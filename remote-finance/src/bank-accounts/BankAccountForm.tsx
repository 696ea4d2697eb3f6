import { listForm } from '../listForm';
import { bankAccountsApi } from './api';
import { bankAccountForm } from './form';

/**
 * The Add Account page (/add-bank-account, then /bank-accounts) and the Edit modal of /bank-accounts.
 * The account number is a text field: leading zeros stay.
 */
export const BankAccountForm = listForm({
  form: bankAccountForm,
  calls: bankAccountsApi,
  noun: 'Bank account',
  list: '/bank-accounts',
  addLabel: 'Add Account',
});

/** /add-bank-account */
export function AddBankAccountScreen() {
  return <BankAccountForm />;
}
