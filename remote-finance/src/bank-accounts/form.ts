import { BankAccountInput } from 'api/contract';
import { CURRENCY_CODES, currencyLabel, defineForm, isCurrencyCode } from 'shared';

/** The API's words for a currency that is not a code, so that the form and the server say one thing. */
export const CURRENCY_MESSAGE = 'Currency must be an ISO 4217 currency code, like NGN, GHS or EUR';

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
    // ISO 4217 codes only: free text let "naira pounds" in. An account saved before keeps its text
    // on screen until a code is chosen.
    kind: 'select',
    placeholder: 'Select a currency',
    options: CURRENCY_CODES.map((code) => ({ value: code, label: currencyLabel(code) })),
    required: 'Currency is required',
    check: { test: isCurrencyCode, message: CURRENCY_MESSAGE },
  },
]);
