import { useState } from 'react';
import { useParams } from 'react-router-dom';
import { useUploadProgress, type LoadState } from 'shared';
import type { RecordKind } from './kind';
import { useResource } from './resource';
import { useRemove, useSave } from './save';

/** Where a record screen stands: its record loading, failed, not there (404), or ready (always, to add). */
export type RecordStatus = 'loading' | 'failed' | 'missing' | 'ready';

/** A record screen's state and callbacks (`useRecordController`): no markup. */
export interface RecordController<T extends { _id: string }, Values> {
  kind: RecordKind<T, Values>;
  /** 'add' when there is no record to edit (no id in the address, none handed). */
  mode: 'add' | 'edit';
  id: string | undefined;
  /** The stored record, once loaded (or as handed). */
  record: T | undefined;
  status: RecordStatus;
  /** The load behind `status`, with its error and Retry. */
  load: LoadState<unknown>;
  /** The upload's percentage while a newly chosen file is sent. */
  progress: number | undefined;
  /** Changes after an add whose form empties and stays (`addsAgain`): a new key mounts a fresh form. */
  formKey: number;
  /** Where the form's Back goes: the record's details, or the list. */
  backTo: string;
  /** A form's submit: adds or edits, with the upload's progress, says the spec's toast, then goes back. */
  save: (values: Values, helpers?: unknown) => Promise<void>;
  /** Deletes the record after its confirmation, says the toast (with Undo), then goes to the list. */
  remove: () => Promise<void>;
}

export interface RecordControllerOptions<T> {
  /** A record at hand (a list's Edit modal): edited as it is, not loaded. */
  record?: T;
  /** The address's parameter that holds the id ('id' unless told). */
  param?: string;
  /** After a save, instead of going back: close a modal. */
  onSaved?: () => void;
}

const noLoad: LoadState<unknown> = { data: undefined, loading: false, error: null, reload: () => undefined };

/**
 * The headless controller of a record's add, edit or details screen, as react-admin's
 * `useEditController`: loads the record of the id in the address (by its single-record call, or from
 * its list where the API has none), and saves, deletes, notifies and goes back as its kind says.
 */
export function useRecordController<T extends { _id: string }, Values>(
  kind: RecordKind<T, Values>,
  options: RecordControllerOptions<T> = {},
): RecordController<T, Values> {
  const { record: given, onSaved } = options;
  const inAddress = useParams()[options.param ?? 'id'];
  const id = given?._id ?? inAddress;
  const { resource, calls } = kind;
  const byId = calls.get !== undefined;
  const loaded = useResource<unknown>(
    byId ? resource.detail(id ?? '') : resource.list(),
    (signal) => (byId ? calls.get!(id!, signal) : calls.list(signal)),
    { enabled: given === undefined && id !== undefined },
  );
  const load = given === undefined && id !== undefined ? loaded : noLoad;
  const found = byId ? (load.data as T | undefined) : (load.data as T[] | undefined)?.find((one) => one._id === id);
  const record = given ?? found;

  const upload = useUploadProgress();
  const [formKey, setFormKey] = useState(0);
  const again = id === undefined && kind.addsAgain && !onSaved;
  const save = useSave<Values>({
    write: (values, userId) => {
      const fields = values as Record<string, unknown>;
      const file = kind.fileFields.map((name) => fields[name]).find((value) => value instanceof File);
      return upload.run(file, (onProgress) =>
        id === undefined ? calls.create(userId, values, onProgress) : calls.update(userId, id, values, onProgress),
      );
    },
    toast: id === undefined ? kind.toasts.added : kind.toasts.updated,
    then: () => {
      onSaved?.();
      if (again) setFormKey((key) => key + 1);
    },
    back: onSaved || again ? undefined : kind.backFrom(id),
  });
  const remove = useRemove(record, (userId, recordId) => calls.remove(userId, recordId), kind.toasts.deleted, kind.list);

  let status: RecordStatus = 'ready';
  if (id !== undefined && record === undefined) {
    status = load.loading ? 'loading' : load.error && load.error.status !== 404 ? 'failed' : 'missing';
  }
  return {
    kind,
    mode: id === undefined ? 'add' : 'edit',
    id,
    record,
    status,
    load,
    progress: upload.progress,
    formKey,
    backTo: kind.backFrom(id),
    save,
    remove,
  };
}
