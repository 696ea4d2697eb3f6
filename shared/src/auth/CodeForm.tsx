import { Form, Formik } from 'formik';
import { useMemo, type ReactNode } from 'react';
import * as yup from 'yup';
import { TextField } from '../forms/inputs';
import { useFieldRefusals } from '../forms/refusals';

interface CodeFormProps {
  /** The error of an empty field. */
  required: string;
  hint: string;
  /**
   * The typed code, spaces removed. A throw empties the field for the next code; a refusal of the code
   * (a call sent with `byField`) stands by the field until another code is typed.
   */
  onCode: (code: string) => Promise<void>;
  /** The form's inside: the code's field, placed with the buttons (`busy` while the code is checked). */
  children: (field: ReactNode, busy: boolean) => ReactNode;
}

/** A refusal is the code's, unless the sign-in itself has ended (then the toast says to log in again). */
const codeOrNot = (message: string) => (/log in again/i.test(message) ? undefined : 'code');

/** A form of one code of an authenticator app (the login's second step, turning two-factor sign-in on). */
export function CodeForm({ required, hint, onCode, children }: CodeFormProps) {
  const schema = useMemo(() => yup.object({ code: yup.string().trim().required(required) }), [required]);
  const refusals = useFieldRefusals<{ code: string }>();
  const field = <TextField name="code" label="Authentication code" hint={hint} autoComplete="one-time-code" />;
  return (
    <Formik
      initialValues={{ code: '' }}
      validationSchema={schema}
      validate={refusals.validate}
      onSubmit={async (values, form) => {
        try {
          await onCode(values.code.replace(/\s/g, ''));
          refusals.succeeded();
        } catch (error) {
          // 'The code is not correct…', a used recovery code: said by the field, emptied for the next code.
          form.resetForm();
          refusals.refuse(error, codeOrNot, { code: '' }, form);
        }
      }}
    >
      {({ isSubmitting }) => <Form noValidate>{children(field, isSubmitting)}</Form>}
    </Formik>
  );
}
