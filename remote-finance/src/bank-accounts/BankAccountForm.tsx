import { formValues, RecordForm, TextField } from 'shared';
import { useSave } from 'shared/data';
import { bankAccountsApi, type BankAccount, type BankAccountInput } from './api';
import { bankAccountSchema } from './bankAccountSchema';

/**
 * The Add Account page (/add-bank-account) and the Edit modal of /bank-accounts (`onClose`: Cancel, or
 * after a successful save): one form, two modes. The account number is a text field: leading zeros stay.
 */
export function BankAccountForm({ record: account, onClose }: { record?: BankAccount; onClose?: () => void }) {
  const blank: BankAccountInput = {
    bankName: '',
    bankAccountNumber: '',
    bankAccountHolderName: '',
    bankRoutingNumber: '',
    bankSwiftCode: '',
    currency: '',
  };
  const save = useSave<BankAccountInput>({
    write: (values, userId) =>
      account ? bankAccountsApi.update(userId, account._id, values) : bankAccountsApi.create(userId, values),
    toast: account ? 'Bank account updated successfully' : 'Bank account added successfully',
    then: onClose,
    back: onClose ? undefined : '/bank-accounts',
  });

  return (
    <RecordForm
      {...(onClose ? { onCancel: onClose } : { backTo: '/bank-accounts', oneColumn: true })}
      initialValues={formValues(blank, account)}
      validationSchema={bankAccountSchema}
      onSubmit={save}
      label={account ? 'Save' : 'Add Account'}
    >
      <TextField name="bankName" label="Bank Name" />
      <TextField name="bankAccountNumber" label="Account Number" hint="Kept as typed, leading zeros included." />
      <TextField name="bankAccountHolderName" label="Account Holder Name" />
      <TextField name="bankRoutingNumber" label="Routing Number (optional)" />
      <TextField name="bankSwiftCode" label="Swift Code (optional)" />
      <TextField name="currency" label="Currency" placeholder="e.g. NGN" />
    </RecordForm>
  );
}

/** /add-bank-account */
export function AddBankAccountScreen() {
  return <BankAccountForm />;
}
