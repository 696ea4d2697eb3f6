import { BankAccountInput } from 'api/contract';
import { optionalText, requiredText } from 'shared';
import * as yup from 'yup';

/** Add bank account and the edit modal (spec §5): four required fields; routing number and swift code optional. */
export const bankAccountSchema = yup.object({
  bankName: requiredText('Bank name is required', 'Bank name', BankAccountInput.bankName),
  bankAccountNumber: requiredText('Account number is required', 'Account number', BankAccountInput.bankAccountNumber),
  bankAccountHolderName: requiredText(
    'Account holder name is required',
    'Account holder name',
    BankAccountInput.bankAccountHolderName,
  ),
  bankRoutingNumber: optionalText('Routing number', BankAccountInput.bankRoutingNumber),
  bankSwiftCode: optionalText('Swift code', BankAccountInput.bankSwiftCode),
  currency: requiredText('Currency is required', 'Currency', BankAccountInput.currency),
});
