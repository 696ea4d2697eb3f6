import { useField } from 'formik';
import styled from 'styled-components';
import { controlCss, LabelledField } from './Field';

const Input = styled.input<{ $invalid?: boolean }>`
  ${controlCss}
`;
const TextArea = styled.textarea<{ $invalid?: boolean }>`
  ${controlCss}
  min-height: 120px;
  resize: vertical;
`;
const Select = styled.select<{ $invalid?: boolean }>`
  ${controlCss}
`;

interface BaseProps {
  name: string;
  label: string;
  hint?: string;
  placeholder?: string;
  autoComplete?: string;
}

function InputField({ type, min, max, ...props }: BaseProps & { type: string; min?: number; max?: number }) {
  const [field] = useField(props.name);
  return (
    <LabelledField name={props.name} label={props.label} hint={props.hint}>
      {({ id, invalid, describedBy }) => (
        <Input
          {...field}
          value={field.value ?? ''}
          id={id}
          type={type}
          min={min}
          max={max}
          placeholder={props.placeholder}
          autoComplete={props.autoComplete}
          $invalid={invalid}
          aria-invalid={invalid || undefined}
          aria-describedby={describedBy}
        />
      )}
    </LabelledField>
  );
}

export function TextField(props: BaseProps & { type?: 'text' | 'email' | 'password' | 'url' }) {
  return <InputField {...props} type={props.type ?? 'text'} />;
}

export function NumberField(props: BaseProps & { min?: number; max?: number }) {
  return <InputField {...props} type="number" />;
}

/** A date picker; its value is `YYYY-MM-DD`. */
export function DateField(props: BaseProps) {
  return <InputField {...props} type="date" />;
}

export function TextAreaField(props: BaseProps & { rows?: number }) {
  const [field] = useField(props.name);
  return (
    <LabelledField name={props.name} label={props.label} hint={props.hint}>
      {({ id, invalid, describedBy }) => (
        <TextArea
          {...field}
          value={field.value ?? ''}
          id={id}
          rows={props.rows ?? 5}
          placeholder={props.placeholder}
          $invalid={invalid}
          aria-invalid={invalid || undefined}
          aria-describedby={describedBy}
        />
      )}
    </LabelledField>
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
  const [field] = useField(props.name);
  const options = props.options.map((option) =>
    typeof option === 'string' ? { value: option, label: option } : option,
  );
  return (
    <LabelledField name={props.name} label={props.label} hint={props.hint}>
      {({ id, invalid, describedBy }) => (
        <Select
          {...field}
          value={field.value ?? ''}
          id={id}
          $invalid={invalid}
          aria-invalid={invalid || undefined}
          aria-describedby={describedBy}
        >
          {props.emptyOption !== false && <option value="">{props.placeholder ?? 'Select…'}</option>}
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </Select>
      )}
    </LabelledField>
  );
}
