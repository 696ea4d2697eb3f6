import { Form, Formik, type FormikErrors, type FormikHelpers, type FormikProps, type FormikValues } from 'formik';
import type { Key, ReactNode } from 'react';
import { FormButtons, FormPage } from './FormFrame';
import { FormColumn } from './FormLayout';

export interface RecordFormProps<Values extends FormikValues> {
  initialValues: Values;
  validationSchema: unknown;
  /** Beside the schema: the values the server refused, each its field's error (useFieldRefusals). */
  validate?: (values: Values) => FormikErrors<Values>;
  onSubmit: (values: Values, helpers: FormikHelpers<Values>) => Promise<void>;
  /** The submit button's spec text. */
  label: string;
  /** A new key mounts a fresh form (an add form after its save: the file picker empties too). */
  formKey?: Key;
  /** The fields, or a function of the form's state that renders them. */
  children: ReactNode | ((form: FormikProps<Values>) => ReactNode);
  /** Inside the form after its fields and buttons (a guard against leaving unsaved input). */
  after?: (form: FormikProps<Values>) => ReactNode;
}

export type Where =
  /**
   * On a page of its own: Back goes to `backTo` (with `backState`); fields two by two where there is
   * room; `below` is a section of the page after the form (a record's History), shown to every role.
   */
  | { backTo: string; backState?: unknown; oneColumn?: boolean; below?: ReactNode; onCancel?: never }
  /** In a modal: Cancel calls `onCancel`, beside the submit button. */
  | { onCancel: () => void; backTo?: never; backState?: never; oneColumn?: never; below?: never }
  /** In a section of a screen (Settings' Password …): fields two by two where there is room. */
  | { backTo?: never; backState?: never; oneColumn?: never; below?: never; onCancel?: never };

/**
 * An add or edit form of a record: its fields, then the submit button (disabled with a spinner while
 * saving), on a page with Back, in a modal with Cancel, or in a section of a screen. `oneColumn` stacks
 * a page's fields as in the modal.
 */
export function RecordForm<Values extends FormikValues>(props: RecordFormProps<Values> & Where) {
  const { initialValues, validationSchema, validate, onSubmit, label, formKey, children, after } = props;
  const grid = props.onCancel === undefined && !props.oneColumn;
  const form = (
    <Formik
      key={formKey}
      initialValues={initialValues}
      validationSchema={validationSchema}
      validate={validate}
      onSubmit={onSubmit}
    >
      {(state) => {
        const fields = (
          <>
            {typeof children === 'function' ? children(state) : children}
            <FormButtons busy={state.isSubmitting} label={label} onCancel={props.onCancel} />
          </>
        );
        return (
          <Form noValidate>
            {grid ? <FormColumn>{fields}</FormColumn> : fields}
            {after?.(state)}
          </Form>
        );
      }}
    </Formik>
  );
  if (props.backTo === undefined) return form;
  return (
    <FormPage backTo={props.backTo} backState={props.backState} below={props.below}>
      {grid ? form : <FormColumn>{form}</FormColumn>}
    </FormPage>
  );
}
