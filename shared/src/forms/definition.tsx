import { Fragment, type ReactNode } from 'react';
import styled from 'styled-components';
import * as yup from 'yup';
import { formatDate } from '../format/date';
import { DetailsText } from '../ui/Details';
import { type FieldLimit, linkField, optionalText, pictureField, requiredText } from '../validation/schemas';
import { FileField, PictureField, type FileValue } from './FileField';
import { RecordForm, type RecordFormProps, type Where } from './RecordForm';
import { DateField, SelectField, TextAreaField, TextField, type SelectOption } from './inputs';

// A resource's form written once: one list of fields, from which follow the form's inputs (in list
// order), its yup schema (the spec's messages), the values of an add or edit form, the request body
// (the contract's names; multipart when a field is a file) and the rows of its details screen.

/** What a field holds and how it is typed, checked and shown. */
export type FieldKind =
  /** One line of text. */
  | 'text'
  /** Several lines; on details, line breaks kept. */
  | 'textarea'
  /** An http(s) link; on details, a link that opens in a new tab. */
  | 'url'
  /** A day, typed dd/mm/yyyy, sent as YYYY-MM-DD. */
  | 'date'
  /** One of `options`. */
  | 'select'
  /** A picture (JPEG, PNG, GIF or WebP); the details screen shows it itself. */
  | 'image'
  /** A file of any type; on details, a download link. */
  | 'file'
  /** Not a field of the form: the record's time of adding, a row of its details when the record has one. */
  | 'added';

/** The spec's message for a field left empty: the same on add and edit, or one per mode (absent: optional there). */
export type RequiredMessage = string | { add?: string; edit?: string };

export interface FieldSpec {
  /** The form's name for the value. */
  readonly name: string;
  /** The label, as the spec words it. */
  readonly label: string;
  readonly kind: FieldKind;
  /** Required, with the spec's message; absent: optional. */
  readonly required?: RequiredMessage;
  /** The API's limit (`BookFields.bookName` … from 'api/contract'). */
  readonly limit?: FieldLimit;
  /** The field in a limit's message ('Name must be at most …'); the label when absent. */
  readonly says?: string;
  /** The contract's name of the field in the request body; `name` when absent. */
  readonly sent?: string;
  /** The record's field that holds the stored value; `sent` when absent. */
  readonly stored?: string;
  /** Shown on the details screen under `label`; false when the screen shows it otherwise (its title). */
  readonly details?: boolean;
  readonly placeholder?: string;
  readonly hint?: string;
  /** A textarea's rows. */
  readonly rows?: number;
  /**
   * A select's choices. A stored value that is none of them (saved before the choices were fixed) is
   * shown as it is, and `check` asks for a valid one on save.
   */
  readonly options?: readonly (string | SelectOption)[];
  /** A check beyond required, with its message: a value it refuses cannot be saved. */
  readonly check?: { readonly test: (value: string) => boolean; readonly message: string };
  /** A file or picture as the server's messages name it ('The cover'). */
  readonly words?: string;
  /** A file field's kinds of file, in words: the same on add and edit, or one per mode. */
  readonly types?: string | { add: string; edit: string };
  /** A file field: the record's field that holds the stored file's URL when it is an image, else null. */
  readonly image?: string;
}

type Mode = 'add' | 'edit';
type Entry = FieldSpec;
type FormEntry<F extends Entry> = F extends { kind: 'added' } ? never : F;

/** A form's values: text for each field, a file (or the current file's URL, or nothing) for a file or picture. */
export type FormValuesOf<Fields extends readonly Entry[]> = {
  [F in FormEntry<Fields[number]> as F['name']]: F['kind'] extends 'image' | 'file' ? FileValue : string;
};

type SentName<F extends Entry> = F extends { sent: infer S extends string } ? S : F['name'];

/** The request body: every field under the contract's name, text trimmed. */
export type FormBodyOf<Fields extends readonly Entry[]> = {
  [F in FormEntry<Fields[number]> as SentName<F>]: F['kind'] extends 'image' | 'file' ? FileValue : string;
};

export interface FormDefinition<Fields extends readonly Entry[]> {
  readonly fields: Fields;
  /** Sent as multipart (a field is a file or picture), else as JSON. */
  readonly multipart: boolean;
  /** The add form's blank values, or the edit form's from the stored record. */
  values(record?: object | null): FormValuesOf<Fields>;
  /** The yup schema of the add or edit form. */
  schema(mode: Mode): yup.ObjectSchema<yup.AnyObject>;
  /** What the add and edit calls send. */
  body(values: FormValuesOf<Fields>): FormBodyOf<Fields>;
}

