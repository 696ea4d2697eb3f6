import { listForm } from '../listForm';
import { bankAccountKind } from './api';
import { bankAccountForm } from './form';

/**
 * The Add Account page (/add-bank-account, then /bank-accounts) and the Edit modal of /bank-accounts.
 * The account number is a text field: leading zeros stay.
 */
export const BankAccountForm = listForm({
  kind: bankAccountKind,
  form: bankAccountForm,
  addLabel: 'Add Account',
});

/** /add-bank-account */
export function AddBankAccountScreen() {
  return <BankAccountForm />;
}
