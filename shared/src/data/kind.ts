import type { FieldSpec, FormDefinition, FormValuesOf } from 'shared';
import type { Writes } from './calls';
import type { Resource } from './resource';

/**
 * The calls a kind of record is read and written with: those `resourceWithCalls` gives. A kind the API
 * has no single-record call for is looked up in its list; one with neither is only handed to its
 * screens (in navigation state, or by the screen that loaded it).
 */
export type RecordCalls<T, Values> = Pick<Writes<Values>, 'update'> &
  // A record sent from the mobile app is not added here; About Us is not deleted.
  Partial<Pick<Writes<Values>, 'create' | 'remove'>> & {
  list?: (signal?: AbortSignal) => Promise<T[]>;
  get?: (id: string, signal?: AbortSignal) => Promise<T>;
};

/** The writes of a kind whose calls take what the server is sent: each form's values `sent` first. */
export function sendingCalls<Values, Body>(
  sent: (values: Values) => Body,
  calls: {
    create?: (userId: string, body: Body) => Promise<unknown>;
    update: (userId: string, id: string, body: Body) => Promise<unknown>;
    remove?: (userId: string, id: string) => Promise<unknown>;
  },
): RecordCalls<never, Values> {
  const { create, update, remove } = calls;
  return {
    ...(create && { create: (userId: string, values: Values) => create(userId, sent(values)) }),
    update: (userId, id, values) => update(userId, id, sent(values)),
    ...(remove && { remove: (userId: string, id: string) => remove(userId, id) }),
  };
}

/** The delete call of a kind (one whose records are deleted here). */
export const removeOf =
  (kind: { noun: string; calls: { remove?: (userId: string, id: string) => Promise<unknown> } }) =>
  (userId: string, id: string) => {
    if (!kind.calls.remove) throw new Error(`${kind.noun}: none is deleted here.`);
    return kind.calls.remove(userId, id);
  };

/** What a kind of record is declared with, but its form (`recordKind`, `recordKindOf`). */
export interface RecordKindBase<T extends { _id: string }, Values> {
  /** The record as the spec's toasts name it: 'Book' ('Book added successfully'), 'Bank account'. */
  noun: string;
  /** Its query keys. */
  resource: Resource;
  /** Its calls (looked up at each call, so that a test may spy on them). */
  calls: RecordCalls<T, Values>;
  /** Its list's address: where Back goes from the add form and from a missing record, and after a delete. */
  list: string;
  /** The list's address where a record shows, where that depends on the record (a week of the plan). */
  listOf?: (record: T) => string;
  /** Its details screen, if it has one: where an edit returns and Back goes from the edit form. */
  details?: (key: string) => string;
  /** What its details' address names it by, where not its `_id` (a reflection's date). */
  key?: (record: T) => string;
  /** Its edit screen, if it has one of its own. */
  edit?: (id: string) => string;
  /**
   * The navigation state's field that carries the record to its details and edit screens, for a kind
   * the API has no single-record call for (spec §2: a reading is "passed in … through navigation state").
   */
  carried?: string;
  /** Spec §4: the add form empties and stays after a successful save, instead of going back. */
  addsAgain?: boolean;
  /** For a kind with screens of its own record: the spec's text where it is not there (404), and the way back's button. */
  missing?: { notFound: string; backLabel: string };
  /** How a delete's confirmation names it, where not 'this <noun>'; and a sentence after the question. */
  deleteWhat?: string;
  deleteNote?: string;
  /** The details screen's buttons, where the spec names them otherwise than 'Edit <noun>', 'Delete <noun>'. */
  buttons?: { edit: string; delete: string };
}

/** What a kind of record with a form definition is declared with (`recordKind`). */
export interface RecordKindSpec<T extends { _id: string }, Fields extends readonly FieldSpec[]>
  extends RecordKindBase<T, FormValuesOf<Fields>> {
  /** Its form: what a save sends, and the file field whose upload shows its progress. */
  form: FormDefinition<Fields>;
}

/** Where a screen goes: an address, and the navigation state the screen there needs. */
export interface Destination {
  to: string;
  state?: unknown;
}

/** A kind of record, declared once: what its screens, toasts and back links are derived from. */
export interface RecordKind<T extends { _id: string }, Values> {
  noun: string;
  resource: Resource;
  calls: RecordCalls<T, Values>;
  /** The names of the form's file fields: their upload shows its progress. */
  fileFields: readonly string[];
  list: string;
  /** The list where `record` shows (its week's page), else the list. */
  listOf: (record?: T) => string;
  details?: (key: string) => string;
  edit?: (id: string) => string;
  carried?: string;
  addsAgain: boolean;
  /** The spec's toasts, to the letter. */
  toasts: { added: string; updated: string; deleted: string };
  /** A failed load's subject ('This book could not be loaded.'), and the spec's not-found text if any. */
  missing: { what: string; notFound?: string; backLabel?: string };
  /** The details screen's buttons and its delete's confirmation. */
  labels: { edit: string; delete: string; confirmDelete: string };
  /** The navigation state that carries `record` to its screens (none unless the kind is `carried`). */
  stateOf: (record: T) => unknown;
  /** Where Back goes from the form of `record`, and an edit of it returns (none: the add form, to the list). */
  backFrom: (record?: T) => Destination;
}

/**
 * Declares a kind of record of the back-office (books, groups …): its toasts ('Book added
 * successfully', '… updated …', '… deleted …'), its back links and its labels follow from its noun and
 * its addresses, so that no screen writes them again.
 */
export function recordKind<T extends { _id: string }, const Fields extends readonly FieldSpec[]>(
  spec: RecordKindSpec<T, Fields>,
): RecordKind<T, FormValuesOf<Fields>> {
  const files = spec.form.fields.filter((field) => field.kind === 'image' || field.kind === 'file');
  return kindOf(spec, files.map((field) => field.name));
}

/** A kind of record whose form is written out on its screen (no form definition, no file to upload). */
export function recordKindOf<T extends { _id: string }, Values>(spec: RecordKindBase<T, Values>): RecordKind<T, Values> {
  return kindOf(spec, []);
}

function kindOf<T extends { _id: string }, Values>(
  spec: RecordKindBase<T, Values>,
  fileFields: readonly string[],
): RecordKind<T, Values> {
  const { noun, list, details, carried } = spec;
  const lower = noun.toLowerCase();
  const listOf = (record?: T) => (record && spec.listOf ? spec.listOf(record) : list);
  const stateOf = (record: T) => (carried ? { [carried]: record } : undefined);
  const key = spec.key ?? ((record: T) => record._id);
  const note = spec.deleteNote ? ` ${spec.deleteNote}` : '';
  return {
    noun,
    resource: spec.resource,
    calls: spec.calls,
    fileFields,
    list,
    listOf,
    details,
    edit: spec.edit,
    carried,
    addsAgain: spec.addsAgain ?? false,
    toasts: {
      added: `${noun} added successfully`,
      updated: `${noun} updated successfully`,
      deleted: `${noun} deleted successfully`,
    },
    missing: { what: `This ${lower}`, ...spec.missing },
    labels: {
      edit: spec.buttons?.edit ?? `Edit ${noun}`,
      delete: spec.buttons?.delete ?? `Delete ${noun}`,
      confirmDelete: `Are you sure you want to delete ${spec.deleteWhat ?? `this ${lower}`}?${note}`,
    },
    stateOf,
    backFrom: (record) =>
      record && details ? { to: details(key(record)), state: stateOf(record) } : { to: listOf(record) },
  };
}