const isFile = (field: Entry) => field.kind === 'image' || field.kind === 'file';
const inForm = (field: Entry) => field.kind !== 'added';
const storedName = (field: Entry) => field.stored ?? field.sent ?? field.name;
const messageOf = (field: Entry, mode: Mode) =>
  typeof field.required === 'object' ? field.required[mode] : field.required;

function fieldSchema(field: Entry, mode: Mode): yup.Schema {
  const schema = baseSchema(field, mode);
  const { check } = field;
  return check ? schema.test('check', check.message, (value) => !value || check.test(String(value))) : schema;
}

function baseSchema(field: Entry, mode: Mode): yup.Schema {
  const message = messageOf(field, mode);
  const says = field.says ?? field.label;
  const limit = field.limit ?? {};
  switch (field.kind) {
    case 'image':
      return pictureField(message);
    case 'file': {
      const file = yup.mixed<File | string>().nullable();
      return message ? file.test('file-required', message, (value) => Boolean(value)) : file;
    }
    case 'url':
      return message
        ? linkField(message, says, limit)
        : optionalText(says, limit).test('link', 'Invalid link format', (value) => !value || isHttpLink(value));
    case 'select':
    case 'date':
      return message ? yup.string().required(message) : yup.string();
    default:
      return message ? requiredText(message, says, limit) : optionalText(says, limit);
  }
}

const isHttpLink = (text: string) => /^https?:\/\/\S+$/i.test(text.trim());

/**
 * A resource's form from its one list of fields (in the order the form shows them). Entries of kind
 * 'added' are rows of the details screen only.
 */
export function defineForm<const Fields extends readonly Entry[]>(fields: Fields): FormDefinition<Fields> {
  const formFields = fields.filter(inForm);
  return {
    fields,
    multipart: formFields.some(isFile),
    values(record) {
      const stored = (record ?? {}) as Record<string, unknown>;
      const values: Record<string, unknown> = {};
      for (const field of formFields) {
        const value = record ? stored[storedName(field)] : undefined;
        values[field.name] = value === undefined || value === null ? (isFile(field) ? null : '') : value;
      }
      return values as FormValuesOf<Fields>;
    },
    schema(mode) {
      return yup.object(Object.fromEntries(formFields.map((field) => [field.name, fieldSchema(field, mode)])));
    },
    body(values) {
      const given = values as Record<string, unknown>;
      const body: Record<string, unknown> = {};
      for (const field of formFields) {
        const value = given[field.name];
        body[field.sent ?? field.name] =
          typeof value === 'string' && field.kind !== 'select' && !isFile(field) ? value.trim() : value;
      }
      return body as FormBodyOf<Fields>;
    },
  };
}

/** The stored file's type from its extension ('PDF', 'PNG' …; 'FILE' when it has none), for labels. */
export function fileType(url: string): string {
  const extension = /\.([a-z0-9]+)$/i.exec(url)?.[1]?.toUpperCase();
  return !extension || extension === 'BIN' ? 'FILE' : extension;
}

const CurrentFile = styled.p`
  margin: 0 0 ${({ theme }) => theme.space(4)};
  font-size: ${({ theme }) => theme.font.size.small};
`;

/** What the inputs and rows read of a definition: its list of fields. */
interface Listed {
  readonly fields: readonly Entry[];
}

interface DefinedFieldsProps {
  form: Listed;
  /** The stored record on an edit form; absent on an add form. */
  record?: object;
  /** 0–100 while the form uploads its file. */
  progress?: number;
}

