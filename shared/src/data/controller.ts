import { useState } from 'react';
import { useLocation, useParams } from 'react-router-dom';
import { useUploadProgress, type LoadState } from 'shared';
import { removeOf, type RecordCalls, type RecordKind } from './kind';
import { useResource, type Resource } from './resource';
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
  /** Where the form's Back goes: the record's details, or the list; and the state the screen there needs. */
  backTo: string;
  backState: unknown;
  /** A form's submit: adds or edits, with the upload's progress, says the spec's toast, then goes back. */
  save: (values: Values, helpers?: unknown) => Promise<void>;
  /** Deletes the record after its confirmation, says the toast (with Undo), then goes to the list. */
  remove: () => Promise<void>;
}

export interface RecordControllerOptions<T> {
  /** A record at hand (a list's Edit modal): edited as it is, not loaded. */
  record?: T;
  /** The address's parameter that holds the id ('id' unless told), or the key the kind's details use. */
  param?: string;
  /** After a save, instead of going back: close a modal. */
  onSaved?: () => void;
  /** After a delete, instead of going to the list: close a modal. */
  onRemoved?: () => void;
  /** After a save's toast, before going back: forget a draft. */
  then?: () => void;
}

/** A record screen's record: handed, or loaded by its id (or key) from its single-record call or its list. */
export interface LoadedRecord<T> {
  record: T | undefined;
  load: LoadState<unknown>;
  status: RecordStatus;
}

const noLoad: LoadState<unknown> = { data: undefined, loading: false, error: null, reload: () => undefined };

/**
 * The record of `id` (none: an add), unless `given`: by the single-record call where there is one,
 * else looked up in the list; a kind with neither has only the records handed to it.
 */
export function useLoadedRecord<T>(
  resource: Resource,
  calls: Pick<RecordCalls<T, never>, 'get' | 'list'>,
  id: string | undefined,
  given?: T,
): LoadedRecord<T> {
  const { get, list } = calls;
  const wanted = given === undefined && id !== undefined && (get !== undefined || list !== undefined);
  const loaded = useResource<unknown>(
    get ? resource.detail(id ?? '') : resource.list(),
    (signal) => (get ? get(id!, signal) : list!(signal)),
    { enabled: wanted },
  );
  const load = wanted ? loaded : noLoad;
  const found = get ? (load.data as T | undefined) : (load.data as T[] | undefined)?.find((one) => (one as { _id: string })._id === id);
  const record = given ?? found ?? undefined;
  let status: RecordStatus = 'ready';
  if (id !== undefined && record === undefined) {
    status = load.loading ? 'loading' : load.error && load.error.status !== 404 ? 'failed' : 'missing';
  }
  return { record, load, status };
}

/** The record a write answered with (`{ data }`), if it did. */
const recordIn = <T>(answer: unknown): T | undefined => {
  const data = (answer as { data?: unknown } | null | undefined)?.data;
  return data && typeof data === 'object' && '_id' in data ? (data as T) : undefined;
};

/**
 * The headless controller of a record's add, edit or details screen, as react-admin's
 * `useEditController`: loads the record of the id in the address (by its single-record call, or from
 * its list where the API has none, or from the navigation state that carries it), and saves, deletes,
 * notifies and goes back as its kind says.
 */
export function useRecordController<T extends { _id: string }, Values>(
  kind: RecordKind<T, Values>,
  options: RecordControllerOptions<T> = {},
): RecordController<T, Values> {
  const { onSaved, onRemoved } = options;
  const inAddress = useParams()[options.param ?? 'id'];
  const state = useLocation().state as Record<string, T | undefined> | null;
  const carried = kind.carried ? state?.[kind.carried] : undefined;
  const given = options.record ?? (carried && carried._id === inAddress ? carried : undefined);
  const { calls } = kind;
  const { record, load, status } = useLoadedRecord(kind.resource, calls, given?._id ?? inAddress, given);
  const id = record?._id ?? given?._id ?? inAddress;

  const upload = useUploadProgress();
  const [formKey, setFormKey] = useState(0);
  const again = id === undefined && kind.addsAgain && !onSaved;
  const save = useSave<Values>({
    write: (values, userId) => {
      const fields = values as Record<string, unknown>;
      const file = kind.fileFields.map((name) => fields[name]).find((value) => value instanceof File);
      const { create, update } = calls;
      if (id === undefined && !create) throw new Error(`${kind.noun}: none is added here.`);
      return upload.run(file, (onProgress) =>
        id === undefined ? create!(userId, values, onProgress) : update(userId, id, values, onProgress),
      );
    },
    toast: id === undefined ? kind.toasts.added : kind.toasts.updated,
    then: () => {
      options.then?.();
      onSaved?.();
      if (again) setFormKey((key) => key + 1);
    },
    back:
      onSaved || again
        ? undefined
        : (answer, values) => {
            const saved = recordIn<T>(answer) ?? (record ? { ...record, ...values } : undefined);
            return id === undefined ? { to: kind.listOf(saved) } : kind.backFrom(saved ?? record);
          },
  });
  const removeRecord = useRemove(
    record,
    (userId, recordId) => removeOf(kind)(userId, recordId),
    kind.toasts.deleted,
    onRemoved ? undefined : (removed: T) => kind.listOf(removed),
  );
  const remove = async () => {
    await removeRecord();
    onRemoved?.();
  };

  const back = kind.backFrom(record);
  return {
    kind,
    mode: id === undefined ? 'add' : 'edit',
    id,
    record,
    status,
    load,
    progress: upload.progress,
    formKey,
    backTo: back.to,
    backState: back.state,
    save,
    remove,
  };
}
