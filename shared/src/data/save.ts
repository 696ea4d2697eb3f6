import { useNavigate, type To } from 'react-router-dom';
import { notify, notifyDeleted, restoreFromTrash, useUserId } from 'shared';
import { queryClient } from './queryClient';
import { deletingRecord } from './resource';
import { removeOf } from './kind';

/** A save of a form: the call, the spec's toast once it succeeded, then what follows. */
export interface SaveSteps<Values, Helpers, Answer> {
  /** The call, made as the signed-in account. */
  write: (values: Values, userId: string) => Promise<Answer>;
  /** The spec's success toast, to the letter. */
  toast: string;
  /** After the toast, before leaving: close a modal, reset an add form, forget a draft. */
  then?: (answer: Answer, values: Values, helpers: Helpers) => void;
  /** Where the screen returns to, with the navigation state the target needs, if any. */
  back?: To | ((answer: Answer, values: Values) => { to: To; state?: unknown });
}

/**
 * A form's submit (Formik's `onSubmit`): writes, says the spec's toast, then returns. A failure
 * changes nothing on screen: the client showed the server's message and everything typed stays.
 */
export function useSave<Values, Helpers = unknown, Answer = unknown>(
  steps: SaveSteps<Values, Helpers, Answer>,
): (values: Values, helpers: Helpers) => Promise<void> {
  const userId = useUserId();
  const navigate = useNavigate();
  return async (values, helpers) => {
    let answer: Answer;
    try {
      answer = await steps.write(values, userId);
    } catch {
      return;
    }
    notify.success(steps.toast);
    steps.then?.(answer, values, helpers);
    if (steps.back === undefined) return;
    const back = typeof steps.back === 'function' ? steps.back(answer, values) : { to: steps.back };
    void navigate(back.to, { state: back.state });
  };
}

/**
 * A delete of the record on screen (`remove(userId, id)`): the call, the spec's toast (with Undo while
 * the record is in the trash), then back to `back` (none: the screen stays, a modal closes itself); the
 * deleted record is not asked for again. A failure rejects, so that the confirmation stays open (the
 * client showed the server's message).
 */
export function useRemove<T extends { _id: string }>(
  record: T | undefined,
  remove: (userId: string, id: string) => Promise<unknown>,
  toast: string,
  back?: To | ((record: T) => To),
): () => Promise<void> {
  const userId = useUserId();
  const navigate = useNavigate();
  const restore = useRestore();
  return async () => {
    if (record === undefined) return;
    const answer = await deletingRecord(record._id, () => remove(userId, record._id));
    notifyDeleted(toast, answer, restore);
    if (back !== undefined) void navigate(typeof back === 'function' ? back(record) : back);
  };
}

/** What a row's delete needs of its kind of record: its delete call and its toast. */
type RemovableKind = Parameters<typeof removeOf>[0] & { toasts: { deleted: string } };

/**
 * The delete of a list's row (`deleteColumn`) of a kind of record (or `remove(userId, id)` and its
 * toast): the call, then the spec's toast with its Undo; the list loads again. A failure rejects, so
 * that the confirmation stays open.
 */
export function useRemoveRow<Row extends { _id: string }>(kind: RemovableKind): (row: Row) => Promise<void>;
export function useRemoveRow<Row extends { _id: string }>(
  remove: (userId: string, id: string) => Promise<unknown>,
  toast: string,
): (row: Row) => Promise<void>;
export function useRemoveRow<Row extends { _id: string }>(
  of: RemovableKind | ((userId: string, id: string) => Promise<unknown>),
  message?: string,
): (row: Row) => Promise<void> {
  const remove = typeof of === 'function' ? of : removeOf(of);
  const toast = typeof of === 'function' ? message! : of.toasts.deleted;
  const userId = useUserId();
  const restore = useRestore();
  return async (row) => {
    notifyDeleted(toast, await remove(userId, row._id), restore);
  };
}

/**
 * A list's Delete All (`removeAll(userId)`): the call, then the spec's toast with its Undo; the list
 * loads again. A failure rejects, so that the confirmation stays open.
 */
export function useRemoveAll(removeAll: (userId: string) => Promise<unknown>, toast: string): () => Promise<void> {
  const userId = useUserId();
  const restore = useRestore();
  return async () => {
    notifyDeleted(toast, await removeAll(userId), restore);
  };
}

/**
 * Puts a trash entry back (a delete's Undo, Settings → Trash): its records may be of any kind and show
 * on any screen, so every list and record on screen loads again, and none cached from before is shown.
 */
export function useRestore(): (entry: string) => Promise<void> {
  return async (entry) => {
    await restoreFromTrash(entry);
    queryClient.removeQueries({ type: 'inactive' });
    await queryClient.invalidateQueries();
  };
}
