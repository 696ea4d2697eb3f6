import type { ComponentType, Key, ReactElement, ReactNode } from 'react';
// Through the package name, not a relative path: the federation then hands this entry the page's one
// `shared`.
import {
  DetailsBody,
  DetailsHeader,
  DetailsList,
  DetailsRows,
  DefinedForm,
  MissingRecord,
  NotLoadedScreen,
  Panel,
  type FieldSpec,
  type FormDefinition,
  type FormValuesOf,
  type LoadState,
} from 'shared';
import { useRecordController, type RecordController } from './controller';
import { RecordHistory, type HistoryName } from './history';
import type { RecordKind } from './kind';

/**
 * A record screen's record, or while it is not there the screen to show instead: the spinner, the
 * failure with Retry, or the kind's not-found text with its way back to the list.
 */
export function RecordLoaded<T extends { _id: string }, Values>({
  controller,
  children,
}: {
  controller: RecordController<T, Values>;
  children: (record: T) => ReactNode;
}): ReactElement {
  const { record, load, kind } = controller;
  if (record !== undefined) return <>{children(record)}</>;
  const { what, notFound, backLabel } = kind.missing;
  return <RecordNotThere load={load} what={what} notFound={notFound && backLabel ? [notFound, kind.list, backLabel] : undefined} />;
}

/**
 * The screen of a record not there: the spinner, the failure with Retry, or the spec's not-found text
 * with its way back (where, and its button's text).
 */
export function RecordNotThere({
  load,
  what,
  notFound,
}: {
  load: LoadState<unknown>;
  what: string;
  notFound?: readonly [message: string, backTo: string, backLabel: string];
}): ReactElement {
  const missing = notFound ? <MissingRecord message={notFound[0]} backTo={notFound[1]} backLabel={notFound[2]} /> : null;
  return <NotLoadedScreen load={load} what={what} missing={missing} />;
}

/** A kind's form, handed the screen's controller (its save, progress, back link and record). */
export type RecordFormOf<T extends { _id: string }, Values> = ComponentType<{ controller: RecordController<T, Values> }>;

/**
 * A kind's add or edit form, saved through its controller: on a page, Back goes where the controller
 * says; in a modal (`onCancel`), Cancel closes it. `record` and `formKey` stand in for the controller's
 * where the screen holds another version (a restored one).
 */
export function ControlledForm<T extends { _id: string }, const Fields extends readonly FieldSpec[]>({
  controller,
  form,
  label,
  onCancel,
  oneColumn,
  below,
  record = controller.record,
  formKey = controller.formKey,
}: {
  controller: RecordController<T, FormValuesOf<Fields>>;
  form: FormDefinition<Fields>;
  /** The submit button's spec text. */
  label: string;
  onCancel?: () => void;
  oneColumn?: boolean;
  /** A section of the page after the form (a record's History). */
  below?: ReactNode;
  record?: T;
  formKey?: Key;
}): ReactElement {
  const where = onCancel
    ? { onCancel }
    : { backTo: controller.backTo, backState: controller.backState, oneColumn, below };
  return (
    <DefinedForm
      {...where}
      formKey={formKey}
      form={form}
      record={record}
      progress={controller.progress}
      onSubmit={controller.save}
      label={label}
    />
  );
}

/** The add and edit screens of a kind's form: the blank form, and the form of the stored record once loaded. */
export function recordFormScreens<T extends { _id: string }, Values>(
  kind: RecordKind<T, Values>,
  Form: RecordFormOf<T, Values>,
): { AddScreen: () => ReactElement; EditScreen: () => ReactElement } {
  return {
    AddScreen: function AddScreen() {
      return <Form controller={useRecordController(kind)} />;
    },
    EditScreen: function EditScreen() {
      const controller = useRecordController(kind);
      return <RecordLoaded controller={controller}>{() => <Form controller={controller} />}</RecordLoaded>;
    },
  };
}

/**
 * A record's details header: its name, Back to its list, Edit … and Delete … (with the kind's
 * confirmation, deleted through the controller).
 */
export function RecordDetailsHeader<T extends { _id: string }, Values>({
  controller,
  record,
  title,
}: {
  controller: RecordController<T, Values>;
  record: T;
  title: string;
}): ReactElement {
  const { kind } = controller;
  return (
    <DetailsHeader
      title={title}
      backTo={kind.listOf(record)}
      editTo={kind.edit?.(record._id) ?? kind.list}
      editLabel={kind.labels.edit}
      editState={kind.stateOf(record)}
      deleteLabel={kind.labels.delete}
      confirmMessage={kind.labels.confirmDelete}
      onDelete={controller.remove}
    />
  );
}

/**
 * A kind's details screen: the record's name, Back, Edit … and Delete … (with the kind's confirmation
 * and toast), its picture if any, the rows of its form, and its History where it keeps one.
 */
export function RecordDetailsScreen<T extends { _id: string }, Values, const Fields extends readonly FieldSpec[]>({
  kind,
  form,
  title,
  picture,
  history,
}: {
  kind: RecordKind<T, Values>;
  form: FormDefinition<Fields>;
  title: (record: T) => string;
  /** The picture beside the rows, if the record has one. */
  picture?: (record: T) => ReactNode;
  /** The API's name of its History, if it keeps one. */
  history?: HistoryName;
}): ReactElement {
  const controller = useRecordController(kind);
  return (
    <RecordLoaded controller={controller}>
      {(record) => (
        <>
          <RecordDetailsHeader controller={controller} record={record} title={title(record)} />
          <Panel>
            <DetailsBody>
              {picture?.(record)}
              <DetailsList>
                <DetailsRows form={form} record={record} />
              </DetailsList>
            </DetailsBody>
            {history && <RecordHistory of={history} resource={kind.resource} record={record} fields={form.fields} />}
          </Panel>
        </>
      )}
    </RecordLoaded>
  );
}
