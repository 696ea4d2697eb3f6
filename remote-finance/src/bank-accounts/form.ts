import { BankAccountInput } from 'api/contract';
import { defineForm } from 'shared';

/**
 * A bank account's fields (spec §5), in the order of the form: four required, routing number and swift
 * code optional. The form, its checks and what it sends follow. The account number is text: leading
 * zeros stay.
 */
export const bankAccountForm = defineForm([
  {
    name: 'bankName',
    label: 'Bank Name',
    says: 'Bank name',
    kind: 'text',
    required: 'Bank name is required',
    limit: BankAccountInput.bankName,
  },
  {
    name: 'bankAccountNumber',
    label: 'Account Number',
    says: 'Account number',
    kind: 'text',
    hint: 'Kept as typed, leading zeros included.',
    required: 'Account number is required',
    limit: BankAccountInput.bankAccountNumber,
  },
  {
    name: 'bankAccountHolderName',
    label: 'Account Holder Name',
    says: 'Account holder name',
    kind: 'text',
    required: 'Account holder name is required',
    limit: BankAccountInput.bankAccountHolderName,
  },
  {
    name: 'bankRoutingNumber',
    label: 'Routing Number (optional)',
    says: 'Routing number',
    kind: 'text',
    limit: BankAccountInput.bankRoutingNumber,
  },
  {
    name: 'bankSwiftCode',
    label: 'Swift Code (optional)',
    says: 'Swift code',
    kind: 'text',
    limit: BankAccountInput.bankSwiftCode,
  },
  {
    name: 'currency',
    label: 'Currency',
    kind: 'text',
    placeholder: 'e.g. NGN',
    required: 'Currency is required',
    limit: BankAccountInput.currency,
  },
]);
