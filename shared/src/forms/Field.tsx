import { useField } from 'formik';
import type { ReactNode } from 'react';
import { FieldFrame, type FieldControlProps } from './FieldFrame';

export { FieldRow, controlCss, type FieldControlProps } from './FieldFrame';

interface LabelledFieldProps {
  name: string;
  label: string;
  hint?: string;
  /** For a control that is not a form element (the rich-text editor): see `FieldFrame`. */
  focusControl?: () => void;
  children: (control: FieldControlProps) => ReactNode;
}

/**
 * A form's field: its label, control and hint, and its error once the field is touched (spec §5:
 * errors only for touched fields).
 */
export function LabelledField({ name, label, hint, focusControl, children }: LabelledFieldProps) {
  const [, meta] = useField(name);
  return (
    <FieldFrame
      label={label}
      hint={hint}
      error={meta.touched && meta.error ? meta.error : undefined}
      focusControl={focusControl}
    >
      {children}
    </FieldFrame>
  );
}
