import * as yup from 'yup';

/** Add bank account and the edit modal (spec §5): four required fields; routing number and swift code optional. */
export const bankAccountSchema = yup.object({
  bankName: yup.string().trim().required('Bank name is required'),
  bankAccountNumber: yup.string().trim().required('Account number is required'),
  bankAccountHolderName: yup.string().trim().required('Account holder name is required'),
  bankRoutingNumber: yup.string().trim(),
  bankSwiftCode: yup.string().trim(),
  currency: yup.string().trim().required('Currency is required'),
});
