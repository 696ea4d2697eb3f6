import type { FieldSpec, FormDefinition, FormValuesOf } from 'shared';
import type { Writes } from './calls';
import type { Resource } from './resource';

/**
 * The calls a kind of record is read and written with: those `resourceWithCalls` gives. A kind the API
 * has no single-record call for is looked up in its list.
 */
export type RecordCalls<T, Values> = Writes<Values> & {
  list: (signal?: AbortSignal) => Promise<T[]>;
  get?: (id: string, signal?: AbortSignal) => Promise<T>;
};

/** What a kind of record is declared with (`recordKind`). */
export interface RecordKindSpec<T extends { _id: string }, Fields extends readonly FieldSpec[]> {
  /** The record as the spec's toasts name it: 'Book' ('Book added successfully'), 'Bank account'. */
  noun: string;
  /** Its query keys. */
  resource: Resource;
  /** Its form: what a save sends, and the file field whose upload shows its progress. */
  form: FormDefinition<Fields>;
  /** Its calls (looked up at each call, so that a test may spy on them). */
  calls: RecordCalls<T, FormValuesOf<Fields>>;
  /** Its list's address: where Back goes from the add form and from a missing record, and after a delete. */
  list: string;
  /** Its details screen, if it has one: where an edit returns and Back goes from the edit form. */
  details?: (id: string) => string;
  /** Its edit screen, if it has one of its own. */
  edit?: (id: string) => string;
  /** Spec §4: the add form empties and stays after a successful save, instead of going back. */
  addsAgain?: boolean;
  /** For a kind with screens of its own record: the spec's text where it is not there (404), and the way back's button. */
  missing?: { notFound: string; backLabel: string };
  /** How a delete's confirmation names it, where not 'this <noun>'. */
  deleteWhat?: string;
}

/** A kind of record, declared once: what its screens, toasts and back links are derived from. */
export interface RecordKind<T extends { _id: string }, Values> {
  noun: string;
  resource: Resource;
  calls: RecordCalls<T, Values>;
  /** The names of the form's file fields: their upload shows its progress. */
  fileFields: readonly string[];
  list: string;
  details?: (id: string) => string;
  edit?: (id: string) => string;
  addsAgain: boolean;
  /** The spec's toasts, to the letter. */
  toasts: { added: string; updated: string; deleted: string };
  /** A failed load's subject ('This book could not be loaded.'), and the spec's not-found text if any. */
  missing: { what: string; notFound?: string; backLabel?: string };
  /** The details screen's buttons and its delete's confirmation. */
  labels: { edit: string; delete: string; confirmDelete: string };
  /** Where Back goes from the form of `id` (none: the add form). */
  backFrom: (id?: string) => string;
}

/**
 * Declares a kind of record of the back-office (books, groups …): its toasts ('Book added
 * successfully', '… updated …', '… deleted …'), its back links and its labels follow from its noun and
 * its addresses, so that no screen writes them again.
 */
export function recordKind<T extends { _id: string }, const Fields extends readonly FieldSpec[]>(
  spec: RecordKindSpec<T, Fields>,
): RecordKind<T, FormValuesOf<Fields>> {
  const { noun, list, details } = spec;
  const lower = noun.toLowerCase();
  return {
    noun,
    resource: spec.resource,
    calls: spec.calls,
    fileFields: spec.form.fields.filter((field) => field.kind === 'image' || field.kind === 'file').map((field) => field.name),
    list,
    details,
    edit: spec.edit,
    addsAgain: spec.addsAgain ?? false,
    toasts: {
      added: `${noun} added successfully`,
      updated: `${noun} updated successfully`,
      deleted: `${noun} deleted successfully`,
    },
    missing: { what: `This ${lower}`, ...spec.missing },
    labels: {
      edit: `Edit ${noun}`,
      delete: `Delete ${noun}`,
      confirmDelete: `Are you sure you want to delete ${spec.deleteWhat ?? `this ${lower}`}?`,
    },
    backFrom: (id) => (id !== undefined && details ? details(id) : list),
  };
}
