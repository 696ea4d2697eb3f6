import { DefinedFields, RecordForm } from 'shared';
import { useSave } from 'shared/data';
import { bankAccountsApi, type BankAccount, type BankAccountInput } from './api';
import { bankAccountForm } from './form';

/**
 * The Add Account page (/add-bank-account) and the Edit modal of /bank-accounts (`onClose`: Cancel, or
 * after a successful save): one form, two modes. The account number is a text field: leading zeros stay.
 */
export function BankAccountForm({ record: account, onClose }: { record?: BankAccount; onClose?: () => void }) {
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
      initialValues={bankAccountForm.values(account)}
      validationSchema={bankAccountForm.schema(account ? 'edit' : 'add')}
      onSubmit={save}
      label={account ? 'Save' : 'Add Account'}
    >
      <DefinedFields form={bankAccountForm} record={account} />
    </RecordForm>
  );
}

/** /add-bank-account */
export function AddBankAccountScreen() {
  return <BankAccountForm />;
}
