import { useField, type FieldInputProps } from 'formik';
import type { ReactNode } from 'react';
import styled from 'styled-components';
import { controlCss, LabelledField, type FieldControlProps } from './Field';
import { Input } from './FieldFrame';

export { DateField, type DateFieldProps, type WeekStart } from './DateField';

const TextArea = styled.textarea<{ $invalid?: boolean }>`
  ${controlCss}
  min-height: 120px;
  resize: vertical;
`;
const Select = styled.select<{ $invalid?: boolean }>`
  ${controlCss}
`;

/** What binds a control to its frame: its id (the label's `for`), its error state, its hint and error. */
const bound = ({ id, invalid, describedBy }: FieldControlProps) => ({
  id,
  $invalid: invalid,
  'aria-invalid': invalid || undefined,
  'aria-describedby': describedBy,
});

interface BaseProps {
  name: string;
  label: string;
  hint?: string;
  placeholder?: string;
  autoComplete?: string;
}

/** A field whose control takes the form's value and handlers, and what binds it to its frame. */
function FormField({
  name,
  label,
  hint,
  children,
}: BaseProps & { children: (bind: FieldInputProps<string> & ReturnType<typeof bound>) => ReactNode }) {
  const [field] = useField<string>(name);
  return (
    <LabelledField name={name} label={label} hint={hint}>
      {(control) => children({ ...field, ...bound(control), value: field.value ?? '' })}
    </LabelledField>
  );
}

function InputField({ type, min, max, ...props }: BaseProps & { type: string; min?: number; max?: number }) {
  return (
    <FormField {...props}>
      {(bind) => (
        <Input
          {...bind}
          type={type}
          min={min}
          max={max}
          placeholder={props.placeholder}
          autoComplete={props.autoComplete}
        />
      )}
    </FormField>
  );
}

export function TextField(props: BaseProps & { type?: 'text' | 'email' | 'password' | 'url' }) {
  return <InputField {...props} type={props.type ?? 'text'} />;
}

export function NumberField(props: BaseProps & { min?: number; max?: number }) {
  return <InputField {...props} type="number" />;
}

export function TextAreaField(props: BaseProps & { rows?: number }) {
  return (
    <FormField {...props}>
      {(bind) => <TextArea {...bind} rows={props.rows ?? 5} placeholder={props.placeholder} />}
    </FormField>
  );
}

export interface SelectOption {
  value: string;
  label: string;
}

export function SelectField(
  props: BaseProps & {
    options: readonly (string | SelectOption)[];
    /** An empty first choice ('Select…'), for fields that start unset; off when a value is always set. */
    emptyOption?: boolean;
  },
) {
  const options = props.options.map((option) =>
    typeof option === 'string' ? { value: option, label: option } : option,
  );
  return (
    <FormField {...props}>
      {(bind) => (
        <Select {...bind}>
          {props.emptyOption !== false && <option value="">{props.placeholder ?? 'Select…'}</option>}
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </Select>
      )}
    </FormField>
  );
}
