import { Form, Formik } from 'formik';
import { useMemo, type ReactNode } from 'react';
import * as yup from 'yup';
import { TextField } from '../forms/inputs';

interface CodeFormProps {
  /** The error of an empty field. */
  required: string;
  hint: string;
  /** The typed code, spaces removed. A throw (the client has shown why) empties the field for the next code. */
  onCode: (code: string) => Promise<void>;
  /** The form's inside: the code's field, placed with the buttons (`busy` while the code is checked). */
  children: (field: ReactNode, busy: boolean) => ReactNode;
}

/** A form of one code of an authenticator app (the login's second step, turning two-factor sign-in on). */
export function CodeForm({ required, hint, onCode, children }: CodeFormProps) {
  const schema = useMemo(() => yup.object({ code: yup.string().trim().required(required) }), [required]);
  const field = <TextField name="code" label="Authentication code" hint={hint} autoComplete="one-time-code" />;
  return (
    <Formik
      initialValues={{ code: '' }}
      validationSchema={schema}
      onSubmit={async (values, form) => {
        try {
          await onCode(values.code.replace(/\s/g, ''));
        } catch {
          // 'The code is not correct…', a used recovery code: shown by the client; a code is typed afresh.
          form.resetForm();
        }
      }}
    >
      {({ isSubmitting }) => <Form noValidate>{children(field, isSubmitting)}</Form>}
    </Formik>
  );
}
