import { AxiosError } from 'axios';
import { getIn, setIn, type FormikErrors, type FormikHelpers, type FormikValues } from 'formik';
import { useMemo, useRef } from 'react';
import { errorMessage } from '../api/client';
import { dismissErrors, notify } from '../notify/notify';

/** The field a refusal is about, by the server's words; undefined when it names none of the form's. */
export type RefusedField = string | ((message: string) => string | undefined);

export interface FieldRefusals<Values extends FormikValues> {
  /**
   * Formik's `validate` (beside the schema): a value the server refused is its field's error while the
   * field still holds it, through blurs and submits, so that the words stay until it is corrected.
   */
  validate: (values: Values) => FormikErrors<Values>;
  /**
   * After a failed call sent with `byField`: the server's words by the field they are about (touched,
   * so that they show). A failure the form's fields cannot answer was said in a toast by the client.
   */
  refuse: (
    error: unknown,
    field: RefusedField,
    values: Values,
    form: Pick<FormikHelpers<Values>, 'setFieldError' | 'setFieldTouched'>,
  ) => void;
  /** After a success: what was refused before no longer holds, in a field or in a toast. */
  succeeded: () => void;
}

/**
 * The server's refusals of the values a form holds, shown by their fields rather than in a toast that
 * goes after 2 s (spec §9): a wrong current password, an authentication code not correct, an email
 * another account uses. The call names the statuses it expects for them (`byField`).
 */
export function useFieldRefusals<Values extends FormikValues>(): FieldRefusals<Values> {
  const refused = useRef(new Map<string, { value: unknown; message: string }>());
  return useMemo(
    () => ({
      validate: (values) => {
        let errors: FormikErrors<Values> = {};
        for (const [field, { value, message }] of refused.current) {
          if (getIn(values, field) === value) errors = setIn(errors, field, message) as FormikErrors<Values>;
        }
        return errors;
      },
      refuse: (error, field, values, form) => {
        const status = error instanceof AxiosError ? error.response?.status : undefined;
        const byField = error instanceof AxiosError ? error.config?.byField : undefined;
        if (status === undefined || !byField?.includes(status)) return;
        const message = errorMessage(error);
        const name = typeof field === 'string' ? field : field(message);
        // Words about no field of the form: the client left them unsaid, so they go in the toast.
        if (name === undefined) {
          notify.error(message);
          return;
        }
        refused.current.set(name, { value: getIn(values, name), message });
        void form.setFieldTouched(name, true, false);
        form.setFieldError(name, message);
      },
      succeeded: () => {
        refused.current.clear();
        dismissErrors();
      },
    }),
    [],
  );
}
