import { useField, type FieldInputProps } from 'formik';
import type { ReactNode } from 'react';
import styled from 'styled-components';
import { formatDate, parseDate } from '../format/date';
import { controlCss, LabelledField, type FieldControlProps } from './Field';
import { Input } from './FieldFrame';

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

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

/** A date field's own check: what is typed and not yet a day is said to be wrong (empty is the schema's). */
const checkDate = (value: unknown) =>
  typeof value === 'string' && value !== '' && !ISO_DAY.test(value)
    ? (parseDate(value) as { error: string }).error
    : undefined;

/**
 * What is typed, tidied: the slash after the day and the month goes in as the digits come, a typed
 * slash right after one is not doubled, and eight digits are read as ddmmyyyy.
 */
function tidyDate(typed: string, before: string): string {
  let text = typed.replace(/\/{2,}/g, '/');
  const digits = /^(\d{2})(\d{2})(\d{4})$/.exec(text);
  if (digits) return `${digits[1]}/${digits[2]}/${digits[3]}`;
  if (text.length > before.length && /^(\d{2}|\d{1,2}\/\d{2})$/.test(text)) text += '/';
  return text;
}

/**
 * A day, shown and typed as dd/mm/yyyy whatever the browser's language (a native date input follows
 * it: mm/dd/yyyy in en-US). The form's value is `YYYY-MM-DD` once the text is a day of the calendar,
 * and the text itself until then, so that what was typed stays and the field says what is wrong
 * ('31/02/2026 is not a date: February 2026 has 28 days'); the schema only requires it.
 */
export function DateField(props: BaseProps) {
  const [field, , helpers] = useField({ name: props.name, validate: checkDate });
  const value = typeof field.value === 'string' ? field.value : '';
  const shown = ISO_DAY.test(value) ? formatDate(value) : value;
  return (
    <LabelledField name={props.name} label={props.label} hint={props.hint ?? 'dd/mm/yyyy'}>
      {(control) => (
        <Input
          {...bound(control)}
          name={field.name}
          value={shown}
          onChange={(event) => {
            const text = tidyDate(event.currentTarget.value, shown);
            const read = parseDate(text);
            void helpers.setValue('date' in read ? read.date : text);
          }}
          onBlur={field.onBlur}
          type="text"
          inputMode="numeric"
          maxLength={10}
          placeholder={props.placeholder ?? 'dd/mm/yyyy'}
          autoComplete={props.autoComplete ?? 'off'}
        />
      )}
    </LabelledField>
  );
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