/** A form's inputs, in the order of its definition (inside `RecordForm`, which lays them out). */
export function DefinedFields({ form, record, progress }: DefinedFieldsProps) {
  const mode: Mode = record ? 'edit' : 'add';
  const stored = (record ?? {}) as Record<string, unknown>;
  return (
    <>
      {form.fields.filter(inForm).map((field) => {
        const { name, label, hint, placeholder } = field;
        const current = stored[storedName(field)];
        // The text, date and select inputs show the field's name, label and hint as they are.
        const named = { name, label, hint };
        switch (field.kind) {
          case 'textarea':
            return <TextAreaField key={name} {...named} rows={field.rows} />;
          case 'url':
            return <TextField key={name} {...named} type="url" placeholder={placeholder ?? 'https://'} />;
          case 'date':
            return <DateField key={name} {...named} placeholder={placeholder} />;
          case 'select': {
            const options = field.options ?? [];
            const listed = options.some((option) => (typeof option === 'string' ? option : option.value) === current);
            const kept = typeof current === 'string' && current !== '' && !listed ? [current] : [];
            return (
              <SelectField
                key={name}
                {...named}
                placeholder={placeholder ?? `Select a ${label.toLowerCase()}`}
                options={[...kept, ...options]}
              />
            );
          }
          case 'image':
            return (
              <PictureField
                key={name}
                name={name}
                label={label}
                words={field.words}
                progress={progress}
                keepsCurrent={Boolean(current)}
                optional={!messageOf(field, 'add')}
              />
            );
          case 'file': {
            // A stored file that is not an image has no preview: a link to it instead.
            const storedImage = record && field.image ? stored[field.image] : undefined;
            const notAnImage = typeof current === 'string' && current !== '' && storedImage === null;
            return (
              <Fragment key={name}>
                {notAnImage && (
                  <CurrentFile>
                    Current file:{' '}
                    <a href={current} target="_blank" rel="noopener noreferrer" download>
                      {fileType(current)} file
                    </a>
                  </CurrentFile>
                )}
                <FileField
                  name={name}
                  label={label}
                  preview={!notAnImage}
                  progress={progress}
                  words={field.words}
                  types={typeof field.types === 'object' ? field.types[mode] : field.types}
                  hint={hint ?? (current ? 'Leave empty to keep the current file.' : undefined)}
                />
              </Fragment>
            );
          }
          default:
            return <TextField key={name} {...named} placeholder={placeholder} />;
        }
      })}
    </>
  );
}

type DefinedFormProps<Fields extends readonly Entry[]> = Omit<
  RecordFormProps<FormValuesOf<Fields>>,
  'initialValues' | 'validationSchema' | 'children'
> &
  Where &
  DefinedFieldsProps & { form: FormDefinition<Fields> };

/**
 * The add or edit form of a definition: `RecordForm` with its inputs, blank on add, on edit holding
 * the stored record (a file field its current file's URL, sent back unchanged unless another file
 * is chosen), checked as the definition says for the mode.
 */
export function DefinedForm<const Fields extends readonly Entry[]>(props: DefinedFormProps<Fields>) {
  const { form, record, progress, ...rest } = props;
  return (
    <RecordForm {...rest} initialValues={form.values(record)} validationSchema={form.schema(record ? 'edit' : 'add')}>
      <DefinedFields form={form} record={record} progress={progress} />
    </RecordForm>
  );
}

/** The label–value rows of a record's details screen (inside `DetailsList`), in the order of its definition. */
export function DetailsRows({ form, record }: { form: Listed; record: object }) {
  const stored = record as Record<string, unknown>;
  const rows: ReactNode[] = [];
  for (const field of form.fields) {
    if (field.details === false || field.kind === 'image') continue;
    const raw = stored[storedName(field)];
    const value = typeof raw === 'string' ? raw : '';
    let shown: ReactNode;
    switch (field.kind) {
      case 'added':
        // Records stored before the time was kept have none: no row.
        if (!value) continue;
        shown = <dd>{formatDate(value)}</dd>;
        break;
      case 'file':
        if (!value) continue;
        shown = (
          <dd>
            {/* Files that are not images are served as downloads, never shown inline. */}
            <a href={value} target="_blank" rel="noopener noreferrer" download>
              Download file
            </a>{' '}
            <span>({fileType(value)})</span>
          </dd>
        );
        break;
      case 'url':
        shown = (
          <dd>
            {value ? (
              <a href={value} target="_blank" rel="noopener noreferrer">
                {value}
              </a>
            ) : (
              '—'
            )}
          </dd>
        );
        break;
      case 'textarea':
        shown = <DetailsText>{value || '—'}</DetailsText>;
        break;
      case 'date':
        shown = <dd>{value ? formatDate(value) : '—'}</dd>;
        break;
      default:
        shown = <dd>{value || '—'}</dd>;
    }
    rows.push(
      <Fragment key={field.name}>
        <dt>{field.label}</dt>
        {shown}
      </Fragment>,
    );
  }
  return <>{rows}</>;
}
