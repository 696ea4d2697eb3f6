import { DefinedForm, type FieldSpec, type FormDefinition, type FormValuesOf } from 'shared';
import { useSave } from 'shared/data';

/** The calls a list's form saves with: add a record, or edit the stored one by its id. */
interface Saves<Values> {
  create: (userId: string, values: Values) => Promise<unknown>;
  update: (userId: string, id: string, values: Values) => Promise<unknown>;
}

interface ListFormOf<Fields extends readonly FieldSpec[]> {
  form: FormDefinition<Fields>;
  calls: Saves<FormValuesOf<Fields>>;
  /** The record as the spec's toasts name it ('Prayer': 'Prayer added successfully'). */
  noun: string;
  /** The list's address, where the add page returns. */
  list: string;
  /** The add page's submit button (the modal's is Save). */
  addLabel: string;
}

/**
 * The form of a record added on a page of its own and edited in its list's modal (bank accounts,
 * Section A prayers): one form, two modes. On the page, Back and a save go to the list; in the modal
 * (`onClose`), Cancel and a save close it.
 */
export function listForm<const Fields extends readonly FieldSpec[]>(of: ListFormOf<Fields>) {
  const { form, calls, noun, list, addLabel } = of;
  return function ListForm({ record, onClose }: { record?: { _id: string }; onClose?: () => void }) {
    const save = useSave<FormValuesOf<Fields>>({
      write: (values, userId) => (record ? calls.update(userId, record._id, values) : calls.create(userId, values)),
      toast: record ? `${noun} updated successfully` : `${noun} added successfully`,
      then: onClose,
      back: onClose ? undefined : list,
    });
    return (
      <DefinedForm
        {...(onClose ? { onCancel: onClose } : { backTo: list, oneColumn: true })}
        form={form}
        record={record}
        onSubmit={save}
        label={record ? 'Save' : addLabel}
      />
    );
  };
}
