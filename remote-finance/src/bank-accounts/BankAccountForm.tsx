import { Form, Formik } from 'formik';
import { useNavigate } from 'react-router-dom';
import { FormButtons, FormColumn, FormPage, notify, TextField, useUserId } from 'shared';
import { bankAccountsApi, type BankAccount, type BankAccountInput } from './api';
import { bankAccountSchema } from './bankAccountSchema';

type BankAccountFormProps =
  | { mode: 'add' }
  | {
      mode: 'edit';
      account: BankAccount;
      /** Cancel, or after a successful save. */
      onClose: () => void;
    };

/**
 * The Add Account page (/add-bank-account) and the Edit modal of /bank-accounts: one form, two
 * modes. The account number is a text field: leading zeros stay.
 */
export function BankAccountForm(props: BankAccountFormProps) {
  const userId = useUserId();
  const navigate = useNavigate();
  const account = props.mode === 'edit' ? props.account : undefined;

  const initialValues: BankAccountInput = {
    bankName: account?.bankName ?? '',
    bankAccountNumber: account?.bankAccountNumber ?? '',
    bankAccountHolderName: account?.bankAccountHolderName ?? '',
    bankRoutingNumber: account?.bankRoutingNumber ?? '',
    bankSwiftCode: account?.bankSwiftCode ?? '',
    currency: account?.currency ?? '',
  };

  const save = async (values: BankAccountInput) => {
    try {
      if (props.mode === 'edit') {
        await bankAccountsApi.update(userId, props.account._id, values);
        notify.success('Bank account updated successfully');
        props.onClose();
      } else {
        await bankAccountsApi.create(userId, values);
        notify.success('Bank account added successfully');
        void navigate('/bank-accounts');
      }
    } catch {
      // The client showed the server's message; everything typed stays in the form.
    }
  };

  const form = (
    <Formik initialValues={initialValues} validationSchema={bankAccountSchema} onSubmit={save}>
      {({ isSubmitting }) => (
        <Form noValidate>
          <TextField name="bankName" label="Bank Name" />
          <TextField name="bankAccountNumber" label="Account Number" hint="Kept as typed, leading zeros included." />
          <TextField name="bankAccountHolderName" label="Account Holder Name" />
          <TextField name="bankRoutingNumber" label="Routing Number (optional)" />
          <TextField name="bankSwiftCode" label="Swift Code (optional)" />
          <TextField name="currency" label="Currency" placeholder="e.g. NGN" />
          <FormButtons
            busy={isSubmitting}
            label={account ? 'Save' : 'Add Account'}
            onCancel={props.mode === 'edit' ? props.onClose : undefined}
          />
        </Form>
      )}
    </Formik>
  );

  if (props.mode === 'edit') return form;
  return (
    <FormPage backTo="/bank-accounts">
      <FormColumn>{form}</FormColumn>
    </FormPage>
  );
}

/** /add-bank-account */
export function AddBankAccountScreen() {
  return <BankAccountForm mode="add" />;
}
